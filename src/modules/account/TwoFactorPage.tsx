import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { RecoveryCodesStatus, TwoFactorMethod } from '../../contracts/identity';
import {
  canChangeTwoFactor,
  confirmAccountTwoFactor,
  loadRecoveryCodesStatus,
  regenerateRecoveryCodes,
  setTwoFactorEnabled,
  startAccountTotp,
  unbindTwoFactor,
  verifyCode,
} from '../../core/account';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { sessionAtom } from '../../core/session';
import { Alert } from '../../core/ui/Alert';
import { Button } from '../../core/ui/Button';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { CodeForm } from '../auth/CodeForm';
import { TotpSetupStep } from '../auth/TotpSetupStep';
import { AccountLayout } from './AccountLayout';
import { twoFactorStatus } from './AccountOverviewPage';
import * as styles from './account.css';
import { saveFile } from '../../core/saveFile';

type Settings = { isMandatory: boolean; isEnabledByUser: boolean; allowedMethods: TwoFactorMethod[]; boundMethods: TwoFactorMethod[] };
/** What needs a fresh verification first (while two-factor is active). */
type Pending = 'setup' | 'regenerate' | 'turnOff' | 'unbind';
type View = { kind: 'idle' } | { kind: 'verify'; then: Pending } | { kind: 'setup' } | { kind: 'codes'; codes: string[]; replaced: boolean };

const isActive = (settings: Settings) => settings.isMandatory || settings.isEnabledByUser;
const hasUsableMethod = (settings: Settings) => settings.boundMethods.some((method) => settings.allowedMethods.includes(method));

/**
 * /minha-conta/verificacao-em-duas-etapas: switching two-step on means setting a method up right
 * here (authenticator app with its QR code and key, or the e-mail) and receiving one-time
 * recovery codes, shown once. While two-step is active, every change asks for a fresh code first.
 */
export default function TwoFactorPage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const settings = loggedUser?.twoFactorsSettings as Settings | undefined;
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [status, setStatus] = useState<RecoveryCodesStatus | null>(null);
  const active = settings ? isActive(settings) : false;

  const refreshStatus = () => void loadRecoveryCodesStatus().then(setStatus, () => setStatus(null));
  useEffect(refreshStatus, [loggedUser?.id]);

  const regenerate = useAction(async () => {
    const codes = await regenerateRecoveryCodes();
    setView({ kind: 'codes', codes, replaced: true });
    refreshStatus();
  });
  const turnOff = useAction(async () => {
    await setTwoFactorEnabled(false);
    notify({ type: 'success', message: t('account.twoFactor.turnedOff') });
    setView({ kind: 'idle' });
  });
  const unbind = useAction(async () => {
    await unbindTwoFactor();
    notify({ type: 'success', message: t('account.twoFactor.unbound') });
    setView({ kind: 'idle' });
    refreshStatus();
  });

  const perform = (what: Pending) => {
    if (what === 'setup') setView({ kind: 'setup' });
    else if (what === 'regenerate') void regenerate.run();
    else if (what === 'turnOff') void turnOff.run();
    else void unbind.run();
  };
  /** Runs `what` now, or after a fresh verification when two-factor is active and none is valid. */
  const start = (what: Pending) => (canChangeTwoFactor() ? perform(what) : setView({ kind: 'verify', then: what }));

  const failure = regenerate.error ?? turnOff.error ?? unbind.error;

  return (
    <AccountLayout title={t('account.twoFactor.title')}>
      {settings && (
        <>
          <dl className={styles.facts}>
            <dt className={styles.term}>{t('account.fields.twoFactor')}</dt>
            <dd data-testid="two-factor-status">{twoFactorStatus(settings)}</dd>
            <dt className={styles.term}>{t('account.twoFactor.allowed')}</dt>
            <dd>{settings.allowedMethods.map((m) => t(`auth.method.${m}`)).join(', ') || '—'}</dd>
            <dt className={styles.term}>{t('account.twoFactor.bound')}</dt>
            <dd data-testid="two-factor-bound">{settings.boundMethods.map((m) => t(`auth.method.${m}`)).join(', ') || t('account.twoFactor.noneBound')}</dd>
            {active && (
              <>
                <dt className={styles.term}>{t('account.twoFactor.recoveryCodes')}</dt>
                <dd data-testid="recovery-codes-status">
                  {status && status.total > 0 ? t('account.twoFactor.recoveryRemaining', { remaining: status.remaining, total: status.total }) : t('account.twoFactor.recoveryNone')}
                </dd>
              </>
            )}
          </dl>

          {failure && view.kind === 'idle' && <Alert>{failure.message}</Alert>}

          {view.kind === 'idle' && (
            <>
              {active && !hasUsableMethod(settings) && <Alert tone="info">{t('account.twoFactor.setupRequired')}</Alert>}
              <div className={css.row}>
                {!active && <Button onClick={() => start('setup')}>{t('account.twoFactor.turnOn')}</Button>}
                {active && !hasUsableMethod(settings) && <Button onClick={() => start('setup')}>{t('account.twoFactor.setUp')}</Button>}
                {active && hasUsableMethod(settings) && (
                  <>
                    {settings.allowedMethods.includes('TOTP') && (
                      <Button variant="secondary" onClick={() => start('setup')}>{settings.boundMethods.includes('TOTP') ? t('account.twoFactor.newApp') : t('account.twoFactor.addMethod')}</Button>
                    )}
                    <Button variant="secondary" busy={regenerate.busy} onClick={() => start('regenerate')}>{t('account.twoFactor.regenerate')}</Button>
                  </>
                )}
                {active && !settings.isMandatory && (
                  <Button variant="secondary" busy={turnOff.busy} onClick={() => start('turnOff')}>{t('account.twoFactor.turnOff')}</Button>
                )}
                {settings.boundMethods.length > 0 && (
                  <Button variant="danger" busy={unbind.busy} onClick={() => start('unbind')}>{t('account.twoFactor.unbind')}</Button>
                )}
              </div>
              <p className={css.hint}>{settings.isMandatory ? t('account.twoFactor.mandatoryHelp') : t('account.twoFactor.optionalHelp')}</p>
            </>
          )}

          {view.kind === 'verify' && (
            <Panel title={t('account.twoFactor.verify.title')} onCancel={() => setView({ kind: 'idle' })}>
              <p>{t('account.twoFactor.verify.intro')}</p>
              <CodeForm
                methods={verifyMethods(settings)}
                scope="usersMe"
                allowRecovery
                onSubmit={async (method, code) => {
                  await verifyCode({ method, code, endpoint: 'usersMe' });
                  perform(view.then);
                }}
              />
            </Panel>
          )}

          {view.kind === 'setup' && (
            <SetupPanel
              settings={settings}
              onCancel={() => setView({ kind: 'idle' })}
              onDone={(codes) => {
                notify({ type: 'success', message: t('account.twoFactor.turnedOn') });
                setView({ kind: 'codes', codes, replaced: false });
                refreshStatus();
              }}
            />
          )}

          {view.kind === 'codes' && (
            <RecoveryCodesPanel codes={view.codes} replaced={view.replaced} email={loggedUser!.email} onDone={() => setView({ kind: 'idle' })} />
          )}
        </>
      )}
    </AccountLayout>
  );
}

/** Methods to confirm the identity with: the bound ones (else the allowed ones, e.g. the e-mail). */
function verifyMethods(settings: Settings): TwoFactorMethod[] {
  const bound = settings.allowedMethods.filter((method) => settings.boundMethods.includes(method));
  return bound.length ? bound : settings.allowedMethods;
}

/** A titled step of the page; its heading takes the focus when it opens (keyboard and screen readers follow). */
function Panel({ title, children, onCancel }: { title: string; children: React.ReactNode; onCancel?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.panel} aria-labelledby="two-factor-panel-title">
      <div className={css.stack}>
        <h2 id="two-factor-panel-title" ref={heading} tabIndex={-1} className={styles.panelTitle}>{title}</h2>
        {children}
        {onCancel && (
          <div className={css.row}>
            <Button variant="secondary" onClick={onCancel}>{t('account.twoFactor.setup.cancel')}</Button>
          </div>
        )}
      </div>
    </section>
  );
}

function SetupPanel({ settings, onDone, onCancel }: { settings: Settings; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const methods = (['TOTP', 'Email'] as const).filter((method) => settings.allowedMethods.includes(method));
  const [method, setMethod] = useState<TwoFactorMethod>(methods[0] ?? 'TOTP');
  return (
    <Panel title={t('account.twoFactor.setup.title')} onCancel={onCancel}>
      {methods.length > 1 && (
        <fieldset className={css.row} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={css.label}>{t('account.twoFactor.setup.method')}</legend>
          {methods.map((option) => (
            <label key={option} className={css.checkbox}>
              <input type="radio" name="setup-method" value={option} checked={method === option} onChange={() => setMethod(option)} />
              <span>{t(`auth.method.${option}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {method === 'TOTP' ? (
        <TotpSetup onDone={onDone} />
      ) : (
        <CodeForm
          methods={['Email']}
          scope="usersMe"
          autoFocus={false}
          submitLabel={t('account.twoFactor.setup.confirm')}
          onSubmit={async (_method, code) => onDone(await confirmAccountTwoFactor({ method: 'Email', code }))}
        />
      )}
    </Panel>
  );
}

function TotpSetup({ onDone }: { onDone: (codes: string[]) => void }) {
  return (
    <TotpSetupStep
      start={startAccountTotp}
      scope="usersMe"
      autoFocus={false}
      submitLabel={t('account.twoFactor.setup.confirm')}
      confirm={async (totpKey, code) => onDone(await confirmAccountTwoFactor({ method: 'TOTP', code, totpKey }))}
    />
  );
}

function RecoveryCodesPanel({ codes, replaced, email, onDone }: { codes: string[]; replaced: boolean; email: string; onDone: () => void }) {
  const text = [t('account.twoFactor.codes.fileHeader', { email }), '', ...codes].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ type: 'success', message: t('account.twoFactor.codes.copied') });
    } catch {
      notify({ type: 'error', message: t('account.twoFactor.codes.copyFailed') });
    }
  };
  const download = () => {
    saveFile(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }), t('account.twoFactor.codes.fileName'));
  };
  return (
    <Panel title={t('account.twoFactor.codes.title')}>
      <Alert tone="info">
        <p className={styles.flush}>{t('account.twoFactor.codes.warning')}</p>
        {replaced && <p className={styles.flush}>{t('account.twoFactor.codes.replaced')}</p>}
      </Alert>
      <ol className={styles.codes} aria-label={t('account.twoFactor.codes.list')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className={styles.code}>{code}</li>
        ))}
      </ol>
      <div className={css.row}>
        <Button variant="secondary" onClick={() => void copy()}>{t('account.twoFactor.codes.copy')}</Button>
        <Button variant="secondary" onClick={download}>{t('account.twoFactor.codes.download')}</Button>
        <Button onClick={onDone}>{t('account.twoFactor.codes.done')}</Button>
      </div>
    </Panel>
  );
}

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { TwoFactorMethod } from '../../contracts/identity';
import { getTotpSetup, setupTotp, takeIssuedRecoveryCodes, verifyCode } from '../../core/account';
import { t } from '../../core/i18n';
import { safeRedirect, useQuery } from '../../core/navigation';
import { sessionAtom } from '../../core/session';
import * as css from '../../core/ui/ui.css';
import { AuthCard } from './AuthCard';
import { CodeForm } from './CodeForm';
import { RecoveryCodesStep } from './RecoveryCodesStep';
import { TotpSetupStep } from './TotpSetupStep';
import { useAfterSignIn } from './useAfterSignIn';

/** /auth/configurar-verificacao-em-duas-etapas: bind an authenticator app (QR code) or the e-mail. */
export default function SetupPage() {
  const query = useQuery();
  const finish = useAfterSignIn();
  const redirectTo = safeRedirect(query.get('redirectTo'));
  const session = useAtomValue(sessionAtom);
  const methods = ([session.twoFactorIsTotpAllowedMethod && 'TOTP', session.twoFactorIsEmailAllowedMethod && 'Email'].filter(Boolean) as TwoFactorMethod[]);
  const [method, setMethod] = useState<TwoFactorMethod>(methods[0] ?? 'TOTP');
  /** The recovery codes the setup issued: shown once before going on. */
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = async () => {
    const issued = takeIssuedRecoveryCodes();
    if (issued) setCodes(issued);
    else await finish(redirectTo, false);
  };
  if (codes) {
    return (
      <AuthCard title={t('auth.setup.title')}>
        <RecoveryCodesStep codes={codes} onDone={() => void finish(redirectTo, false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.setup.title')}>
      <p>{t('auth.setup.intro')}</p>
      {methods.length > 1 && (
        <div role="tablist" aria-label={t('auth.code.method')} className={css.row}>
          {methods.map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={method === option}
              className={method === option ? css.button.primary : css.button.secondary}
              onClick={() => setMethod(option)}
            >
              {t(`auth.method.${option}`)}
            </button>
          ))}
        </div>
      )}
      {method === 'TOTP' ? (
        <TotpSetup onDone={done} />
      ) : (
        <CodeForm
          methods={['Email']}
          scope="auth"
          submitLabel={t('auth.setup.confirm')}
          onSubmit={async (_method, code) => {
            await verifyCode({ method: 'Email', code, endpoint: 'auth' });
            await done();
          }}
        />
      )}
    </AuthCard>
  );
}

function TotpSetup({ onDone }: { onDone: () => unknown }) {
  return (
    <TotpSetupStep
      start={getTotpSetup}
      scope="auth"
      submitLabel={t('auth.setup.confirm')}
      confirm={async (totpKey, code) => {
        await setupTotp(totpKey, code);
        await onDone();
      }}
    />
  );
}

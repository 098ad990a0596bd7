import { useAtomValue } from 'jotai';
import { setTwoFactorEnabled, unbindTwoFactor } from '../../core/auth';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { sessionAtom } from '../../core/session';
import { Button } from '../../core/ui/Button';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { AccountLayout } from './AccountLayout';
import { twoFactorStatus } from './AccountOverviewPage';
import * as styles from './account.css';

/** /minha-conta/verificacao-em-duas-etapas: switch two-step on/off and unbind the bound method. */
export default function TwoFactorPage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const settings = loggedUser?.twoFactorsSettings;
  const toggle = useAction(async (enabled: boolean) => {
    await setTwoFactorEnabled(enabled);
    notify({ type: 'success', message: enabled ? t('account.twoFactor.turnedOn') : t('account.twoFactor.turnedOff') });
  });
  const unbind = useAction(async () => {
    await unbindTwoFactor();
    notify({ type: 'success', message: t('account.twoFactor.unbound') });
  });
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
            <dd>{settings.boundMethods.map((m) => t(`auth.method.${m}`)).join(', ') || t('account.twoFactor.noneBound')}</dd>
          </dl>
          <div className={css.row}>
            {!settings.isMandatory &&
              (settings.isEnabledByUser ? (
                <Button variant="secondary" busy={toggle.busy} onClick={() => void toggle.run(false)}>{t('account.twoFactor.turnOff')}</Button>
              ) : (
                <Button busy={toggle.busy} onClick={() => void toggle.run(true)}>{t('account.twoFactor.turnOn')}</Button>
              ))}
            {settings.boundMethods.length > 0 && (
              <Button variant="danger" busy={unbind.busy} onClick={() => void unbind.run()}>{t('account.twoFactor.unbind')}</Button>
            )}
          </div>
          <p className={css.hint}>{settings.isMandatory ? t('account.twoFactor.mandatoryHelp') : t('account.twoFactor.optionalHelp')}</p>
        </>
      )}
    </AccountLayout>
  );
}

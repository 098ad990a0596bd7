import { useAtomValue } from 'jotai';
import { t } from '../../core/i18n';
import { sessionAtom } from '../../core/session';
import { AccountLayout } from './AccountLayout';
import * as styles from './account.css';

export default function AccountOverviewPage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const settings = loggedUser?.twoFactorsSettings;
  return (
    <AccountLayout title={t('account.overview.title')}>
      {loggedUser && settings && (
        <dl className={styles.facts}>
          <dt className={styles.term}>{t('account.fields.name')}</dt>
          <dd>{loggedUser.name}</dd>
          <dt className={styles.term}>{t('account.fields.email')}</dt>
          <dd>{loggedUser.email}</dd>
          <dt className={styles.term}>{t('account.fields.organization')}</dt>
          <dd>{loggedUser.organization.name}</dd>
          <dt className={styles.term}>{t('account.fields.accessLevel')}</dt>
          <dd>{t(`account.accessLevel.${loggedUser.accessLevel}`)}</dd>
          <dt className={styles.term}>{t('account.fields.twoFactor')}</dt>
          <dd>{twoFactorStatus(settings)}</dd>
        </dl>
      )}
    </AccountLayout>
  );
}

export function twoFactorStatus(settings: { isMandatory: boolean; isEnabledByUser: boolean }): string {
  if (settings.isMandatory) return t('account.twoFactor.mandatory');
  return settings.isEnabledByUser ? t('account.twoFactor.enabled') : t('account.twoFactor.disabled');
}

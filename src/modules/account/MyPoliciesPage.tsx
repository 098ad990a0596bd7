import { useAtomValue } from 'jotai';
import { t } from '../../core/i18n';
import { sessionAtom } from '../../core/session';
import { UserPermissions } from '../permissions/UserPermissions';
import { AccountLayout } from './AccountLayout';

/** /minha-conta/politicas: the signed-in user's effective permissions, each with where it comes from. */
export default function MyPoliciesPage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  return (
    <AccountLayout title={t('account.policies.title')}>
      <p>{t('account.policies.caption')}</p>
      {loggedUser && <UserPermissions userId={loggedUser.id} intro={false} />}
    </AccountLayout>
  );
}

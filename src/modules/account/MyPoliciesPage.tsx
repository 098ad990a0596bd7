import { useAtomValue } from 'jotai';
import { appConfigAtom } from '../../core/config';
import { t } from '../../core/i18n';
import { sessionAtom } from '../../core/session';
import { AccountLayout } from './AccountLayout';
import * as styles from './account.css';

/** /minha-conta/politicas: the effective permissions the server answered, merged per name. */
export default function MyPoliciesPage() {
  const { policyEffectivePermissions, loggedUser } = useAtomValue(sessionAtom);
  const config = useAtomValue(appConfigAtom);
  const titles = new Map((config?.composables.useModuleNavigation.modules ?? []).map((module) => [module.resource, module.title ?? module.name]));
  const merged = new Map<string, { kind: 'resource' | 'acl'; scopes: Set<string> }>();
  for (const entry of policyEffectivePermissions ?? []) {
    for (const [kind, list] of [['resource', entry.resources], ['acl', entry.acls]] as const) {
      for (const { name, scopes } of list) {
        const key = `${kind}:${name}`;
        const row = merged.get(key) ?? { kind, scopes: new Set<string>() };
        scopes.forEach((scope) => row.scopes.add(scope));
        merged.set(key, row);
      }
    }
  }
  const rows = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b));
  return (
    <AccountLayout title={t('account.policies.title')}>
      {loggedUser?.accessLevel === 'SystemOwner' && <p>{t('account.policies.systemOwner')}</p>}
      {rows.length === 0 ? (
        <p>{t('account.policies.none')}</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.term}>{t('account.policies.caption')}</caption>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">{t('account.policies.name')}</th>
              <th className={styles.cell} scope="col">{t('account.policies.kind')}</th>
              <th className={styles.cell} scope="col">{t('account.policies.scopes')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, row]) => (
              <tr key={key}>
                <td className={styles.cell}>
                  {titles.get(key.split(':')[1]) ?? key.split(':')[1]} <code className={styles.term}>{key.split(':')[1]}</code>
                </td>
                <td className={styles.cell}>{t(`account.policies.kind.${row.kind}`)}</td>
                <td className={styles.cell}>
                  {[...row.scopes].sort().map((scope) => <span key={scope} className={styles.scope}>{scope}</span>)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountLayout>
  );
}

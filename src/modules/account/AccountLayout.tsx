import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { registerCatalogue, t } from '../../core/i18n';
import { account } from './catalogue';
import { useNavigation } from '../../core/navigation';
import { sessionAtom } from '../../core/session';
import { Link } from '../../core/ui/Link';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/ui.css';
import * as styles from './account.css';

registerCatalogue(account);

const tabs = [
  ['/minha-conta', 'account.tabs.overview'],
  ['/minha-conta/editar', 'account.tabs.edit'],
  ['/minha-conta/alterar-senha', 'account.tabs.password'],
  ['/minha-conta/verificacao-em-duas-etapas', 'account.tabs.twoFactor'],
  ['/minha-conta/politicas', 'account.tabs.policies'],
] as const;

/** Frame of the /minha-conta pages: heading, sub-navigation and the page's card. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { pathname } = useNavigation();
  const { loggedUser } = useAtomValue(sessionAtom);
  return (
    <div className={css.stack}>
      <nav aria-label={t('account.tabs.label')}>
        <ul className={styles.tabs}>
          {tabs.map(([path, key]) => (
            <li key={path}>
              {/* The host's address of the page (inside an intranet page, its own query), so a new tab opens it there. */}
              <Link href={path} className={styles.tab} current={pathname === path}>
                {t(key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={css.card} aria-labelledby="account-title">
        <div className={css.stack}>
          <h1 id="account-title">{title}</h1>
          {loggedUser ? children : <Spinner />}
        </div>
      </section>
    </div>
  );
}

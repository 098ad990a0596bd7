import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { sessionAtom } from '../../core/session';
import * as css from '../../core/ui/ui.css';
import { Sidebar } from './Sidebar';
import * as styles from './portal.css';

/** Signed-in layout: skip link, sidebar navigation, top bar with the user, and the page. */
export function PortalShell({ children }: { children: ReactNode }) {
  const { go } = useNavigation();
  const { loggedUser } = useAtomValue(sessionAtom);
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#conteudo" onClick={(event) => {
        event.preventDefault();
        (event.currentTarget.getRootNode() as ShadowRoot).getElementById('conteudo')?.focus();
      }}>{t('portal.skipToContent')}</a>
      <Sidebar />
      <header className={styles.topbar} part="header">
        {loggedUser && <span className={styles.userBox}>{t('portal.signedInAs', { email: loggedUser.email })}</span>}
        <button type="button" className={css.button.secondary} onClick={() => go('/minha-conta')}>{t('portal.myAccount')}</button>
        <button type="button" className={css.button.secondary} onClick={() => go('/logout')}>{t('portal.logout')}</button>
      </header>
      <main id="conteudo" tabIndex={-1} className={styles.main} part="main">
        {children}
      </main>
    </div>
  );
}

export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <main className={styles.loginLayout}>
      <div className={styles.loginColumn}>{children}</div>
    </main>
  );
}

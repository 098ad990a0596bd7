import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { recordTitlesAtom } from '../../core/recordTitle';
import type { RouteDef } from '../../core/router';
import { sessionAtom } from '../../core/session';
import { sessionEndedAtom } from '../../core/sessionLife';
import * as css from '../../core/ui/ui.css';
import { breadcrumbsFor, isMenuSearchKey, type Crumb } from './navState';
import { Sidebar } from './Sidebar';
import * as styles from './portal.css';

/**
 * Signed-in layout: skip link, sidebar navigation, top bar with the user, breadcrumbs and the
 * page. On a narrow portal (its own width, see portal.css.ts) the sidebar is a slide-out panel
 * behind the "Menu" button: Escape or a click outside closes it, focus goes in and comes back.
 */
export function PortalShell({ children, routes = [] }: { children: ReactNode; routes?: readonly RouteDef[] }) {
  const { go, pathname } = useNavigation();
  const { loggedUser } = useAtomValue(sessionAtom);
  const sessionEnded = useAtomValue(sessionEndedAtom);
  const navId = `${useId()}-navegacao`;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  /** Where focus goes when the panel opens: its first link, or the search (Ctrl+K, "/"). */
  const openTo = useRef<'first' | 'search'>('first');

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    // Into the panel: its first link or the search (it is visible now that the state has rendered).
    if (openTo.current === 'search') searchField.current?.focus();
    else panel.current?.querySelector<HTMLElement>('nav a, nav button')?.focus();
    openTo.current = 'first';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        closeMenu(true);
      }
    };
    const outside = (event: Event) => {
      const path = event.composedPath();
      const nav = panel.current?.querySelector('nav');
      return !(nav && path.includes(nav)) && !(menuButton.current && path.includes(menuButton.current));
    };
    const onPointer = (event: PointerEvent) => {
      if (outside(event)) closeMenu(true);
    };
    // Tabbing out of the panel closes it (focus stays where the user took it).
    const onFocus = (event: FocusEvent) => {
      if (outside(event)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [menuOpen, closeMenu]);

  // Ctrl+K anywhere, "/" outside a field: the menu search (on a narrow portal, inside the panel).
  // A layout effect: listening from the first paint of the shell, not a frame later.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isMenuSearchKey(event, event.composedPath()[0])) return;
      event.preventDefault();
      const narrow = menuButton.current ? getComputedStyle(menuButton.current).display !== 'none' : false;
      if (narrow && !menuOpen) {
        openTo.current = 'search';
        setMenuOpen(true);
      } else searchField.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const mainAfterNavigation = useRef(false);
  const focusMain = useCallback(() => (panel.current?.getRootNode() as ShadowRoot | Document | undefined)?.getElementById('conteudo')?.focus(), []);
  useEffect(() => {
    if (!mainAfterNavigation.current) return;
    mainAfterNavigation.current = false;
    focusMain();
  }, [pathname, focusMain]);

  const named = useAtomValue(recordTitlesAtom);
  const crumbs = useMemo(() => breadcrumbsFor(routes, pathname, named), [routes, pathname, named]);

  return (
    <div className={styles.frame}>
      <div className={styles.shell} ref={panel}>
        <a className={styles.skipLink} href="#conteudo" onClick={(event) => {
          event.preventDefault();
          (event.currentTarget.getRootNode() as ShadowRoot).getElementById('conteudo')?.focus();
        }}>{t('portal.skipToContent')}</a>
        <Sidebar id={navId} open={menuOpen} searchRef={searchField} onNavigate={(from) => {
          // After a search the user is on the new page: focus goes there, as after the panel.
          if (!menuOpen && from !== 'search') return;
          setMenuOpen(false);
          focusMain();
          // While the new page loads the old one is inert: focus it again once it is shown.
          mainAfterNavigation.current = true;
        }} />
        {menuOpen && <div className={styles.scrim} aria-hidden="true" />}
        <header className={styles.topbar} part="header">
          <button ref={menuButton} type="button" className={`${css.button.secondary} ${styles.menuButton}`} aria-expanded={menuOpen} aria-controls={navId}
            onClick={() => (menuOpen ? closeMenu(true) : setMenuOpen(true))}>
            <span aria-hidden="true">☰</span> {t('portal.menu')}
          </button>
          {loggedUser && <span className={styles.userBox}>{t(sessionEnded ? 'portal.sessionEndedAs' : 'portal.signedInAs', { email: loggedUser.email })}</span>}
          <button type="button" className={css.button.secondary} onClick={() => go('/minha-conta')}>{t('portal.myAccount')}</button>
          <button type="button" className={css.button.secondary} onClick={() => go('/logout')}>{t('portal.logout')}</button>
        </header>
        {crumbs.length > 0 && <Breadcrumbs crumbs={crumbs} />}
        <main id="conteudo" tabIndex={-1} className={styles.main} part="main">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Início › Pedidos › Pedido 12: links to each level, the last one is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { go } = useNavigation();
  return (
    <nav aria-label={t('portal.crumbs.label')} className={styles.breadcrumbs} part="breadcrumbs">
      <ol className={styles.crumbList}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className={styles.crumb}>
              {index > 0 && <span aria-hidden="true" className={styles.crumbSeparator}>›</span>}
              {last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <a href={crumb.href} onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  go(crumb.href);
                }}>{crumb.label}</a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

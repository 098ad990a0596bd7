import { useEffect, useState } from 'react';
import { setAppConfigUrl } from '../../core/config';
import { emit } from '../../core/elements/events';
import { createGuardDeps, runGuard } from '../../core/guard';
import { ElementRoot } from '../../core/host/ElementRoot';
import { RouterHost, type Guard, type View } from '../../core/host/RouterHost';
import { takeFirstScreenPrime } from '../../core/host/firstScreen';
import { RouteView } from '../../core/host/RouteView';
import { useAtomValue } from 'jotai';
import { t } from '../../core/i18n';
import { recordTitlesAtom, type RecordTitles } from '../../core/recordTitle';
import { createPortalRouter } from '../../core/router';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useSignedIn } from '../../core/host/useSignedIn';
import { useVersionNotices } from '../../core/host/useVersionNotices';
import { routes } from './routes';
import { breadcrumbsFor, documentTitleFor } from './navState';
import { LoginLayout } from './LoginLayout';
import { loadShell, PortalShell } from './shellChunk';

export { loadShell };

/** The portal's guard (spec §2): its first navigation starts it before React renders (bo-portal.ts). */
export const portalGuard: Guard = (() => {
  const deps = createGuardDeps({ routes });
  return (to, _match, firstData) => runGuard(to, deps, firstData);
})();

export interface PortalProps {
  container?: ShadowRoot;
  configUrl?: string;
}

/** `<bo-portal>`: the whole product on the page's own URL. */
export function PortalApp({ container, configUrl }: PortalProps) {
  if (configUrl) setAppConfigUrl(configUrl);
  const [router] = useState(() => createPortalRouter(routes));
  const [firstPrime] = useState(takeFirstScreenPrime);
  const host = container?.host;
  useEffect(() => router.subscribe((state) => emit(host, 'bo-navigate', { path: state.location.pathname })), [router, host]);
  useEffect(() => () => router.destroy(), [router]);
  useSessionEvents(host);
  const signedIn = useSignedIn();
  useEffect(() => {
    if (signedIn) void loadShell();
  }, [signedIn]);
  useVersionNotices();

  const render = (view: View) => {
    const page = (
      <>
        <DocumentTitle view={view} />
        <RouteView view={view} onHome={() => router.go('/')} homeHref="/" />
      </>
    );
    // Not found and errors stay inside the portal (sidebar, header) for a signed-in user.
    if (view.kind === 'notFound' || view.kind === 'error') return signedIn ? <PortalShell routes={routes}>{page}</PortalShell> : <LoginLayout>{page}</LoginLayout>;
    // The first screen's layout shows while its first data comes (RouterHost's `shell`).
    if (view.kind === 'loading') return view.shell?.route.layout === 'portal' ? <PortalShell routes={routes}>{page}</PortalShell> : page;
    if (view.kind !== 'route') return page;
    if (view.match.route.layout === 'login') return <LoginLayout>{page}</LoginLayout>;
    if (view.match.route.layout === 'portal') return <PortalShell routes={routes}>{page}</PortalShell>;
    return page;
  };
  return (
    <ElementRoot>
      <RouterHost router={router} guard={portalGuard} render={render} firstPrime={firstPrime} />
    </ElementRoot>
  );
}

/** The page's own name: the last breadcrumb ("Pedido 12"), else the route's title. */
function pageTitle(view: View, named: RecordTitles): string | undefined {
  if (view.kind === 'notFound') return t('page.notFound');
  if (view.kind === 'error') return t('page.serverError');
  if (view.kind !== 'route') return undefined;
  const crumbs = view.match.route.layout === 'portal' ? breadcrumbsFor(routes, view.location.pathname, named) : [];
  return crumbs.length ? crumbs[crumbs.length - 1].label : view.match.route.title;
}

/** The tab says where the user is: "Fornecedores · Retaguarda", "Pedido 12 · Retaguarda". */
function DocumentTitle({ view }: { view: View }) {
  const named = useAtomValue(recordTitlesAtom);
  const title = view.kind === 'loading' ? null : documentTitleFor(pageTitle(view, named));
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  return null;
}

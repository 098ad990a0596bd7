import { useEffect, useMemo, useRef, useState } from 'react';
import { createGuardDeps, runGuard } from '../../core/guard';
import { ElementRoot } from '../../core/host/ElementRoot';
import { EmbeddedContext } from '../../core/host/embedding';
import { RouterHost, type Guard } from '../../core/host/RouterHost';
import { isSignInView, SignInGate } from '../../core/host/sharedSignIn';
import { linkAddress, startingPath, useRouteParam } from '../../core/host/useRouteParam';
import { RouteView } from '../../core/host/RouteView';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useSignedIn } from '../../core/host/useSignedIn';
import { createEmbeddedRouter } from '../../core/router';
import { signInRoutes } from '../auth/routes';
import { accountRoutes } from './routes';

/** The account pages plus the screens their guard may send to (login, code). */
const elementRoutes = [...accountRoutes, ...signInRoutes];
const pathFor = (page?: string) => (page ? `/minha-conta/${page.replace(/^\/+/, '')}` : '/minha-conta');

export interface AccountElementProps {
  container?: ShadowRoot;
  page?: string;
  /** `route-param`: the host's query parameter that keeps the element's page. */
  routeParam?: string;
}

/** `<bo-minha-conta>`: the account pages on their own in-memory history, guarded like the portal's. */
export function AccountElement({ container, page, routeParam }: AccountElementProps) {
  const host = container?.host;
  useSessionEvents(host);
  const [router] = useState(() => createEmbeddedRouter(elementRoutes, startingPath(elementRoutes, routeParam, pathFor(page)), linkAddress(routeParam, [pathFor(page)])));
  const guard = useMemo<Guard>(() => {
    const deps = createGuardDeps({ routes: elementRoutes });
    return (to, _match, firstData) => runGuard(to, deps, firstData);
  }, []);
  // A new `page` from the host opens it; the first one is where the element started (or the page
  // kept in the host's address, which wins).
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    if (router.location.pathname !== pathFor(page)) router.go(pathFor(page));
  }, [router, page]);
  const homes = useMemo(() => [pathFor(page)], [page]);
  useRouteParam(router, routeParam, homes);
  useEffect(() => () => router.destroy(), [router]);
  // Signed out elsewhere on the page: run the guard again (it sends to the login screen).
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn && !router.state.match?.route.public) router.go(router.location, { replace: true });
  }, [router, signedIn]);
  return (
    <ElementRoot>
      <EmbeddedContext.Provider value={true}>
        <RouterHost
          router={router}
          guard={guard}
          render={(view) => (
            <SignInGate host={host} waiting={isSignInView(view)} home="/minha-conta">
              <RouteView view={view} onHome={() => router.go('/minha-conta')} />
            </SignInGate>
          )}
        />
      </EmbeddedContext.Provider>
    </ElementRoot>
  );
}

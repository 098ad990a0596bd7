/**
 * What every area element (`<bo-pedidos>`, `<bo-contas-a-pagar>`, `<bo-contas-a-receber>`) is:
 * the area's routes plus the screens its guard may send to (login, code) on the element's own
 * memory history, the shared session and its one sign-in per page, nothing but the host's
 * `forbidden` slot for a user who may not open the area, and — only when the host opts in with
 * `route-param` — its location kept in that one query parameter of the host's address, so a
 * reload or a bookmark opens the same page. A tag never changes the host page's path.
 */
import { useEffect, useMemo, useState } from 'react';
import { emit } from '../../core/elements/events';
import { createGuardDeps, runGuard } from '../../core/guard';
import { ElementRoot } from '../../core/host/ElementRoot';
import { EmbeddedContext, RecordEventsContext, type RecordEvents } from '../../core/host/embedding';
import { RouterHost, type Guard } from '../../core/host/RouterHost';
import { RouteView } from '../../core/host/RouteView';
import { isSignInView, SignInGate } from '../../core/host/sharedSignIn';
import { useForbidden } from '../../core/host/useForbidden';
import { homesOf, linkAddress, startingPath, useRouteParam } from '../../core/host/useRouteParam';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useSignedIn } from '../../core/host/useSignedIn';
import { createEmbeddedRouter, type RouteDef } from '../../core/router';
import { signInRoutes } from '../auth/routes';

export interface Area {
  /** The area's own routes. */
  routes: RouteDef[];
  /** Where the element starts (`/pedidos`). */
  home: string;
  /**
   * The modules the area serves, as app.config.json names their permission resources: a user
   * with no scope on any of them may not open the element (`bo-forbidden`).
   */
  resources: readonly string[];
  /** Record events of the area (`bo-order-created`…), given the host. */
  events?: (host: Element | undefined) => RecordEvents;
}

export interface AreaElementProps {
  container?: ShadowRoot;
  /** `route-param`: the host's query parameter that keeps the element's location. */
  routeParam?: string;
}

/** The React component of an area element. */
export function createAreaElement(area: Area) {
  const elementRoutes = [...area.routes, ...signInRoutes];
  const { home, resources } = area;
  const homes = homesOf(elementRoutes, home);
  return function AreaElement({ container, routeParam }: AreaElementProps) {
    const host = container?.host;
    useSessionEvents(host);
    const [router] = useState(() => createEmbeddedRouter(elementRoutes, startingPath(elementRoutes, routeParam, home), linkAddress(routeParam, homes)));
    const guard = useMemo<Guard>(() => {
      const deps = createGuardDeps({ routes: elementRoutes });
      return (to, _match, firstData) => runGuard(to, deps, firstData);
    }, []);
    useEffect(() => () => router.destroy(), [router]);
    useEffect(() => router.subscribe((state) => emit(host, 'bo-navigate', { path: `${state.location.pathname}${state.location.search}` })), [router, host]);
    useRouteParam(router, routeParam, homes);
    const signedIn = useSignedIn();
    useEffect(() => {
      if (!signedIn && !router.state.match?.route.public) router.go(router.location, { replace: true });
    }, [router, signedIn]);
    const forbidden = useForbidden(host, resources);
    const events = useMemo<RecordEvents>(() => area.events?.(host) ?? {}, [host]);
    // Nothing of the area for a user who may not open it: the host's slot (empty by default).
    if (forbidden) return <slot name="forbidden" />;
    return (
      <ElementRoot>
        <EmbeddedContext.Provider value={true}>
          <RecordEventsContext.Provider value={events}>
            <div part="main">
              <RouterHost
                router={router}
                guard={guard}
                render={(view) => (
                  <SignInGate host={host} waiting={isSignInView(view)} home={home}>
                    <RouteView view={view} onHome={() => router.go(home)} />
                  </SignInGate>
                )}
              />
            </div>
          </RecordEventsContext.Provider>
        </EmbeddedContext.Provider>
      </ElementRoot>
    );
  };
}

/**
 * What every area element (`<bo-pedidos>`, `<bo-contas-a-pagar>`, `<bo-contas-a-receber>`) is:
 * the area's routes plus the screens its guard may send to (login, code) on the element's own
 * history, the shared session, and with `base-path` the page's URL kept in step (replaceState),
 * so a link or a reload of `/compras/123` opens pedido 123.
 */
import { useEffect, useMemo, useState } from 'react';
import { emit } from '../../core/elements/events';
import { createGuardDeps, runGuard } from '../../core/guard';
import { ElementRoot } from '../../core/host/ElementRoot';
import { EmbeddedContext, RecordEventsContext, type RecordEvents } from '../../core/host/embedding';
import { RouterHost, type Guard } from '../../core/host/RouterHost';
import { RouteView } from '../../core/host/RouteView';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useSignedIn } from '../../core/host/useSignedIn';
import { createEmbeddedRouter, type RouteDef } from '../../core/router';
import { signInRoutes } from '../auth/routes';

export interface Area {
  /** The area's own routes. */
  routes: RouteDef[];
  /** Where the element starts, and what `base-path` maps to (`/pedidos`). */
  home: string;
  /** Record events of the area (`bo-order-created`…), given the host. */
  events?: (host: Element | undefined) => RecordEvents;
}

/** Page path under `basePath` ↔ the element's own path (`/compras/123` ↔ `/pedidos/123`). */
export function toInternal(home: string, basePath: string | undefined, pagePath: string): string | null {
  const base = (basePath ?? '').replace(/\/+$/, '');
  if (!base || (pagePath !== base && !pagePath.startsWith(`${base}/`))) return null;
  return `${home}${pagePath.slice(base.length)}`;
}
export function toPage(home: string, basePath: string | undefined, internal: string): string | null {
  const base = (basePath ?? '').replace(/\/+$/, '');
  if (!base || (internal !== home && !internal.startsWith(`${home}/`) && !internal.startsWith(`${home}?`))) return null;
  return `${base}${internal.slice(home.length)}`;
}

export interface AreaElementProps {
  container?: ShadowRoot;
  basePath?: string;
}

/** The React component of an area element. */
export function createAreaElement(area: Area) {
  const elementRoutes = [...area.routes, ...signInRoutes];
  const { home } = area;
  return function AreaElement({ container, basePath }: AreaElementProps) {
    const host = container?.host;
    useSessionEvents(host);
    const [router] = useState(() => {
      const { pathname, search } = window.location;
      const start = toInternal(home, basePath, pathname);
      return createEmbeddedRouter(elementRoutes, start ? `${start}${search}` : home);
    });
    const guard = useMemo<Guard>(() => {
      const deps = createGuardDeps({ routes: elementRoutes });
      return (to, _match, firstData) => runGuard(to, deps, firstData);
    }, []);
    useEffect(() => () => router.destroy(), [router]);
    useEffect(
      () =>
        router.subscribe((state) => {
          const internal = `${state.location.pathname}${state.location.search}`;
          const page = toPage(home, basePath, internal);
          if (page && page !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', `${page}${window.location.hash}`);
          emit(host, 'bo-navigate', { path: internal });
        }),
      [router, basePath, host],
    );
    const signedIn = useSignedIn();
    useEffect(() => {
      if (!signedIn && !router.state.match?.route.public) router.go(router.location, { replace: true });
    }, [router, signedIn]);
    const events = useMemo<RecordEvents>(() => area.events?.(host) ?? {}, [host]);
    return (
      <ElementRoot>
        <EmbeddedContext.Provider value={true}>
          <RecordEventsContext.Provider value={events}>
            <div part="main">
              <RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} onHome={() => router.go(home)} />} />
            </div>
          </RecordEventsContext.Provider>
        </EmbeddedContext.Provider>
      </ElementRoot>
    );
  };
}

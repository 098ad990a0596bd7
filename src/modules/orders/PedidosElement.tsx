import { useEffect, useMemo, useState } from 'react';
import { emit } from '../../core/elements/events';
import { createGuardDeps, runGuard } from '../../core/guard';
import { ElementRoot } from '../../core/host/ElementRoot';
import { EmbeddedContext, RecordEventsContext, type RecordEvents } from '../../core/host/embedding';
import { RouterHost, type Guard } from '../../core/host/RouterHost';
import { RouteView } from '../../core/host/RouteView';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useSignedIn } from '../../core/host/useSignedIn';
import { createEmbeddedRouter } from '../../core/router';
import { ordersRoutes, routes } from '../routes';

/** The pedidos area plus the screens its guard may send to (login, code). */
const elementRoutes = [...ordersRoutes, ...routes.filter((route) => route.layout === 'login' && route.path !== '/logout')];
const HOME = '/pedidos';

/** Page path under `basePath` ↔ the element's own path (`/compras/123` ↔ `/pedidos/123`). */
export function toInternal(basePath: string | undefined, pagePath: string): string | null {
  const base = (basePath ?? '').replace(/\/+$/, '');
  if (!base || (pagePath !== base && !pagePath.startsWith(`${base}/`))) return null;
  return `${HOME}${pagePath.slice(base.length)}`;
}
export function toPage(basePath: string | undefined, internal: string): string | null {
  const base = (basePath ?? '').replace(/\/+$/, '');
  if (!base || (internal !== HOME && !internal.startsWith(`${HOME}/`) && !internal.startsWith(`${HOME}?`))) return null;
  return `${base}${internal.slice(HOME.length)}`;
}

export interface PedidosElementProps {
  container?: ShadowRoot;
  basePath?: string;
}

/**
 * `<bo-pedidos>`: list → detail → form → catalogue on the element's own history. With
 * `base-path`, the element starts from the page's URL under that prefix and keeps it in step
 * (replaceState), so a link or a reload of `/compras/123` opens pedido 123.
 */
export function PedidosElement({ container, basePath }: PedidosElementProps) {
  const host = container?.host;
  useSessionEvents(host);
  const [router] = useState(() => {
    const { pathname, search } = window.location;
    const start = toInternal(basePath, pathname);
    return createEmbeddedRouter(elementRoutes, start ? `${start}${search}` : HOME);
  });
  const guard = useMemo<Guard>(() => {
    const deps = createGuardDeps({ routes: elementRoutes });
    return (to) => runGuard(to, deps);
  }, []);
  useEffect(() => () => router.destroy(), [router]);
  useEffect(
    () =>
      router.subscribe((state) => {
        const internal = `${state.location.pathname}${state.location.search}`;
        const page = toPage(basePath, internal);
        if (page && page !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', `${page}${window.location.hash}`);
        emit(host, 'bo-navigate', { path: internal });
      }),
    [router, basePath, host],
  );
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn && !router.state.match?.route.public) router.go(router.location, { replace: true });
  }, [router, signedIn]);
  const events = useMemo<RecordEvents>(
    () => ({
      created: (resource, record) => {
        if (resource === 'orders') emit(host, 'bo-order-created', { id: record.id, number: (record.number as number | undefined) ?? null, title: String(record.title ?? '') });
      },
      transition: (resource, transition, record) => {
        if (resource === 'orders' && transition === 'submit') emit(host, 'bo-order-submitted', { id: record.id, number: (record.number as number | undefined) ?? null, status: String(record.status ?? '') });
      },
    }),
    [host],
  );
  return (
    <ElementRoot>
      <EmbeddedContext.Provider value={true}>
        <RecordEventsContext.Provider value={events}>
          <div part="main">
            <RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} onHome={() => router.go(HOME)} />} />
          </div>
        </RecordEventsContext.Provider>
      </EmbeddedContext.Provider>
    </ElementRoot>
  );
}

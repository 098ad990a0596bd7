/**
 * Routes as data and a small router over `history` (browser history for the portal, memory
 * history for an element embedded alone). Refine-style contract: go / back / parse.
 */
import type { Primed } from './resources/primed';
import { decode, matchLocation, matchRoute, parseQuery, type RouteData, type RouteMatch as DataMatch, type RouteParams } from './routeMatch';
import { atom, type PrimitiveAtom } from 'jotai/vanilla';
import { createContext, useContext, useSyncExternalStore, type ComponentType } from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  type History,
  type InitialEntry,
  type Location,
  type To,
} from 'history';
import { store } from './store';

export { buildPath, matchLocation, matchRoute, parseQuery, type RouteData, type RouteLayout, type RouteParams } from './routeMatch';

/** A route with the code of its screen: its data plus the loader (and the first data it asks for). */
export interface RouteDef extends RouteData {
  load: () => Promise<{ default: ComponentType<any> }>;
  /**
   * Asks for the screen's first data while the guard runs (a list's first page); resolves to
   * the answer in flight and the release the router calls when the guard refuses (the answer
   * is dropped).
   */
  prime?: (params: RouteParams, search: string) => Promise<Primed>;
}

export type RouteMatch = DataMatch<RouteDef>;

/** Whether `path` is a page of `routes` (matched, and its validation passes). */
export function isRoutable(routes: readonly RouteData[], path: string): boolean {
  const match = matchRoute(routes, path);
  try {
    return Boolean(match && (!match.route.validate || match.route.validate(match.params)));
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- router

export interface RouteState {
  location: Location;
  match: RouteMatch | null;
  /** No route, or the route's validation failed (show the not-found page). */
  notFound: boolean;
}

export interface ParsedLocation {
  pathname: string;
  search: string;
  hash: string;
  query: Record<string, string | string[]>;
  params: RouteParams;
  route: RouteDef | null;
}

export interface Router {
  readonly history: History;
  readonly routes: readonly RouteDef[];
  readonly location: Location;
  readonly state: RouteState;
  /** This router's state in the shared store. */
  readonly atom: PrimitiveAtom<RouteState>;
  go(to: To, options?: { replace?: boolean; state?: unknown }): void;
  back(): void;
  parse(): ParsedLocation;
  href(to: To): string;
  subscribe(listener: (state: RouteState) => void): () => void;
  destroy(): void;
}

export interface CreateRouterOptions {
  history: History;
  routes: readonly RouteDef[];
  /** The portal's router: also published in `routerAtom`. */
  primary?: boolean;
  /** The address of a link (default: the history's own). */
  href?: (to: To) => string;
}

/** State of the primary (portal) router. */
export const routerAtom = atom<RouteState | null>(null);

function stateFor(routes: readonly RouteDef[], location: Location): RouteState {
  return { location, ...matchLocation(routes, location.pathname) };
}

export function createRouter({ history, routes, primary = false, href }: CreateRouterOptions): Router {
  let state = stateFor(routes, history.location);
  const stateAtom = atom(state);
  store.set(stateAtom, state);
  if (primary) store.set(routerAtom, state);
  const listeners = new Set<(s: RouteState) => void>();

  const unlisten = history.listen(({ location }) => {
    state = stateFor(routes, location);
    store.set(stateAtom, state);
    if (primary) store.set(routerAtom, state);
    for (const listener of [...listeners]) listener(state);
  });

  return {
    history,
    routes,
    get location() {
      return history.location;
    },
    get state() {
      return state;
    },
    atom: stateAtom,
    go(to, options = {}) {
      if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    back() {
      history.back();
    },
    parse() {
      const { pathname, search, hash } = history.location;
      return {
        pathname,
        search,
        hash,
        query: parseQuery(search),
        params: state.match?.params ?? {},
        route: state.match?.route ?? null,
      };
    },
    href(to) {
      return href ? href(to) : history.createHref(to);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    destroy() {
      unlisten();
      listeners.clear();
    },
  };
}

/** Router for the standalone portal (the page's URL). */
export function createPortalRouter(routes: readonly RouteDef[]): Router {
  return createRouter({ history: createBrowserHistory(), routes, primary: true });
}

/** Router for an element embedded alone (its own in-memory history; `href`: its links' addresses). */
export function createEmbeddedRouter(routes: readonly RouteDef[], initialPath: InitialEntry = '/', href?: (to: To) => string): Router {
  return createRouter({ history: createMemoryHistory({ initialEntries: [initialPath] }), routes, href });
}

export { createPath };

export const RouterContext = createContext<Router | null>(null);

/** Current route state of `router` (or of the router in context); re-renders on navigation. */
export function useRoute(router?: Router): RouteState {
  const fromContext = useContext(RouterContext);
  const active = router ?? fromContext;
  if (!active) throw new Error('useRoute: no router (pass one or provide RouterContext)');
  return useSyncExternalStore(active.subscribe, () => active.state, () => active.state);
}

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter: no RouterContext');
  return router;
}

// ---------------------------------------------------------------- scrolling

export type ScrollOutcome = 'hash' | 'top' | 'none';

function findTarget(root: Document | ShadowRoot, id: string): Element | null {
  const byId = root.getElementById(id);
  if (byId) return byId;
  for (const el of Array.from(root.querySelectorAll('[name]'))) if (el.getAttribute('name') === id) return el;
  return null;
}

/**
 * Call after a navigation has rendered: a hash target scrolls to that element; otherwise the
 * view scrolls to the top unless the route sets `scrollToTop: false`. In a shadow root "top"
 * means the host element's top.
 */
export function applyScroll(
  location: Pick<Location, 'hash'>,
  route: Pick<RouteDef, 'scrollToTop'> | null | undefined,
  root: Document | ShadowRoot,
): ScrollOutcome {
  const id = decode(location.hash.replace(/^#/, ''));
  if (id) {
    const target = findTarget(root, id);
    if (target) {
      target.scrollIntoView?.({ block: 'start' });
      return 'hash';
    }
  }
  if (route?.scrollToTop === false) return 'none';
  if ('defaultView' in root) {
    const view = root.defaultView ?? (typeof window !== 'undefined' ? window : null);
    view?.scrollTo?.({ top: 0, left: 0 });
  } else {
    const host = root.host as HTMLElement;
    host.scrollTop = 0;
    if (host.getBoundingClientRect().top < 0) host.scrollIntoView?.({ block: 'start' });
  }
  return 'top';
}

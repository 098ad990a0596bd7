/**
 * Routes as data and a small router over `history` (browser history for the portal, memory
 * history for an element embedded alone). Refine-style contract: go / back / parse.
 */
import type { Primed } from './resources/primed';
import type { ListMount } from './resources/query';
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

export type RouteLayout = 'portal' | 'login' | 'bare';
export type RouteParams = Record<string, string>;

export interface RouteDef {
  /** `/pedidos/{orderId}/editar`; `{name*}` matches one or more segments (`/pedidos/catalogo/{categorySlug*}`). */
  path: string;
  layout: RouteLayout;
  /** Reachable without a session (the login-layout pages). */
  public?: boolean;
  /** Scroll to the top after navigating here (default true). */
  scrollToTop?: boolean;
  /** Route validation step: false shows the not-found page. */
  validate?: (params: RouteParams) => boolean;
  load: () => Promise<{ default: ComponentType<any> }>;
  /**
   * Asks for the screen's first data while the guard runs (a list's first page); resolves to
   * the answer in flight and the release the router calls when the guard refuses (the answer
   * is dropped).
   */
  prime?: (params: RouteParams, search: string) => Promise<Primed>;
  /**
   * The registry list the route shows, as data: the server names the page's first request from it
   * (server/http/firstPage.ts), the same one `prime` sends.
   */
  list?: ListMount;
  title?: string;
  /** One record of this route's registry (`labels.one`), for breadcrumbs: "Pedido 12". */
  recordLabel?: string;
}

export interface RouteMatch {
  route: RouteDef;
  params: RouteParams;
}

// ---------------------------------------------------------------- matching

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'splat'; name: string };

const WEIGHT = { static: 3, param: 2, splat: 1 } as const;
/** A route path's segments, and how many path segments it takes when it has no splat. */
interface Compiled {
  segments: Segment[];
  length: number | null;
}
const compiled = new Map<string, Compiled>();

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

function compile(path: string): Compiled {
  let known = compiled.get(path);
  if (!known) {
    const segments = splitPath(path).map((raw): Segment => {
      const m = /^\{(\w+)([*+])?\}$/.exec(raw);
      if (!m) return { kind: 'static', value: raw };
      return m[2] ? { kind: 'splat', name: m[1] } : { kind: 'param', name: m[1] };
    });
    known = { segments, length: segments.some((segment) => segment.kind === 'splat') ? null : segments.length };
    compiled.set(path, known);
  }
  return known;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `parts`: the path's segments, each already decoded. */
function matchSegments(pattern: Segment[], parts: string[], pi = 0, si = 0, params: RouteParams = {}): RouteParams | null {
  if (pi === pattern.length) return si === parts.length ? params : null;
  const seg = pattern[pi];
  if (seg.kind === 'static') {
    return si < parts.length && parts[si] === seg.value ? matchSegments(pattern, parts, pi + 1, si + 1, params) : null;
  }
  if (seg.kind === 'param') {
    if (si >= parts.length) return null;
    return matchSegments(pattern, parts, pi + 1, si + 1, { ...params, [seg.name]: parts[si] });
  }
  // splat: as many segments as possible (≥ 1), leaving enough for the rest of the pattern.
  for (let end = parts.length; end > si; end--) {
    const value = parts.slice(si, end).join('/');
    const found = matchSegments(pattern, parts, pi + 1, end, { ...params, [seg.name]: value });
    if (found) return found;
  }
  return null;
}

function compareSpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const wa = a[i] ? WEIGHT[a[i].kind] : 0;
    const wb = b[i] ? WEIGHT[b[i].kind] : 0;
    if (wa !== wb) return wb - wa;
  }
  return 0;
}

interface RouteIndex {
  size: number;
  /** Routes without a splat, by how many segments they take. */
  byLength: Map<number, { route: RouteDef; segments: Segment[] }[]>;
  splats: { route: RouteDef; segments: Segment[] }[];
}
const indexes = new WeakMap<readonly RouteDef[], RouteIndex>();

/** The routes grouped by length (a portal has hundreds: a path is tried against those that can take it). */
function routeIndex(routes: readonly RouteDef[]): RouteIndex {
  let index = indexes.get(routes);
  if (!index || index.size !== routes.length) {
    const built: RouteIndex = { size: routes.length, byLength: new Map(), splats: [] };
    for (const route of routes) {
      const { segments, length } = compile(route.path);
      if (length === null) {
        built.splats.push({ route, segments });
        continue;
      }
      const sameLength = built.byLength.get(length) ?? [];
      sameLength.push({ route, segments });
      built.byLength.set(length, sameLength);
    }
    indexes.set(routes, built);
    index = built;
  }
  return index;
}

/**
 * The route for `pathname` with its decoded params, or null. Static segments beat params,
 * params beat `{name*}`; a trailing slash is ignored.
 */
export function matchRoute(routes: readonly RouteDef[], pathname: string): RouteMatch | null {
  // Decoded once here, not once per route tried.
  const parts = splitPath(pathname.split(/[?#]/, 1)[0]).map(decode);
  const { byLength, splats } = routeIndex(routes);
  let best: { match: RouteMatch; segments: Segment[] } | null = null;
  // Two routes as specific as each other both have their splats in the same places: they are in
  // the same list, in their order, so the first one declared still wins.
  for (const { route, segments } of [...(byLength.get(parts.length) ?? []), ...splats]) {
    const params = matchSegments(segments, parts);
    if (!params) continue;
    if (!best || compareSpecificity(segments, best.segments) < 0) best = { match: { route, params }, segments };
  }
  return best?.match ?? null;
}

/** Fills `{name}` / `{name*}` of a route path: `buildPath('/pedidos/{orderId}', {orderId: 7})`. */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)([*+])?\}/g, (_, name: string, splat?: string) => {
    const value = String(params[name] ?? '');
    return splat ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/** Query string → object; a repeated key becomes an array. */
export function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
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
}

/** State of the primary (portal) router. */
export const routerAtom = atom<RouteState | null>(null);

/** The route of `pathname`, and whether it counts as not found (no route, or its validation failed). */
export function matchLocation(routes: readonly RouteDef[], pathname: string): Pick<RouteState, 'match' | 'notFound'> {
  const match = matchRoute(routes, pathname);
  const notFound = !match || (match.route.validate ? !safeValidate(match.route, match.params) : false);
  return { match, notFound };
}

function stateFor(routes: readonly RouteDef[], location: Location): RouteState {
  return { location, ...matchLocation(routes, location.pathname) };
}

function safeValidate(route: RouteDef, params: RouteParams): boolean {
  try {
    return route.validate ? route.validate(params) : true;
  } catch {
    return false;
  }
}

export function createRouter({ history, routes, primary = false }: CreateRouterOptions): Router {
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
      return history.createHref(to);
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

/** Router for an element embedded alone (its own in-memory history). */
export function createEmbeddedRouter(routes: readonly RouteDef[], initialPath: InitialEntry = '/'): Router {
  return createRouter({ history: createMemoryHistory({ initialEntries: [initialPath] }), routes });
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

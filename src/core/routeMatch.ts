/**
 * The route table as data (issue 23): what a route is apart from its screen's code (path, layout,
 * public, title, the list it shows, which view of its area renders it) and the matching of a path
 * against such a table. No React, no history: the server reads the same data
 * (server/http/firstPage.ts) without loading the client. router.ts adds the loaders.
 */
import type { ListMount } from './resources/query';

export type RouteLayout = 'portal' | 'login' | 'bare';
export type RouteParams = Record<string, string>;

/** A route as data: everything but the code of its screen (router.ts `RouteDef` adds it). */
export interface RouteData {
  /** `/pedidos/{orderId}/editar`; `{name*}` matches one or more segments (`/pedidos/catalogo/{categorySlug*}`). */
  path: string;
  layout: RouteLayout;
  /** Reachable without a session (the login-layout pages). */
  public?: boolean;
  /** Scroll to the top after navigating here (default true). */
  scrollToTop?: boolean;
  /** Route validation step: false shows the not-found page. */
  validate?: (params: RouteParams) => boolean;
  /**
   * Which screen of its area shows it: a key of the area's loaders (`routes.ts` beside the area's
   * `routes.data.ts`); `placeholder` is the "em construção" screen. Absent on a registry or
   * redirect route (their loaders are generic).
   */
  view?: string;
  /** A registry screen: the mount, the view and the tab (registry/routeData.ts); its loader is the registry's own. */
  registry?: RegistryRoute;
  /** A route that only sends elsewhere (`/contas-a-pagar` → `/contas-a-pagar/lancamentos`). */
  redirectTo?: string;
  /**
   * The registry list the route shows, as data: the server names the page's first request from it
   * (server/http/firstPage.ts), the same one `prime` sends.
   */
  list?: ListMount;
  title?: string;
  /** One record of this route's registry (`labels.one`), for breadcrumbs: "Pedido 12". */
  recordLabel?: string;
  /**
   * False on a signed-in screen that shows no records (its texts are its area's own): it loads
   * without the record screens' texts (core/i18n/recordTexts.ts), which travel in the list's chunk.
   */
  recordTexts?: false;
}

/** The registry part of a route's data (its loader binds the spec, the view and the tab). */
export interface RegistryRoute {
  /** The mount's data (registry/spec.ts `RegistryMountData`), shared by the mount's routes. */
  mount: { resource: string };
  view: 'list' | 'show' | 'create' | 'edit';
  tab?: string;
}

export interface RouteMatch<R extends RouteData = RouteData> {
  route: R;
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

/** A param segment of a route path: `{name}`, or a splat `{name*}` / `{name+}` (group 2). */
const PARAM_SEGMENT = /^\{(\w+)([*+])?\}$/;

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

function compile(path: string): Compiled {
  let known = compiled.get(path);
  if (!known) {
    const segments = splitPath(path).map((raw): Segment => {
      // Most segments are static: the pattern only for those that may be a param.
      const m = raw.charCodeAt(0) === 123 /* { */ ? PARAM_SEGMENT.exec(raw) : null;
      if (!m) return { kind: 'static', value: raw };
      return m[2] ? { kind: 'splat', name: m[1] } : { kind: 'param', name: m[1] };
    });
    known = { segments, length: segments.some((segment) => segment.kind === 'splat') ? null : segments.length };
    compiled.set(path, known);
  }
  return known;
}

/** A path segment (or hash) decoded, or as it is when it is not valid percent-encoding. */
export function decode(segment: string): string {
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

type Indexed = RouteData[];

interface RouteIndex {
  size: number;
  /**
   * Routes without a splat, by how many segments they take, then by their first segment when it
   * is static (`''`: a param): a path is tried against the few that can take it, not every route
   * of its length (the sidebar asks for each of its links whether it has a screen).
   */
  byLength: Map<number, Map<string, Indexed>>;
  splats: Indexed;
}
const indexes = new WeakMap<readonly RouteData[], RouteIndex>();

/**
 * How many segments a route path takes (null with a splat) and its first segment ('' for a
 * param): the index is built on a cold load from every route (hundreds), and only the routes a
 * path is tried against are compiled.
 */
function shapeOf(path: string): { length: number | null; first: string } {
  const parts = splitPath(path);
  if (parts.some((part) => part.startsWith('{') && PARAM_SEGMENT.exec(part)?.[2])) return { length: null, first: '' };
  return { length: parts.length, first: parts.length && !parts[0].startsWith('{') ? parts[0] : '' };
}

/** The routes grouped by length and first segment (a portal has hundreds). */
function routeIndex(routes: readonly RouteData[]): RouteIndex {
  let index = indexes.get(routes);
  if (!index || index.size !== routes.length) {
    const built: RouteIndex = { size: routes.length, byLength: new Map(), splats: [] };
    for (const route of routes) {
      const { length, first } = shapeOf(route.path);
      if (length === null) {
        built.splats.push(route);
        continue;
      }
      let sameLength = built.byLength.get(length);
      if (!sameLength) built.byLength.set(length, (sameLength = new Map()));
      const sameFirst = sameLength.get(first);
      if (sameFirst) sameFirst.push(route);
      else sameLength.set(first, [route]);
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
export function matchRoute<R extends RouteData>(routes: readonly R[], pathname: string): RouteMatch<R> | null {
  // Decoded once here, not once per route tried.
  const parts = splitPath(pathname.split(/[?#]/, 1)[0]).map(decode);
  const { byLength, splats } = routeIndex(routes);
  let best: { match: RouteMatch<R>; segments: Segment[] } | null = null;
  // Two routes as specific as each other both have their splats in the same places (and a static
  // first segment or both a param): they are in the same list, in their order, so the first one
  // declared still wins.
  const sameLength = byLength.get(parts.length);
  const staticFirst = parts.length ? sameLength?.get(parts[0]) : undefined;
  for (const route of [...(staticFirst ?? []), ...(sameLength?.get('') ?? []), ...splats]) {
    const { segments } = compile(route.path);
    const params = matchSegments(segments, parts);
    if (!params) continue;
    if (!best || compareSpecificity(segments, best.segments) < 0) best = { match: { route: route as R, params }, segments };
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

/** The route of `pathname`, and whether it counts as not found (no route, or its validation failed). */
export function matchLocation<R extends RouteData>(routes: readonly R[], pathname: string): { match: RouteMatch<R> | null; notFound: boolean } {
  const match = matchRoute(routes, pathname);
  const notFound = !match || (match.route.validate ? !safeValidate(match.route, match.params) : false);
  return { match, notFound };
}

function safeValidate(route: RouteData, params: RouteParams): boolean {
  try {
    return route.validate ? route.validate(params) : true;
  } catch {
    return false;
  }
}


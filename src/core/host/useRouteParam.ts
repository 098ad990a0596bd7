/**
 * A standalone tag's location in the host page's address, only when the host opts in
 * (`route-param`): the tag's router is a memory history; this reads where it starts from the
 * tag's own query parameter and writes every navigation back into it with replaceState (no entry
 * of the host's history, the host's path, other parameters and hash untouched). `<bo-portal>`
 * alone owns the address bar.
 */
import { createPath, type To } from 'history';
import { useEffect } from 'react';
import { isRoutable, matchRoute, type RouteDef, type Router, type RouteState } from '../router';
import { readRouteParam, withRouteParam } from './routeParam';

/** Where a tag starts: its page in the host's address (`param`), else `fallback`. */
export function startingPath(routes: readonly RouteDef[], param: string | undefined, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  return readRouteParam(window.location.search, param, (path) => isRoutable(routes, path)) ?? fallback;
}

/**
 * The tag's homes (its start and where that start redirects): there the parameter is removed,
 * so a host page whose tags sit on their homes keeps its plain address.
 */
export function homesOf(routes: readonly RouteDef[], home: string): string[] {
  const target = matchRoute(routes, home)?.route.redirectTo;
  return target ? [home, target] : [home];
}

/**
 * The address of a tag's link to `to` with `route-param`: the host page with the tag's parameter
 * (a new tab opens the intranet on that page); without it, the tag's own path.
 */
export function linkAddress(param: string | undefined, homes: readonly string[]): ((to: To) => string) | undefined {
  if (!param) return undefined;
  return (to) => {
    const path = typeof to === 'string' ? to : createPath(to);
    return withRouteParam(window.location, param, homes.includes(path) ? null : path);
  };
}

export function useRouteParam(router: Router, param: string | undefined, homes: readonly string[]): void {
  useEffect(() => {
    if (!param) return undefined;
    const write = ({ location, match }: RouteState) => {
      // The sign-in screens are no place to come back to: the parameter keeps the page the guard
      // sent from, so a reload after signing in opens it again.
      if (match?.route.public || match?.route.layout === 'login') return;
      const inner = `${location.pathname}${location.search}`;
      const next = withRouteParam(window.location, param, homes.includes(inner) ? null : inner);
      if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
        window.history.replaceState(window.history.state, '', next);
      }
    };
    write(router.state);
    return router.subscribe(write);
  }, [router, param, homes]);
}

/**
 * An area's route data bound to its screens' code (issue 23): each area keeps its routes as data
 * (`routes.data.ts`, what the server reads too) and binds them here to its own loaders, keyed by
 * the routes' `view` (`routes.ts`). Redirects and the "em construção" placeholder take their own;
 * registry routes the registry's (`withRegistryLoaders`, registry/resourceRoutes.ts: with the
 * area's replaced views and sub-pages), so an area without registries (the login) loads none of it.
 */
import type { RouteData } from '../../core/routeMatch';
import type { RouteDef } from '../../core/router';

export type Loaders = Readonly<Record<string, RouteDef['load']>>;
/** Binds a registry route to its screens (registry/resourceRoutes.ts). */
export type RegistryBinder = (registry: NonNullable<RouteData['registry']>, loaders: Loaders) => Pick<RouteDef, 'load' | 'prime'>;

const placeholder: RouteDef['load'] = () => import('../placeholder/PlaceholderPage');

const recordTexts = () => import('../../core/i18n/recordTexts');

/**
 * A screen of a signed-in layout loads with the texts of record screens (recordTexts.ts), in
 * parallel with its own code; the sign-in screens do without them, so a signed-out visitor
 * never downloads them (issue 23), and so does a screen that shows no records (`recordTexts: false`):
 * the texts travel in the list's chunk, which every record screen loads anyway.
 */
function withTexts(route: RouteData, load: RouteDef['load']): RouteDef['load'] {
  if (route.public || route.layout === 'login' || route.recordTexts === false) return load;
  return () => Promise.all([load(), recordTexts()]).then(([module]) => module);
}

const redirect = (to: string): RouteDef['load'] => () => import('../registry/RedirectPage').then(({ redirectTo }) => ({ default: redirectTo(to) }));

/** The routes of `data` with their loaders; a view without a loader is a mistake of the area, found at once. */
export function withLoaders(data: readonly RouteData[], loaders: Loaders, registry?: RegistryBinder): RouteDef[] {
  return data.map((route) => {
    if (route.registry) {
      if (!registry) throw new Error(`The registry route ${route.path} needs withRegistryLoaders`);
      const bound = registry(route.registry, loaders);
      return { ...route, ...bound, load: withTexts(route, bound.load) };
    }
    if (route.redirectTo !== undefined) return { ...route, load: redirect(route.redirectTo) };
    if (route.view === 'placeholder') return { ...route, load: withTexts(route, placeholder) };
    const load = route.view === undefined ? undefined : loaders[route.view];
    if (!load) throw new Error(`No loader for the route ${route.path} (view "${route.view}")`);
    return { ...route, load: withTexts(route, load) };
  });
}

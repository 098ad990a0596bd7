/**
 * The loaders of a registry's routes (their data: routeData.ts): the generic list, show and form
 * screens, or the views a mount replaces, bound to the mount's spec, view and tab, and loaded with
 * the resource's declaration; a list route also asks for its first page while its guard runs.
 */
import { createElement } from 'react';
import { loadDeclaration } from '../../core/catalogue/load';
import type { ResourceName } from '../../core/catalogue';
import type { RegistryRoute } from '../../core/routeMatch';
import type { RouteDef } from '../../core/router';
import type { RouteData } from '../../core/routeMatch';
import { withLoaders, type Loaders } from '../area/withLoaders';
import { mountSpec as mountData, resourceRouteData, type MountOverrides } from './routeData';
import type { RegistryMountData, RegistryPageProps, RegistrySpec, RegistryView, ViewLoader } from './spec';

export type { ListName, MountOverrides } from './routeData';

const DEFAULT_VIEWS: Record<RegistryView, ViewLoader> = {
  list: () => import('./ListPage'),
  show: () => import('./ShowPage'),
  create: () => import('./FormPage'),
  edit: () => import('./FormPage'),
};

/**
 * A route loader that binds the spec, the view and the tab; loaded once per route, with the
 * resource's declaration (its own chunk), which the screen then reads at once.
 */
function screen(spec: RegistrySpec, view: RegistryView, tab?: string): RouteDef['load'] {
  let loaded: ReturnType<RouteDef['load']> | null = null;
  return () =>
    (loaded ??= Promise.all([
      (spec.views?.[view] ?? DEFAULT_VIEWS[view])(),
      loadDeclaration(spec.resource),
      // The body replacing the details of a show page comes with it (no second wait on the page).
      view === 'show' && spec.details ? spec.details() : null,
    ]).then(([{ default: View }, , details]) => ({
      default: function RegistryRoute(props: Record<string, unknown>) {
        return createElement(View, { ...props, spec, view, tab, ...(details ? { detailsView: details.default } : {}) } as RegistryPageProps);
      },
    })));
}

const specs = new WeakMap<object, RegistrySpec>();

/** The spec a mount's screens receive: its data, with the area's loaders for the views it replaces and its sub-pages. */
function specOf(mount: RegistryMountData, loaders: Loaders): RegistrySpec {
  let spec = specs.get(mount);
  if (!spec) {
    const loader = (key: string) => {
      if (!loaders[key]) throw new Error(`No loader "${key}" for the mount of ${mount.resource}`);
      return loaders[key] as ViewLoader;
    };
    const { views, pages, details, ...rest } = mount;
    spec = {
      ...rest,
      ...(details ? { details: loader(details) as never } : {}),
      ...(views ? { views: Object.fromEntries(Object.entries(views).map(([view, key]) => [view, loader(key!)])) } : {}),
      ...(pages ? { pages: pages.map(({ view, ...page }) => ({ ...page, load: loader(view) as never })) } : {}),
    };
    specs.set(mount, spec);
  }
  return spec;
}

/** The loader of a registry route, and the list's prime (its first page, asked for while the guard runs). */
export function registryLoaders(registry: RegistryRoute, loaders: Loaders): Pick<RouteDef, 'load' | 'prime'> {
  const spec = specOf(registry.mount as RegistryMountData, loaders);
  const load = screen(spec, registry.view, registry.tab);
  if (registry.view !== 'list') return { load };
  // A replaced list view wraps the generic one: the same page.
  return { load, prime: (params, search) => import('./primeList').then((m) => m.primeList(spec, params, search)) };
}

/** An area's routes, registries included, with their loaders (area/withLoaders.ts). */
export const withRegistryLoaders = (data: readonly RouteData[], loaders: Loaders): RouteDef[] => withLoaders(data, loaders, registryLoaders);

/** The spec of a mount that replaces no view (a screen rendered directly: a test). */
export function mountSpec<R extends ResourceName>(resource: R, overrides: Omit<MountOverrides<R>, 'views' | 'pages'> = {}): RegistrySpec {
  return mountData(resource, overrides) as RegistrySpec;
}

/**
 * A registry's routes with their loaders at once (a test, a one-off mount): `resourceRoutes('products')`,
 * or a full spec whose `views` and `pages` carry their own loaders.
 */
export function resourceRoutes<R extends ResourceName>(resource: R, overrides?: MountOverrides<R>): RouteDef[];
export function resourceRoutes(spec: RegistrySpec): RouteDef[];
export function resourceRoutes(resourceOrSpec: ResourceName | RegistrySpec, overrides?: MountOverrides<any>): RouteDef[] {
  if (typeof resourceOrSpec === 'string') return withRegistryLoaders(resourceRouteData(mountData(resourceOrSpec, overrides)), {});
  const { views, pages, details, ...rest } = resourceOrSpec;
  const loaders: Record<string, RouteDef['load']> = {};
  for (const [view, load] of Object.entries(views ?? {})) loaders[`view:${view}`] = load as RouteDef['load'];
  for (const page of pages ?? []) loaders[`page:${page.path}`] = page.load as RouteDef['load'];
  if (details) loaders.details = details as RouteDef['load'];
  const mount: RegistryMountData = {
    ...rest,
    ...(views ? { views: Object.fromEntries(Object.keys(views).map((view) => [view, `view:${view}`])) } : {}),
    ...(pages ? { pages: pages.map(({ path, label }) => ({ path, label, view: `page:${path}` })) } : {}),
    ...(details ? { details: 'details' } : {}),
  };
  return withRegistryLoaders(resourceRouteData(mount), loaders);
}

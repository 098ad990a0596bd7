/**
 * A registry's routes as data (spec §2): base and base/lista (list), base/adicionar, base/{id},
 * base/{id}/editar, base/{id}/{tab} for each show tab and base/{id}/historico (the audit trail);
 * for a single record, base (+ editar, historico). From the catalogue's mount of the declaration
 * (route base, id parameter, `labels.many` as title, field tabs, singleton, bornOf) with the
 * mount's overrides. No React and no declaration: the server reads these routes too.
 */
import { CATALOGUE, catalogueEntry, type CatalogueEntry, type ResourceName } from '../../core/catalogue';
import type { RouteData } from '../../core/routeMatch';
import { AUDIT_TAB, type RegistryMountData, type RegistryView } from './spec';

/** The named lists of a declaration (`list.named`), as the generated catalogue carries them. */
export type ListName<R extends ResourceName> = (typeof CATALOGUE)[R] extends { lists: readonly (infer L extends string)[] } ? L : never;

/**
 * What a mount may change of what its declaration says (a second base, fixed params, one view…);
 * `list` only among the declaration's named lists (checked by the compiler).
 */
export type MountOverrides<R extends ResourceName = ResourceName> = Partial<Omit<RegistryMountData, 'resource' | 'list'>> & { list?: ListName<R> };

/**
 * The mount of declaration `resource` as the catalogue says (`route.base`, `route.idParam`,
 * `labels.many` as title, its field tabs, a singleton as the form at base), with `overrides`.
 */
export function mountSpec<R extends ResourceName>(resource: R, overrides: MountOverrides<R> = {}): RegistryMountData {
  const entry: CatalogueEntry = CATALOGUE[resource];
  const single = overrides.single ?? (entry.kind === 'singleton' ? { mode: 'form' as const } : undefined);
  return {
    resource,
    base: entry.route.base,
    // A single-record mount has no {id} in its path.
    ...(entry.route.idParam && !single ? { idParam: entry.route.idParam } : {}),
    title: entry.labels.many,
    tabs: entry.fieldTabs ?? [],
    ...(single ? { single } : {}),
    ...(entry.bornOf ? { bornOf: true } : {}),
    ...overrides,
  };
}

/**
 * The routes of a mount: `resourceRouteData('products')` mounts a declaration where it says;
 * `resourceRouteData('companies', {base: '/gestao-de-empresas/{companyTypeId}', title: 'Gestão de
 * Empresas'})` mounts it again elsewhere; a full `RegistryMountData` states everything itself.
 */
export function resourceRouteData<R extends ResourceName>(resource: R, overrides?: MountOverrides<R>): RouteData[];
export function resourceRouteData(mount: RegistryMountData): RouteData[];
export function resourceRouteData(resourceOrMount: ResourceName | RegistryMountData, overrides?: MountOverrides<any>): RouteData[] {
  const mount = typeof resourceOrMount === 'string' ? mountSpec(resourceOrMount, overrides) : resourceOrMount;
  const recordLabel = catalogueEntry(mount.resource)?.labels.one;
  // What the list fixes of its requests, as data (the server names the page's first request from it).
  const list = { resource: mount.resource, ...(mount.params ? { params: mount.params } : {}), ...(mount.fixedQuery ? { fixedQuery: mount.fixedQuery } : {}), ...(mount.defaultSort ? { defaultSort: mount.defaultSort } : {}), ...(mount.list ? { list: mount.list } : {}) };
  const route = (path: string, view: RegistryView, tab?: string): RouteData => ({
    path,
    layout: 'portal',
    title: mount.title,
    registry: { mount, view, ...(tab ? { tab } : {}) },
    ...(view === 'list' ? { list } : {}),
    ...(recordLabel ? { recordLabel } : {}),
  });
  if (mount.single) {
    if (mount.single.mode === 'form') return [route(mount.base, 'edit')];
    return [
      route(mount.base, 'show'),
      route(`${mount.base}/editar`, 'edit'),
      ...(mount.tabs ?? []).map((tab) => route(`${mount.base}/${tab}`, 'show', tab)),
      route(`${mount.base}/${AUDIT_TAB}`, 'show', AUDIT_TAB),
    ];
  }
  const id = `${mount.base}/{${mount.idParam ?? 'id'}}`;
  return [
    route(mount.base, 'list'),
    route(`${mount.base}/lista`, 'list'),
    // A record born of another (a parcela of its lançamento) is never added on its own.
    ...(mount.bornOf ? [] : [route(`${mount.base}/adicionar`, 'create')]),
    route(id, 'show'),
    route(`${id}/editar`, 'edit'),
    ...(mount.tabs ?? []).map((tab) => route(`${id}/${tab}`, 'show', tab)),
    ...(mount.pages ?? []).map((page) => route(`${id}/${page.path}`, 'show', page.path)),
    route(`${id}/${AUDIT_TAB}`, 'show', AUDIT_TAB),
  ];
}

import { createElement } from 'react';
import type { RouteDef } from '../../core/router';
import { CATALOGUE, catalogueEntry, type CatalogueEntry, type ResourceName } from '../../core/catalogue';
import { loadDeclaration } from '../../core/catalogue/load';
import { AUDIT_TAB, type RegistryPageProps, type RegistrySpec, type RegistryView, type ViewLoader } from './spec';

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
    (loaded ??= Promise.all([(spec.views?.[view] ?? DEFAULT_VIEWS[view])(), loadDeclaration(spec.resource)]).then(([{ default: View }]) => ({
      default: function RegistryRoute(props: Record<string, unknown>) {
        return createElement(View, { ...props, spec, view, tab } as RegistryPageProps);
      },
    })));
}

/** The named lists of a declaration (`list.named`), as the generated catalogue carries them. */
export type ListName<R extends ResourceName> = (typeof CATALOGUE)[R] extends { lists: readonly (infer L extends string)[] } ? L : never;

/**
 * What a mount may change of what its declaration says (a second base, fixed params, one view…);
 * `list` only among the declaration's named lists (checked by the compiler).
 */
export type MountOverrides<R extends ResourceName = ResourceName> = Partial<Omit<RegistrySpec, 'resource' | 'list'>> & { list?: ListName<R> };

/**
 * The spec of declaration `resource` as its declaration mounts it (`route.base`, `route.idParam`,
 * `labels.many` as title, its field tabs, a singleton as the form at base), with `overrides`.
 */
export function mountSpec<R extends ResourceName>(resource: R, overrides: MountOverrides<R> = {}): RegistrySpec {
  const entry: CatalogueEntry = CATALOGUE[resource];
  const single = overrides.single ?? (entry.kind === 'singleton' ? { mode: 'form' as const } : undefined);
  return {
    resource,
    base: entry.route.base,
    // A single-record mount has no {id} in its path.
    ...(entry.route.idParam && !single ? { idParam: entry.route.idParam } : {}),
    title: entry.labels.many,
    tabs: entry.fieldTabs,
    ...(single ? { single } : {}),
    ...(entry.bornOf ? { bornOf: true } : {}),
    ...overrides,
  };
}

/**
 * The routes of a registry (spec §2): base and base/lista (list), base/adicionar, base/{id},
 * base/{id}/editar, base/{id}/{tab} for each show tab and base/{id}/historico (the audit trail);
 * for a single record, base (+ editar, historico).
 * `resourceRoutes('products')` mounts a declaration where it says; `resourceRoutes('companies',
 * {base: '/gestao-de-empresas/{companyTypeId}', title: 'Gestão de Empresas'})` mounts it again
 * elsewhere; a full `RegistrySpec` states everything itself.
 */
export function resourceRoutes<R extends ResourceName>(resource: R, overrides?: MountOverrides<R>): RouteDef[];
export function resourceRoutes(spec: RegistrySpec): RouteDef[];
export function resourceRoutes(resourceOrSpec: ResourceName | RegistrySpec, overrides?: MountOverrides<any>): RouteDef[] {
  const spec = typeof resourceOrSpec === 'string' ? mountSpec(resourceOrSpec, overrides) : resourceOrSpec;
  const recordLabel = catalogueEntry(spec.resource)?.labels.one;
  // What the list fixes of its requests, as data (the server names the page's first request from it).
  const list = { resource: spec.resource, ...(spec.params ? { params: spec.params } : {}), ...(spec.fixedQuery ? { fixedQuery: spec.fixedQuery } : {}), ...(spec.defaultSort ? { defaultSort: spec.defaultSort } : {}) };
  const route = (path: string, load: RouteDef['load'], prime?: RouteDef['prime']): RouteDef => ({ path, layout: 'portal', title: spec.title, load, ...(prime ? { prime, list } : {}), ...(recordLabel ? { recordLabel } : {}) });
  // The list's first page is asked for while the guard runs, as soon as its chunk is in (a
  // replaced list view wraps the generic one: the same page).
  const prime: RouteDef['prime'] = (params, search) => import('./primeList').then((m) => m.primeList(spec, params, search));
  if (spec.single) {
    if (spec.single.mode === 'form') return [route(spec.base, screen(spec, 'edit'))];
    return [
      route(spec.base, screen(spec, 'show')),
      route(`${spec.base}/editar`, screen(spec, 'edit')),
      ...(spec.tabs ?? []).map((tab) => route(`${spec.base}/${tab}`, screen(spec, 'show', tab))),
      route(`${spec.base}/${AUDIT_TAB}`, screen(spec, 'show', AUDIT_TAB)),
    ];
  }
  const id = `${spec.base}/{${spec.idParam ?? 'id'}}`;
  return [
    route(spec.base, screen(spec, 'list'), prime),
    route(`${spec.base}/lista`, screen(spec, 'list'), prime),
    // A record born of another (a parcela of its lançamento) is never added on its own.
    ...(spec.bornOf ? [] : [route(`${spec.base}/adicionar`, screen(spec, 'create'))]),
    route(id, screen(spec, 'show')),
    route(`${id}/editar`, screen(spec, 'edit')),
    ...(spec.tabs ?? []).map((tab) => route(`${id}/${tab}`, screen(spec, 'show', tab))),
    ...(spec.pages ?? []).map((page) => route(`${id}/${page.path}`, screen(spec, 'show', page.path))),
    route(`${id}/${AUDIT_TAB}`, screen(spec, 'show', AUDIT_TAB)),
  ];
}

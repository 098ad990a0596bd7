import { createElement } from 'react';
import type { RouteDef } from '../../core/router';
import { MOUNTS, type MountName } from './mounts';
import { AUDIT_TAB, type RegistryPageProps, type RegistrySpec, type RegistryView, type ViewLoader } from './spec';

const DEFAULT_VIEWS: Record<RegistryView, ViewLoader> = {
  list: () => import('./ListPage'),
  show: () => import('./ShowPage'),
  create: () => import('./FormPage'),
  edit: () => import('./FormPage'),
};

/** A route loader that binds the spec, the view and the tab; loaded once per route. */
function screen(spec: RegistrySpec, view: RegistryView, tab?: string): RouteDef['load'] {
  let loaded: ReturnType<RouteDef['load']> | null = null;
  return () =>
    (loaded ??= (spec.views?.[view] ?? DEFAULT_VIEWS[view])().then(({ default: View }) => ({
      default: function RegistryRoute(props: Record<string, unknown>) {
        return createElement(View, { ...props, spec, view, tab } as RegistryPageProps);
      },
    })));
}

/** The named lists of a declaration (`list.named`), as the generated mounts carry them. */
export type ListName<R extends MountName> = (typeof MOUNTS)[R] extends { lists: readonly (infer L extends string)[] } ? L : never;

/**
 * What a mount may change of what its declaration says (a second base, fixed params, one view…);
 * `list` only among the declaration's named lists (checked by the compiler).
 */
export type MountOverrides<R extends MountName = MountName> = Partial<Omit<RegistrySpec, 'resource' | 'list'>> & { list?: ListName<R> };

/**
 * The spec of declaration `resource` as its declaration mounts it (`route.base`, `route.idParam`,
 * `labels.many` as title, its field tabs, a singleton as the form at base), with `overrides`.
 */
export function mountSpec<R extends MountName>(resource: R, overrides: MountOverrides<R> = {}): RegistrySpec {
  const mount: { base: string; idParam?: string; title: string; tabs: readonly string[]; singleton?: boolean; bornOf?: boolean } = MOUNTS[resource];
  const single = overrides.single ?? (mount.singleton ? { mode: 'form' as const } : undefined);
  return {
    resource,
    base: mount.base,
    // A single-record mount has no {id} in its path.
    ...(mount.idParam && !single ? { idParam: mount.idParam } : {}),
    title: mount.title,
    tabs: mount.tabs,
    ...(single ? { single } : {}),
    ...(mount.bornOf ? { bornOf: true } : {}),
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
export function resourceRoutes<R extends MountName>(resource: R, overrides?: MountOverrides<R>): RouteDef[];
export function resourceRoutes(spec: RegistrySpec): RouteDef[];
export function resourceRoutes(resourceOrSpec: MountName | RegistrySpec, overrides?: MountOverrides<any>): RouteDef[] {
  const spec = typeof resourceOrSpec === 'string' ? mountSpec(resourceOrSpec, overrides) : resourceOrSpec;
  const recordLabel = (MOUNTS as Record<string, { one?: string }>)[spec.resource]?.one;
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

import { createElement } from 'react';
import type { RouteDef } from '../../core/router';
import type { RegistryPageProps, RegistrySpec, RegistryView, ViewLoader } from './spec';

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

/**
 * The routes of a registry (spec §2): base and base/lista (list), base/adicionar, base/{id},
 * base/{id}/editar and base/{id}/{tab} for each show tab; for a single record, base (+ editar).
 */
export function resourceRoutes(spec: RegistrySpec): RouteDef[] {
  const route = (path: string, load: RouteDef['load']): RouteDef => ({ path, layout: 'portal', title: spec.title, load });
  if (spec.single) {
    if (spec.single.mode === 'form') return [route(spec.base, screen(spec, 'edit'))];
    return [
      route(spec.base, screen(spec, 'show')),
      route(`${spec.base}/editar`, screen(spec, 'edit')),
      ...(spec.tabs ?? []).map((tab) => route(`${spec.base}/${tab}`, screen(spec, 'show', tab))),
    ];
  }
  const id = `${spec.base}/{${spec.idParam ?? 'id'}}`;
  return [
    route(spec.base, screen(spec, 'list')),
    route(`${spec.base}/lista`, screen(spec, 'list')),
    route(`${spec.base}/adicionar`, screen(spec, 'create')),
    route(id, screen(spec, 'show')),
    route(`${id}/editar`, screen(spec, 'edit')),
    ...(spec.tabs ?? []).map((tab) => route(`${id}/${tab}`, screen(spec, 'show', tab))),
    ...(spec.pages ?? []).map((page) => route(`${id}/${page.path}`, screen(spec, 'show', page.path))),
  ];
}

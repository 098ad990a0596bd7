/** Builders of plain route data (no React): the areas' `routes.data.ts` state their routes with them. */
import type { RouteData } from '../../core/routeMatch';

/** A portal page; without `view`, the "em construção" placeholder. */
export const page = (path: string, title: string, extra: Partial<RouteData> = {}): RouteData => ({ path, title, layout: 'portal', view: 'placeholder', ...extra });

/** A public page of the login layout. */
export const loginPage = (path: string, view: string, title: string): RouteData => ({ path, layout: 'login', public: true, view, title });

/** A path that only sends elsewhere. */
export const redirect = (path: string, to: string, title: string): RouteData => ({ path, title, layout: 'portal', redirectTo: to });

/** A registry not built yet (placeholders): `base`, `base/lista`, `base/adicionar`, `base/{id}`, `base/{id}/editar` (+ more under {id} and base). */
export function placeholderRegistry(base: string, idParam: string, title: string, under: string[] = [], extra: string[] = []): RouteData[] {
  const id = `${base}/{${idParam}}`;
  return [
    page(base, title),
    page(`${base}/lista`, title),
    page(`${base}/adicionar`, title),
    page(id, title),
    page(`${id}/editar`, title),
    ...under.map((sub) => page(`${id}/${sub}`, title)),
    ...extra.map((sub) => page(`${base}/${sub}`, title)),
  ];
}

import { LIST_PARAM } from '../../contracts/listPreferences';
import { fillPath, type AnyResource } from '../../contracts/resource';

export type PathParams = Readonly<Record<string, string | undefined>>;

/** API path of a resource (its `{parent}` placeholders filled), optionally of one record. */
export function apiPath(resource: Pick<AnyResource, 'path'>, params: PathParams, id?: string, suffix?: string): string {
  const base = fillPath(resource.path, params);
  const withId = id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
  return suffix ? `${withId}/${suffix}` : withId;
}

/** Where a registry's screens live: the filled route base and its extra path parameters. */
export interface RegistryRoutes {
  /** Filled base path: `/configuracoes/aplicacoes/7/acls`. */
  base: string;
  /** Path parameters for the API path (`applicationId`), from the route or fixed by the module. */
  params: PathParams;
}

export const listHref = (routes: RegistryRoutes) => routes.base;
export const createHref = (routes: RegistryRoutes) => `${routes.base}/adicionar`;
export const showHref = (routes: RegistryRoutes, id: string) => `${routes.base}/${encodeURIComponent(id)}`;
export const editHref = (routes: RegistryRoutes, id: string) => `${showHref(routes, id)}/editar`;

/**
 * A list's preferences request (`{list path}/preferences`, `?list=` for a named list): what the
 * list screen asks for beside its first page, and what a list's portal page names for
 * retaguarda.js to send early (server/http/firstPage.ts).
 */
export function preferencesRequest(resource: Pick<AnyResource, 'path'>, params: PathParams, list?: string): { path: string; query: Record<string, string> | undefined } {
  return { path: apiPath(resource, params, undefined, 'preferences'), query: list ? { [LIST_PARAM]: list } : undefined };
}

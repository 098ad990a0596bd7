/**
 * What a registry list asks the API for, from its mount and the URL — one definition for the
 * list screen, for the route that primes its first page while the guard runs (primeList.ts) and
 * for the server that names that request in the portal page (server/http/firstPage.ts).
 */
import type { AnyResource } from '../../contracts/resource';
import { apiPath } from '../../core/resources/paths';
import { apiQuery, readListState, type ListMount, type ListState } from '../../core/resources/query';
import type { QueryParams } from '../../core/url';

/** The URL's list state, with the mount's default sort when the URL names none. */
export function listState(resource: AnyResource, defaultSort: ListMount['defaultSort'], search: string): ListState {
  const params = new URLSearchParams(search);
  const read = readListState(resource, params);
  return defaultSort && !params.get('sort') ? { ...read, sort: defaultSort } : read;
}

/** What the API gets: the URL's state plus what the mount fixes (a queue's status, `mine`). */
export function listQueryState(state: ListState, fixedQuery: ListMount['fixedQuery']): ListState {
  return fixedQuery ? { ...state, filters: { ...state.filters, ...(fixedQuery as Record<string, string[]>) } } : state;
}

/** The first page a list route shows at `search`: its API family, path and query (`apiQuery` of its state: page and perPage included). */
export function firstPageRequest(resource: AnyResource, mount: ListMount, routeParams: Readonly<Record<string, string>>, search: string): { api: string; path: string; query: QueryParams } {
  return {
    api: resource.api,
    path: apiPath(resource, { ...routeParams, ...mount.params }),
    query: apiQuery(listQueryState(listState(resource, mount.defaultSort, search), mount.fixedQuery)),
  };
}

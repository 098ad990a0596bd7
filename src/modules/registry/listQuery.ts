/**
 * What a registry list asks the API for, from its mount and the URL — one definition for the
 * list screen and for the route that primes its first page while the guard runs (primeList.ts).
 */
import type { AnyResource } from '../../contracts/resource';
import { readListState, type ListState } from '../../core/resources/query';
import type { RegistrySpec } from './spec';

/** The URL's list state, with the mount's default sort when the URL names none. */
export function listState(resource: AnyResource, defaultSort: RegistrySpec['defaultSort'], search: string): ListState {
  const params = new URLSearchParams(search);
  const read = readListState(resource, params);
  return defaultSort && !params.get('sort') ? { ...read, sort: defaultSort } : read;
}

/** What the API gets: the URL's state plus what the mount fixes (a queue's status, `mine`). */
export function listQueryState(state: ListState, fixedQuery: RegistrySpec['fixedQuery']): ListState {
  return fixedQuery ? { ...state, filters: { ...state.filters, ...(fixedQuery as Record<string, string[]>) } } : state;
}

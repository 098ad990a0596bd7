/**
 * The user's own columns and saved filters of a list, read from and written to the server
 * (`{list path}/preferences`, `?list=` for a named list such as a queue:
 * src/contracts/listPreferences.ts), shared through the query cache.
 */
import { useCallback } from 'react';
import { listKey, NO_PREFERENCES, type ListPreferences } from '../../contracts/listPreferences';
import type { AnyResource } from '../../contracts/resource';
import { request } from '../api';
import { prefetchQuery, setQueryData, useQuery } from './cache';
import { preferencesRequest, type PathParams } from './paths';

export interface ListPreferencesResult {
  preferences: ListPreferences;
  /** The answer (or its failure) is in: the columns shown are the user's, not the declaration's for a moment. */
  settled: boolean;
  /** Stores the whole set (an error is the caller's to show: the request is silent). */
  save: (next: ListPreferences) => Promise<ListPreferences>;
}

/** The cache key and the request of a list's preferences (a list without them still works: no notice when they cannot be read). */
function preferencesQuery(resource: AnyResource, params: PathParams, list?: string) {
  const { path, query: listQuery } = preferencesRequest(resource, params, list);
  return {
    key: ['listPreferences', listKey(resource.name, list)],
    path,
    listQuery,
    fetch: (signal?: AbortSignal) => request<ListPreferences>(resource.api, path, { signal, silent: true, query: listQuery }),
  };
}

/** Asks for the preferences now, beside the list's first page (its route's prime). */
export function primeListPreferences(resource: AnyResource, params: PathParams, list?: string): void {
  if (!resource.list) return;
  const { key, fetch } = preferencesQuery(resource, params, list);
  prefetchQuery(key, fetch);
}

/**
 * An answer of another shape (an older server) counts as no choice. The server validates what it
 * stores and answers through the same schema; the list only checks the shape it reads, without
 * zod (a list screen does not load it).
 */
function isPreferences(data: unknown): data is ListPreferences {
  if (!data || typeof data !== 'object') return false;
  const { columns, filters } = data as Partial<ListPreferences>;
  return Array.isArray(filters) && (columns === null || (Array.isArray(columns) && columns.length > 0));
}

export function useListPreferences(resource: AnyResource, params: PathParams, enabled = true, list?: string): ListPreferencesResult {
  const { key, path, listQuery, fetch } = preferencesQuery(resource, params, list);
  const query = useQuery<ListPreferences>(enabled && resource.list ? key : null, fetch, enabled);
  const current = isPreferences(query.data) ? query.data : NO_PREFERENCES;
  // Shown at once (a checkbox follows the click); the server's answer replaces it, a refusal undoes it.
  const save = useCallback(async (next: ListPreferences) => {
    const cacheKey = ['listPreferences', listKey(resource.name, list)];
    setQueryData(cacheKey, next);
    try {
      const saved = await request<ListPreferences>(resource.api, path, { method: 'PUT', body: next, silent: true, query: listQuery });
      setQueryData(cacheKey, saved);
      return saved;
    } catch (error) {
      setQueryData(cacheKey, current);
      throw error;
    }
  }, [resource, path, current, list]);
  return { preferences: current, settled: !query.loading, save };
}

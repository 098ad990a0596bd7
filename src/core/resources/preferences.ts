/**
 * The user's own columns and saved filters of a list, read from and written to the server
 * (`{list path}/preferences`, `?list=` for a named list such as a queue:
 * src/contracts/listPreferences.ts), shared through the query cache.
 */
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { LIST_PARAM, listKey, listPreferencesSchema, NO_PREFERENCES, type ListPreferences } from '../../contracts/listPreferences';
import type { AnyResource } from '../../contracts/resource';
import { request } from '../api';
import { setQueryData, useQuery } from './cache';
import { apiPath, type PathParams } from './paths';

export interface ListPreferencesResult {
  preferences: ListPreferences;
  /** Stores the whole set (an error is the caller's to show: the request is silent). */
  save: (next: ListPreferences) => Promise<ListPreferences>;
}

export function useListPreferences(resource: AnyResource, params: PathParams, enabled = true, list?: string): ListPreferencesResult {
  const key = ['listPreferences', listKey(resource.name, list)];
  const path = apiPath(resource, params, undefined, 'preferences');
  const listQuery = list ? { [LIST_PARAM]: list } : undefined;
  // A list without its preferences still works: no notice when they cannot be read.
  const query = useQuery<ListPreferences>(enabled && resource.list ? key : null, (signal) => request<ListPreferences>(resource.api, path, { signal, silent: true, query: listQuery }), enabled);
  // An answer of another shape (an older server) counts as no choice.
  const parsed = query.data === undefined ? null : z.safeParse(listPreferencesSchema, query.data);
  const current = parsed?.success ? parsed.data : NO_PREFERENCES;
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
  return { preferences: current, save };
}

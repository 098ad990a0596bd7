/**
 * The user's own columns and saved filters of a list, read from and written to the server
 * (`{list path}/preferences`, src/contracts/listPreferences.ts), shared through the query cache.
 */
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { listPreferencesSchema, NO_PREFERENCES, type ListPreferences } from '../../contracts/listPreferences';
import type { AnyResource } from '../../contracts/resource';
import { request } from '../api';
import { setQueryData, useQuery } from './cache';
import { apiPath, type PathParams } from './paths';

export interface ListPreferencesResult {
  preferences: ListPreferences;
  /** Stores the whole set (an error is the caller's to show: the request is silent). */
  save: (next: ListPreferences) => Promise<ListPreferences>;
}

export function useListPreferences(resource: AnyResource, params: PathParams, enabled = true): ListPreferencesResult {
  const key = ['listPreferences', resource.name];
  const path = apiPath(resource, params, undefined, 'preferences');
  // A list without its preferences still works: no notice when they cannot be read.
  const query = useQuery<ListPreferences>(enabled && resource.list ? key : null, (signal) => request<ListPreferences>(resource.api, path, { signal, silent: true }), enabled);
  // An answer of another shape (an older server) counts as no choice.
  const parsed = query.data === undefined ? null : z.safeParse(listPreferencesSchema, query.data);
  const current = parsed?.success ? parsed.data : NO_PREFERENCES;
  // Shown at once (a checkbox follows the click); the server's answer replaces it, a refusal undoes it.
  const save = useCallback(async (next: ListPreferences) => {
    const cacheKey = ['listPreferences', resource.name];
    setQueryData(cacheKey, next);
    try {
      const saved = await request<ListPreferences>(resource.api, path, { method: 'PUT', body: next, silent: true });
      setQueryData(cacheKey, saved);
      return saved;
    } catch (error) {
      setQueryData(cacheKey, current);
      throw error;
    }
  }, [resource, path, current]);
  return { preferences: current, save };
}

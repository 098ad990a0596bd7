import { useCallback, useEffect, useRef, useState } from 'react';
import { recordName, REFERENCE_PAGE_SIZE } from '../../contracts/resource';
import type { ResourceSummary } from '../catalogue/types';
import { request, requestPage, toApiError, type ApiError } from '../api';
import { apiPath, type PathParams } from './paths';
import type { Row } from './useList';

export interface Option {
  id: string;
  label: string;
}

export interface ReferenceOptions {
  options: Option[];
  loading: boolean;
  /** More pages exist after the loaded ones. */
  hasMore: boolean;
  /** Loads the next step of `REFERENCE_PAGE_SIZE` (10) options (infinite scroll). */
  loadMore: () => void;
  /** Options were loaded at least once for the current search. */
  loaded: boolean;
  /**
   * The last search could not be answered (an ended session, offline…): the list shows why, never
   * "Não há resultados." (a 401 also raises the spec's 401 notice: api.ts).
   */
  error: ApiError | null;
}

/**
 * Options of a reference select (spec §9): search with no delay and no minimum length, 10 more
 * per step, sorted by the target's title field. Only fetches while `enabled` (the list is open).
 * `activeOnly`: a form's choice among records that can be inactivated offers the active ones (the
 * API refuses a newly chosen inactive one); a filter offers them all.
 */
export function useReferenceOptions(target: ResourceSummary, params: PathParams, search: string, enabled: boolean, activeOnly = false): ReferenceOptions {
  const [state, setState] = useState<{ options: Option[]; page: number; hasMore: boolean; loading: boolean; loaded: boolean; error: ApiError | null }>({
    options: [],
    page: 0,
    hasMore: false,
    loading: false,
    loaded: false,
    error: null,
  });
  const controller = useRef<AbortController | null>(null);
  // A target nested under a parent the screen does not name (companies under a company type) has
  // no list to offer: no options rather than a crash.
  let path: string | null = null;
  try {
    path = apiPath(target, params);
  } catch {
    path = null;
  }

  const fetchPage = useCallback(
    (page: number, reset: boolean) => {
      controller.current?.abort();
      if (path === null) {
        setState((s) => ({ ...s, loading: false, loaded: true, hasMore: false, error: null }));
        return;
      }
      const current = new AbortController();
      controller.current = current;
      setState((s) => ({ ...s, loading: true, error: null, ...(reset ? { options: [], loaded: false } : {}) }));
      requestPage<Row>(target.api, path, {
        page,
        perPage: REFERENCE_PAGE_SIZE,
        query: { sort: target.titleField, ...(search ? { q: search } : {}), ...(activeOnly && target.activable ? { isActive: 'true' } : {}) },
        signal: current.signal,
        silent: true,
      })
        .then(({ items, pagination }) => {
          const fresh = items.map((row) => ({ id: row.id, label: recordName(target, row[target.titleField]) || row.id }));
          setState((s) => {
            const seen = new Set(reset ? [] : s.options.map((o) => o.id));
            const options = [...(reset ? [] : s.options), ...fresh.filter((o) => !seen.has(o.id))];
            const hasMore = pagination.nextPage !== null ? true : items.length === REFERENCE_PAGE_SIZE && pagination.lastPage === null;
            return { options, page, hasMore, loading: false, loaded: true, error: null };
          });
        })
        .catch((error: unknown) => {
          const failure = toApiError(error);
          if (!failure.aborted) setState((s) => ({ ...s, loading: false, loaded: true, hasMore: false, error: failure }));
        });
    },
    [target, path, search, activeOnly],
  );

  useEffect(() => {
    if (enabled) fetchPage(1, true);
    return () => controller.current?.abort();
  }, [enabled, fetchPage]);

  const loadMore = useCallback(() => {
    setState((s) => {
      if (!s.loading && s.hasMore) queueMicrotask(() => fetchPage(s.page + 1, false));
      return s;
    });
  }, [fetchPage]);

  return { options: state.options, loading: state.loading, hasMore: state.hasMore, loadMore, loaded: state.loaded, error: state.error };
}

/**
 * Names of selected ids nobody told the select (a value the screen set — a generated parcela's
 * receiving account — rather than one picked from the list or read with its `_refs`): each is
 * read once from the target (GET {path}/{id}) and reported with `onLabel`; until then, or when
 * it cannot be read, the select shows the id.
 */
export function useMissingLabels(target: ResourceSummary, params: PathParams, ids: readonly string[], known: ReadonlyMap<string, string>, onLabel: (id: string, label: string) => void): void {
  const asked = useRef(new Set<string>());
  useEffect(() => {
    let path: string;
    try {
      path = apiPath(target, params);
    } catch {
      return;
    }
    for (const id of ids) {
      if (known.has(id) || asked.current.has(id)) continue;
      asked.current.add(id);
      request<Row>(target.api, `${path}/${encodeURIComponent(id)}`, { silent: true })
        .then((row) => onLabel(id, recordName(target, row[target.titleField]) || id))
        .catch(() => undefined);
    }
  }, [target, params, ids, known, onLabel]);
}

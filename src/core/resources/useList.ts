import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyResource, RecordBase } from '../../contracts/resource';
import { requestPage, toApiError, type ApiError, type PageResult, type Pagination } from '../api';
import { onInvalidate } from './cache';
import { takePrimed } from './primed';
import { apiPath, type PathParams } from './paths';
import { apiQuery, type ListState } from './query';

export type Row = RecordBase & Record<string, unknown>;

export interface ListResult {
  rows: Row[];
  pagination: Pagination | null;
  total: number | null;
  /** The server stopped counting past this many matches (`X-Total-Count-Over`). */
  totalOver: number | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
}

const shown = (answer: PageResult<Row>): Omit<ListResult, 'reload'> => ({ rows: answer.items, pagination: answer.pagination, total: answer.total, totalOver: answer.totalOver, loading: false, error: null });

/** One page of a resource for the list state taken from the URL (nothing while not `enabled`). Aborts stale requests. */
export function useList(resource: AnyResource, state: ListState, params: PathParams, enabled = true): ListResult {
  const path = apiPath(resource, params);
  const key = JSON.stringify(apiQuery(state));
  // The route may have asked for this very page while its guard ran: taken at the first render,
  // which shows its rows when the answer is already there.
  const [primedPage] = useState(() => (enabled ? takePrimed<Row>(resource.api, path, key) : undefined));
  const firstRun = useRef(true);
  const shownKey = useRef(`${path} ${key}`);
  const [result, setResult] = useState<Omit<ListResult, 'reload'>>(() =>
    primedPage?.value ? shown(primedPage.value) : { rows: [], pagination: null, total: null, totalOver: null, loading: true, error: null },
  );
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    // A later page too: a navigation within the list (a search, a page) primes the new page while its
    // guard runs; the list takes that request instead of sending the same one again. Never on a
    // reload of the same page (a change was saved): that one asks the server again.
    const first = firstRun.current;
    const newPage = shownKey.current !== `${path} ${key}`;
    shownKey.current = `${path} ${key}`;
    const primedAnswer = first ? primedPage : newPage ? takePrimed<Row>(resource.api, path, key) : undefined;
    firstRun.current = false;
    if (primedAnswer?.value) {
      if (!first) setResult(shown(primedAnswer.value));
      return;
    }
    const controller = new AbortController();
    setResult((r) => ({ ...r, loading: true, error: null }));
    const { page, perPage, ...query } = JSON.parse(key) as Record<string, never>;
    (primedAnswer?.answer ?? requestPage<Row>(resource.api, path, { page, perPage, query, signal: controller.signal }))
      .then((answer) => {
        if (!controller.signal.aborted) setResult(shown(answer));
      })
      .catch((error: unknown) => {
        // Left (aborted): the answer is no longer this list's, primed or not.
        if (!controller.signal.aborted) setResult((r) => ({ ...r, rows: [], loading: false, error: toApiError(error) }));
      });
    return () => controller.abort();
  }, [resource, path, key, generation, enabled]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  // A change elsewhere (a transition, a save) invalidates the resource: fetch the page again.
  useEffect(() => onInvalidate([resource.name], reload), [resource, reload]);
  return { ...result, reload };
}

/**
 * A small query cache shared by every element of the page (one module instance in the core
 * chunk): answers kept by key (`['orders', 'record', id]`), one request in flight per key,
 * subscribers re-rendered on change, and `invalidate(prefix)` that marks matching entries stale
 * and fetches again the ones on screen. After a workflow transition the record, its history and
 * every list of the resource refresh this way.
 *
 * Why not TanStack Query: 10.3 KB gzip (v5.108, QueryClient + useQuery + useMutation, minified)
 * in the shared core for the two things used here — dedupe and prefix invalidation — which fit
 * in under 1 KB. Keys are arrays of strings; a prefix matches element by element.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { toApiError, type ApiError } from '../api';

export type QueryKey = readonly string[];

interface Entry {
  data?: unknown;
  error?: ApiError;
  /** Fetch in flight. */
  promise?: Promise<void>;
  stale: boolean;
  fetcher?: (signal: AbortSignal) => Promise<unknown>;
  listeners: Set<() => void>;
  /** Bumped on every change (the snapshot useSyncExternalStore compares). */
  tick: number;
}

const entries = new Map<string, Entry>();
const hash = (key: QueryKey) => JSON.stringify(key);

function entryOf(key: QueryKey): Entry {
  const id = hash(key);
  let entry = entries.get(id);
  if (!entry) {
    entry = { stale: true, listeners: new Set(), tick: 0 };
    entries.set(id, entry);
  }
  return entry;
}

function changed(entry: Entry) {
  entry.tick++;
  for (const listener of [...entry.listeners]) listener();
}

function run(entry: Entry): Promise<void> {
  if (entry.promise || !entry.fetcher) return entry.promise ?? Promise.resolve();
  const controller = new AbortController();
  const promise = entry
    .fetcher(controller.signal)
    .then(
      (data) => {
        entry.data = data;
        entry.error = undefined;
        entry.stale = false;
      },
      (error: unknown) => {
        entry.error = toApiError(error);
        entry.stale = false;
      },
    )
    .finally(() => {
      entry.promise = undefined;
      changed(entry);
    });
  entry.promise = promise;
  changed(entry);
  return promise;
}

const matches = (id: string, prefix: QueryKey) => {
  const key = JSON.parse(id) as string[];
  return prefix.every((part, i) => key[i] === part);
};

const prefixListeners = new Set<{ prefix: QueryKey; listener: () => void }>();
const related = (a: QueryKey, b: QueryKey) => (a.length <= b.length ? a : b).every((part, i) => a[i] === b[i]);

/**
 * Marks every entry under `prefix` stale (those on screen fetch again now) and tells the
 * `onInvalidate` listeners whose prefix is related (lists that keep their own state).
 */
export function invalidate(prefix: QueryKey): Promise<void> {
  for (const item of [...prefixListeners]) if (related(item.prefix, prefix)) item.listener();
  const pending: Promise<void>[] = [];
  for (const [id, entry] of entries) {
    if (!matches(id, prefix)) continue;
    entry.stale = true;
    if (entry.listeners.size) pending.push(run(entry));
    else entries.delete(id);
  }
  return Promise.all(pending).then(() => undefined);
}

/** Calls `listener` when something under (or above) `prefix` is invalidated. */
export function onInvalidate(prefix: QueryKey, listener: () => void): () => void {
  const item = { prefix, listener };
  prefixListeners.add(item);
  return () => {
    prefixListeners.delete(item);
  };
}

/**
 * Starts `fetcher` for `key` now unless the cache has a fresh answer or a request in flight (a
 * route's prime: the screen's `useQuery` of the same key then waits for this request, not a second).
 */
export function prefetchQuery(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<unknown>): void {
  const entry = entryOf(key);
  if (entry.promise || (!entry.stale && entry.data !== undefined)) return;
  entry.fetcher = fetcher;
  void run(entry);
}

/** The answer for `key`: the cached one while fresh, else `fetcher`'s (sharing a request in flight); a failure throws. */
export async function fetchQuery<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>): Promise<T> {
  prefetchQuery(key, fetcher);
  const entry = entryOf(key);
  await entry.promise;
  if (entry.error) throw entry.error;
  return entry.data as T;
}

/** Puts an answer in the cache (a transition returns the record: no second request). */
export function setQueryData(key: QueryKey, data: unknown): void {
  const entry = entryOf(key);
  entry.data = data;
  entry.error = undefined;
  entry.stale = false;
  changed(entry);
}

/** Drops everything (sign-out, tests). */
export function clearCache(): void {
  entries.clear();
}

export interface QueryResult<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  /** Fetches again (keeps showing the current data meanwhile). */
  reload: () => Promise<void>;
}

/**
 * The cached answer for `key`, fetched when missing or stale (nothing while not `enabled`).
 * Components showing the same key share one request and one answer.
 */
export function useQuery<T>(key: QueryKey | null, fetcher: (signal: AbortSignal) => Promise<T>, enabled = true): QueryResult<T> {
  const id = key ? hash(key) : null;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!key) return () => undefined;
      const entry = entryOf(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id],
  );
  const tick = useSyncExternalStore(subscribe, () => (key ? entryOf(key).tick : -1), () => -1);
  const [, force] = useState(0);
  useEffect(() => {
    if (!key || !enabled) return;
    const entry = entryOf(key);
    entry.fetcher = fetcher as Entry['fetcher'];
    if (entry.stale && !entry.promise) void run(entry);
    else force((n) => n + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, enabled]);
  const entry = key ? entries.get(hash(key)) : undefined;
  void tick;
  return {
    data: entry?.data as T | undefined,
    error: entry?.error ?? null,
    loading: Boolean(enabled && key && (!entry || entry.promise || (entry.stale && entry.data === undefined && !entry.error))),
    reload: useCallback(() => (key ? run(Object.assign(entryOf(key), { stale: true })) : Promise.resolve()), [id]),
  };
}

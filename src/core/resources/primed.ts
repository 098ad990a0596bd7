/**
 * A list's first page asked for while the route guard runs (render while fetching): the route
 * primes it (modules/registry/primeList.ts), the list takes the answer instead of asking again —
 * already there when the router waited for it (RouterHost), so the screen's first render shows
 * its rows. Nothing renders before the guard allows it; when the guard refuses, the route's
 * release drops the answer unread.
 */
import type { PageResult } from '../api';

/** What a route's `prime` started: the answer in flight (none when nothing was asked) and its release. */
export interface Primed {
  answer?: Promise<unknown>;
  release(): void;
}

/** A primed page: its answer, and its value once it came back. */
export interface PrimedPage<T = unknown> {
  answer: Promise<PageResult<T>>;
  value?: PageResult<T>;
}

/** Primed pages by `primeKey`. */
export const primed = new Map<string, PrimedPage>();

/** Keeps `answer` for the list that will show it; returns its release (drops it unless taken). */
export function keepPrimed(key: string, answer: Promise<PageResult<unknown>>): () => void {
  const page: PrimedPage = { answer };
  answer.then((value) => (page.value = value)).catch(() => undefined);
  primed.set(key, page);
  return () => primed.get(key) === page && primed.delete(key);
}

/** `query`: the list's `JSON.stringify(apiQuery(state))`. */
export const primeKey = (api: string, path: string, query: string) => `${api} ${path} ${query}`;

/** The primed page, once (the list then owns it), or undefined. */
export function takePrimed<T>(api: string, path: string, query: string): PrimedPage<T> | undefined {
  const key = primeKey(api, path, query);
  const page = primed.get(key);
  primed.delete(key);
  return page as PrimedPage<T> | undefined;
}

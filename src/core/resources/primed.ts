/**
 * A list's first page asked for while the route guard runs (render while fetching): the route
 * primes it (modules/registry/primeList.ts), the list takes the answer in flight instead of
 * asking again. Nothing renders before the guard allows it; when the guard refuses, the route's
 * release drops the answer unread.
 */
import type { PageResult } from '../api';

/** What a route's `prime` started: the answer in flight (none when nothing was asked) and its release. */
export interface Primed {
  answer?: Promise<unknown>;
  release(): void;
}

/** Answers in flight by `primeKey`. */
export const primed = new Map<string, Promise<PageResult<unknown>>>();

/** `query`: the list's `JSON.stringify(apiQuery(state))`. */
export const primeKey = (api: string, path: string, query: string) => `${api} ${path} ${query}`;

/** The primed answer for this page, once (the list then owns it), or undefined. */
export function takePrimed<T>(api: string, path: string, query: string): Promise<PageResult<T>> | undefined {
  const key = primeKey(api, path, query);
  const answer = primed.get(key);
  primed.delete(key);
  return answer as Promise<PageResult<T>> | undefined;
}

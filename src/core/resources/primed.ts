/**
 * A list's first page asked for while the route guard runs (render while fetching): the route
 * primes it, the list takes the answer in flight instead of asking again. Nothing renders before
 * the guard allows it; when the guard refuses, `release` drops the answer unread.
 */
import { requestPage, type PageResult } from '../api';

const primed = new Map<string, Promise<PageResult<unknown>>>();

/** Sends the page now (`query`: the list's `JSON.stringify(apiQuery(state))`); returns its release. */
export function primePage(api: string, path: string, query: string): () => void {
  const key = `${api} ${path} ${query}`;
  const { page, perPage, ...rest } = JSON.parse(query) as Record<string, never>;
  const answer = requestPage(api, path, { page, perPage, query: rest });
  answer.catch(() => undefined);
  primed.set(key, answer);
  return () => primed.get(key) === answer && primed.delete(key);
}

/** The primed answer for this page, once (the list then owns it), or undefined. */
export function takePrimed<T>(api: string, path: string, query: string): Promise<PageResult<T>> | undefined {
  const key = `${api} ${path} ${query}`;
  const answer = primed.get(key);
  primed.delete(key);
  return answer as Promise<PageResult<T>> | undefined;
}

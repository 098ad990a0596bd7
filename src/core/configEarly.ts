/**
 * Guard step 1's request for app.config.json, sent by retaguarda.js as soon as it finds a `bo-*`
 * tag — before the element's own code has downloaded — so the answer is there when the guard
 * asks (`takeEarlyConfig`). Same request as the guard's: the spec's timestamp parameter, no
 * cache. Once per page; every later read of the config asks the server again.
 */

/** Adds the cache-busting timestamp parameter `t` (spec §7). */
export function withTimestamp(url: string, now = Date.now()): string {
  const [base, hash] = url.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}t=${now}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export const CONFIG_REQUEST: RequestInit = { headers: { Accept: 'application/json' }, cache: 'no-store' };

let early: { url: string; answer: Promise<Response> } | null | undefined;

export function requestConfigEarly(url: string): void {
  if (early !== undefined) return;
  const answer = fetch(withTimestamp(url), CONFIG_REQUEST);
  answer.catch(() => undefined);
  early = { url, answer };
}

/** Whether the early answer for `url` is still there to take. */
export const hasEarlyConfig = (url: string): boolean => Boolean(early && early.url === url);

/** The early answer when it was asked for `url` and nobody took it yet. */
export function takeEarlyConfig(url: string): Promise<Response> | undefined {
  const taken = early?.url === url ? early.answer : undefined;
  if (early) early = null;
  return taken;
}

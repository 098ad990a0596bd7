/**
 * Guard step 1's request for app.config.json, sent by retaguarda.js as soon as it finds a `bo-*`
 * tag — before the element's own code has downloaded — so the answer is there when the guard
 * asks (`takeEarlyConfig`). Same request as the guard's: the spec's timestamp parameter, no
 * cache. Once per page; every later read of the config asks the server again. The portal's page
 * asks even sooner, inline (src/elements/early.ts); the state is shared (earlyStore.ts).
 */
import { earlyStore } from './earlyStore';

/** Adds the cache-busting timestamp parameter `t` (spec §7). */
export function withTimestamp(url: string, now = Date.now()): string {
  const [base, hash] = url.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}t=${now}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export const CONFIG_REQUEST: RequestInit = { headers: { Accept: 'application/json' }, cache: 'no-store' };

export function requestConfigEarly(url: string): void {
  const store = earlyStore();
  if (store.config !== undefined) return;
  const answer = fetch(withTimestamp(url), CONFIG_REQUEST);
  answer.catch(() => undefined);
  store.config = { url, answer };
}

/** Whether the early answer for `url` is still there to take. */
export const hasEarlyConfig = (url: string): boolean => earlyStore().config?.url === url;

/** The early answer when it was asked for `url` and nobody took it yet. */
export function takeEarlyConfig(url: string): Promise<Response> | undefined {
  const store = earlyStore();
  const taken = store.config?.url === url ? store.config.answer : undefined;
  if (store.config) store.config = null;
  return taken;
}

/** Tests: forget the page's early read. */
export function resetConfigEarly(): void {
  earlyStore().config = undefined;
}

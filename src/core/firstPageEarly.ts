/**
 * The portal page's first list requests, sent by retaguarda.js as soon as it runs — before the
 * portal's code has downloaded and evaluated — so the rows travel meanwhile (issue 9, render while
 * fetching). The server names them in the page (`<meta name="retaguarda-first-page">`,
 * server/http/firstPage.ts): the URLs the list's prime will ask for (its first page and the
 * list's preferences, which the list awaits too), from the route, the page's query and the
 * config's API URL. The API transport hands the answer to that prime when it asks
 * for the same URL with the same token (`takeEarlyAnswer`); any other request goes out as usual.
 * Same-origin only, and only with a stored full session: the same token the prime would send.
 * Nothing is shown from it before the guard allows the screen, and the server checks the
 * permission of the request itself. The portal's page sends them even sooner, inline
 * (src/elements/early.ts); the state is shared (earlyStore.ts).
 */
import { earlyStore, type EarlyRequest } from './earlyStore';
import { SESSION_STORAGE_PREFIX } from './sessionKeys';
import { browserWasClosed } from './sessionClosed';
import { isSameOrigin } from './url';

export const FIRST_PAGE_META = 'retaguarda-first-page';

/** An answer not taken by then is dropped: a later visit to the same list asks again. */
export const EARLY_ANSWER_TTL_MS = 10_000;

function stored(storage: Storage, field: string): unknown {
  try {
    return JSON.parse(storage.getItem(`${SESSION_STORAGE_PREFIX}${field}`) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * Sends the page's named first requests (the meta's space-separated URLs: a list's first page and
 * its preferences), once per page; nothing without the meta, a same-origin URL or a stored full session.
 */
export function requestFirstPageEarly(doc: Document = document, storage: Storage | undefined = globalThis.localStorage, now = Date.now()): void {
  const store = earlyStore();
  if (store.firstPage !== undefined) return;
  const early = new Map<string, EarlyRequest>();
  store.firstPage = early;
  const urls = (doc.querySelector(`meta[name="${FIRST_PAGE_META}"]`)?.getAttribute('content') ?? '').split(/\s+/).filter(Boolean);
  if (!urls.length || !storage) return;
  const token = stored(storage, 'accessToken');
  if (typeof token !== 'string' || !token || stored(storage, 'tokenType') !== 'Authorization') return;
  // A non-remembered session a closed browser left behind is dropped, not used (sessionClosed.ts).
  if (browserWasClosed(storage, globalThis.sessionStorage)) return;
  const authorization = `Bearer ${token}`;
  for (const url of urls) {
    if (!isSameOrigin(url, doc.location ?? location) || early.has(url)) continue;
    const answer = fetch(url, { headers: { Accept: 'application/json', Authorization: authorization }, credentials: 'same-origin' });
    answer.catch(() => undefined);
    early.set(url, { authorization, answer, sentAt: now });
  }
}

/**
 * An early answer, once, for a GET of its URL with its token (ofetch's transport calls this with
 * its own arguments); undefined for any other request, which then goes out as usual.
 */
export function takeEarlyAnswer(input: RequestInfo | URL, init?: RequestInit, now = Date.now()): Promise<Response> | undefined {
  const early = earlyStore().firstPage;
  const sent = typeof input === 'string' ? early?.get(input) : undefined;
  if (!sent) return undefined;
  early!.delete(input as string);
  const { answer, authorization, sentAt } = sent;
  const method = (init?.method ?? 'GET').toUpperCase();
  const sentWith = new Headers(init?.headers).get('authorization');
  return method === 'GET' && sentWith === authorization && now - sentAt <= EARLY_ANSWER_TTL_MS ? answer : undefined;
}

/** Tests: forget the page's early request. */
export function resetFirstPageEarly(): void {
  earlyStore().firstPage = undefined;
}

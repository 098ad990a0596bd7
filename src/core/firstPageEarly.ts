/**
 * The portal page's first list request, sent by retaguarda.js as soon as it runs — before the
 * portal's code has downloaded and evaluated — so the rows travel meanwhile (issue 9, render while
 * fetching). The server names the request in the page (`<meta name="retaguarda-first-page">`,
 * server/http/firstPage.ts): the URL the list's prime will ask for, from the route, the page's
 * query and the config's API URL. The API transport hands the answer to that prime when it asks
 * for the same URL with the same token (`takeEarlyAnswer`); any other request goes out as usual.
 * Same-origin only, and only with a stored full session: the same token the prime would send.
 * Nothing is shown from it before the guard allows the screen, and the server checks the
 * permission of the request itself.
 */
import { SESSION_STORAGE_PREFIX } from './sessionKeys';
import { browserWasClosed } from './sessionClosed';
import { isSameOrigin } from './url';

export const FIRST_PAGE_META = 'retaguarda-first-page';

/** An answer not taken by then is dropped: a later visit to the same list asks again. */
export const EARLY_ANSWER_TTL_MS = 10_000;

interface Early {
  url: string;
  authorization: string;
  answer: Promise<Response>;
  sentAt: number;
}

let early: Early | null | undefined;

function stored(storage: Storage, field: string): unknown {
  try {
    return JSON.parse(storage.getItem(`${SESSION_STORAGE_PREFIX}${field}`) ?? 'null');
  } catch {
    return null;
  }
}

/** Sends the page's named first request, once per page; nothing without the meta, a same-origin URL or a stored full session. */
export function requestFirstPageEarly(doc: Document = document, storage: Storage | undefined = globalThis.localStorage, now = Date.now()): void {
  if (early !== undefined) return;
  early = null;
  const url = doc.querySelector(`meta[name="${FIRST_PAGE_META}"]`)?.getAttribute('content');
  if (!url || !storage || !isSameOrigin(url, doc.location ?? location)) return;
  const token = stored(storage, 'accessToken');
  if (typeof token !== 'string' || !token || stored(storage, 'tokenType') !== 'Authorization') return;
  // A non-remembered session a closed browser left behind is dropped, not used (sessionClosed.ts).
  if (browserWasClosed(storage, globalThis.sessionStorage)) return;
  const authorization = `Bearer ${token}`;
  const answer = fetch(url, { headers: { Accept: 'application/json', Authorization: authorization }, credentials: 'same-origin' });
  answer.catch(() => undefined);
  early = { url, authorization, answer, sentAt: now };
}

/**
 * The early answer, once, for a GET of its URL with its token (ofetch's transport calls this with
 * its own arguments); undefined for any other request, which then goes out as usual.
 */
export function takeEarlyAnswer(input: RequestInfo | URL, init?: RequestInit, now = Date.now()): Promise<Response> | undefined {
  if (!early || typeof input !== 'string' || input !== early.url) return undefined;
  const { answer, authorization, sentAt } = early;
  early = null;
  const method = (init?.method ?? 'GET').toUpperCase();
  const sentWith = new Headers(init?.headers).get('authorization');
  return method === 'GET' && sentWith === authorization && now - sentAt <= EARLY_ANSWER_TTL_MS ? answer : undefined;
}

/** Tests: forget the page's early request. */
export function resetFirstPageEarly(): void {
  early = undefined;
}

/**
 * retaguarda.js's first list request (core/firstPageEarly.ts): sent at once when the page names it
 * and a full session is stored, and taken by the API call that asks for the same URL with the same
 * token — one request on the wire, not two.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, requestPage } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { EARLY_ANSWER_TTL_MS, FIRST_PAGE_META, requestFirstPageEarly, resetFirstPageEarly, takeEarlyAnswer } from '../../../src/core/firstPageEarly';
import { resetSession, setFields } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { FUTURE_JWT, jsonResponse, makeJwt, testConfig } from './helpers';

const URL_ = '/v1/companies/suppliers?sort=name&page=1&perPage=25';
let early: { url: string; init: RequestInit }[];

function namePage(url: string | null) {
  document.head.querySelector(`meta[name="${FIRST_PAGE_META}"]`)?.remove();
  if (url === null) return;
  const meta = document.createElement('meta');
  meta.name = FIRST_PAGE_META;
  meta.content = url;
  document.head.append(meta);
}

beforeEach(() => {
  resetFirstPageEarly();
  resetSession();
  setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization' });
  early = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    early.push({ url, init });
    return jsonResponse([{ id: 's1', name: 'Acerola Ltda' }], { headers: { 'x-total-count': '1' } });
  });
  namePage(URL_);
});
afterEach(() => {
  namePage(null);
  configureApi({ fetch: null });
  vi.unstubAllGlobals();
});

describe("retaguarda.js's first list request", () => {
  it('is sent at once, once, with the stored token, when the page names it', () => {
    requestFirstPageEarly();
    requestFirstPageEarly();
    expect(early).toHaveLength(1);
    expect(early[0].url).toBe(URL_);
    expect(new Headers(early[0].init.headers).get('authorization')).toBe(`Bearer ${FUTURE_JWT}`);
  });

  it("is sent once when the portal page's inline copy (early.js) asked first, and the bundle's copy takes that answer", async () => {
    vi.resetModules();
    const inline = await import('../../../src/core/firstPageEarly');
    inline.requestFirstPageEarly();
    vi.resetModules();
    const bundle = await import('../../../src/core/firstPageEarly');
    expect(bundle).not.toBe(inline);
    bundle.requestFirstPageEarly();
    expect(early).toHaveLength(1);
    const answer = bundle.takeEarlyAnswer(URL_, { headers: { authorization: `Bearer ${FUTURE_JWT}` } });
    expect(answer).toBeDefined();
    expect(await (await answer!).json()).toEqual([{ id: 's1', name: 'Acerola Ltda' }]);
  });

  it('is not sent without the page naming it, to another origin, or without a stored full session', () => {
    namePage(null);
    requestFirstPageEarly();
    resetFirstPageEarly();
    namePage('https://api.example.com/v1/companies/suppliers');
    requestFirstPageEarly();
    resetFirstPageEarly();
    namePage(URL_);
    setFields({ tokenType: 'PreAuthorization' });
    requestFirstPageEarly();
    resetFirstPageEarly();
    resetSession();
    requestFirstPageEarly();
    expect(early).toEqual([]);
  });

  it("is the answer of the list's own call for that URL: one request on the wire", async () => {
    store.set(appConfigAtom, testConfig());
    const later: string[] = [];
    requestFirstPageEarly();
    configureApi({ fetch: async (input) => (later.push(String(input)), jsonResponse([])) });
    const page = await requestPage('companies', '/v1/companies/suppliers', { query: { sort: 'name' }, perPage: 25 });
    expect(page.items).toEqual([{ id: 's1', name: 'Acerola Ltda' }]);
    expect(page.total).toBe(1);
    expect(early).toHaveLength(1);
    expect(later).toEqual([]);
    // Taken once: the next call for the same page asks the server again.
    await requestPage('companies', '/v1/companies/suppliers', { query: { sort: 'name' }, perPage: 25 });
    expect(later).toEqual([URL_]);
  });

  it('is not taken with another token, by another method or URL, or once it is stale', () => {
    const bearer = { headers: { Authorization: `Bearer ${FUTURE_JWT}` } };
    requestFirstPageEarly(document, localStorage, 1_000);
    expect(takeEarlyAnswer('/v1/companies/customers?page=1', bearer, 1_000)).toBeUndefined();
    expect(takeEarlyAnswer(URL_, { headers: { Authorization: `Bearer ${makeJwt({ sub: 'u2' })}` } }, 1_000)).toBeUndefined();
    // A mismatch on its own URL drops it: the token or the request changed since.
    expect(takeEarlyAnswer(URL_, bearer, 1_000)).toBeUndefined();

    resetFirstPageEarly();
    requestFirstPageEarly(document, localStorage, 1_000);
    expect(takeEarlyAnswer(URL_, { ...bearer, method: 'POST' }, 1_000)).toBeUndefined();

    resetFirstPageEarly();
    requestFirstPageEarly(document, localStorage, 1_000);
    expect(takeEarlyAnswer(URL_, bearer, 1_000 + EARLY_ANSWER_TTL_MS + 1)).toBeUndefined();

    resetFirstPageEarly();
    requestFirstPageEarly(document, localStorage, 1_000);
    expect(takeEarlyAnswer(URL_, bearer, 1_000 + EARLY_ANSWER_TTL_MS)).toBeInstanceOf(Promise);
  });

  it("sends each URL the page names (the list's page and its preferences), each taken by its own call", async () => {
    store.set(appConfigAtom, testConfig());
    const PREFERENCES = '/v1/companies/suppliers/preferences';
    namePage(`${URL_} ${PREFERENCES}`);
    requestFirstPageEarly();
    expect(early.map((sent) => sent.url)).toEqual([URL_, PREFERENCES]);
    const later: string[] = [];
    configureApi({ fetch: async (input) => (later.push(String(input)), jsonResponse([])) });
    await requestPage('companies', '/v1/companies/suppliers', { query: { sort: 'name' }, perPage: 25 });
    const bearer = { headers: { Authorization: `Bearer ${FUTURE_JWT}` } };
    expect(takeEarlyAnswer(PREFERENCES, bearer)).toBeInstanceOf(Promise);
    expect(takeEarlyAnswer(PREFERENCES, bearer)).toBeUndefined();
    expect(later).toEqual([]);
  });
});

/**
 * The URL the server names in a list's portal page (server/http/firstPage.ts), which retaguarda.js
 * sends before the portal's code has run, is the one the list's prime asks for — for every list
 * route of the portal, with and without a query — so the prime always takes that early answer.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstPageMeta, firstPageUrl, listAt } from '../../../server/http/firstPage';
import { configureApi } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { clearCache } from '../../../src/core/resources/cache';
import { resetSession, setFields } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { routes } from '../../../src/modules/portal/routes';
import { FUTURE_JWT, jsonResponse, makeUser, testConfig } from '../core/helpers';

const configText = readFileSync('app.config.json', 'utf8');
const listRoutes = routes.filter((route) => route.list && route.prime);
let sent: string[];

beforeEach(() => {
  resetSession();
  setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization', loggedUser: makeUser({ accessLevel: 'SystemOwner' }), policyEffectivePermissions: [] });
  store.set(appConfigAtom, testConfig());
  sent = [];
  configureApi({ fetch: async (input) => (sent.push(String(input)), jsonResponse([])) });
});
afterEach(() => configureApi({ fetch: null }));

describe("a list page's first request", () => {
  it('covers the lists of the portal, queues included', () => {
    const paths = listRoutes.map((route) => route.path);
    expect(paths).toContain('/fornecedores');
    expect(paths.some((path) => path.startsWith('/contas-a-pagar/') && path !== '/contas-a-pagar/lancamentos')).toBe(true);
    expect(listRoutes.length).toBeGreaterThan(30);
  });

  for (const search of ['', '?q=ac%C3%A9rola&page=2&perPage=50&sort=-createdAt', '?status=paid&mine=true']) {
    it(`is the URL the list's prime asks for, at every list route (search "${search}")`, async () => {
      for (const route of listRoutes) {
        const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, '7']));
        const pathname = route.path.replace(/\{(\w+)\}/g, '7');
        sent = [];
        clearCache();
        const primed = await route.prime!(params, search);
        await primed.answer?.catch(() => undefined);
        primed.release();
        // Beside the page, the list's preferences (once per list: the cache, emptied above, keeps them).
        const pages = sent.filter((url) => !new URL(url, 'http://x').pathname.endsWith('/preferences'));
        expect(pages, pathname).toHaveLength(1);
        expect(firstPageUrl(pathname, search, configText), `${pathname}${search}`).toBe(pages[0]);
        // The page names both, the page first: retaguarda.js sends them before the portal's code runs.
        const preferences = sent.filter((url) => new URL(url, 'http://x').pathname.endsWith('/preferences'));
        const named = /content="([^"]*)"/.exec(firstPageMeta(pathname, search, configText, listAt(pathname)))?.[1].replaceAll('&amp;', '&').split(' ');
        expect(named, `${pathname}${search}`).toEqual([pages[0], ...preferences]);
      }
      // Every list route loads its declaration (the first time): seconds on a busy machine.
    }, 30_000);
  }

  it('is not named where no list is, nor for an API on another origin', () => {
    expect(firstPageUrl('/fornecedores/7', '', configText)).toBeNull();
    expect(firstPageUrl('/nao-existe', '', configText)).toBeNull();
    const elsewhere = JSON.parse(configText) as { apis: Record<string, { baseURL: string }> };
    for (const api of Object.values(elsewhere.apis)) api.baseURL = 'https://api.example.com/v1';
    expect(firstPageUrl('/fornecedores', '', JSON.stringify(elsewhere))).toBeNull();
    expect(firstPageUrl('/fornecedores', '', '{not json')).toBeNull();
  });
});

/**
 * A report's portal page names the report's request (server/http/firstPage.ts), which
 * retaguarda.js sends before the screen's code has run: it must be the very URL the report screen
 * asks for — for every report, with and without filters in the page's query — or the early answer
 * is never taken and the page waits for both.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstPageMeta, reportAt, reportRequestUrl } from '../../../server/http/firstPage';
import { REPORTS, type ReportName } from '../../../src/contracts/reports';
import { configureApi } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { RouteView } from '../../../src/core/host/RouteView';
import { RouterHost } from '../../../src/core/host/RouterHost';
import { createRouter } from '../../../src/core/router';
import { resetSession, setFields } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { routes } from '../../../src/modules/portal/routes';
import { FUTURE_JWT, jsonResponse, makeUser, testConfig } from '../core/helpers';
import { flush } from '../core/suppliersPage';

const configText = readFileSync('app.config.json', 'utf8');
let sent: string[];

beforeEach(() => {
  resetSession();
  setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization', loggedUser: makeUser({ accessLevel: 'SystemOwner' }), policyEffectivePermissions: [] });
  store.set(appConfigAtom, testConfig());
  sent = [];
  configureApi({ fetch: async (input) => (sent.push(String(input)), jsonResponse({ columns: [], rows: [] })) });
});
afterEach(() => configureApi({ fetch: null }));

/** What the report screen asks for first at `path` + `search`. */
async function screenRequest(path: string, search: string): Promise<string | undefined> {
  const route = routes.find((candidate) => candidate.path === path)!;
  const router = createRouter({ history: createMemoryHistory({ initialEntries: [`${path}${search}`] }), routes: [route], primary: false });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<RouterHost router={router} guard={async () => ({ type: 'continue' })} render={(view) => <RouteView view={view} />} />));
  // The route loads the report screen's module first (seconds on a busy machine).
  for (let waited = 0; !sent.some((url) => url.includes('/reports/')) && waited < 10_000; waited += 50) await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  await flush();
  await act(async () => root.unmount());
  container.remove();
  // Beside it, a chosen reference filter reads its record's name.
  return sent.find((url) => url.includes('/reports/'));
}

describe("a report page's first request", () => {
  const searches = ['', '?year=2025&basis=paid', '?from=2026-01-01&to=2026-03-31&grain=month&bankAccountId=7', '?costCenterId=9&drill=x%40total'];
  for (const name of Object.keys(REPORTS) as ReportName[]) {
    it(`is the URL the ${name} screen asks for, with and without filters`, async () => {
      const path = REPORTS[name].route;
      expect(reportAt(path)).toBe(name);
      for (const search of searches) {
        sent = [];
        const asked = await screenRequest(path, search);
        expect(asked, `${path}${search}`).toBeTruthy();
        expect(reportRequestUrl(name, search, configText), `${path}${search}`).toBe(asked);
        expect(firstPageMeta(path, search, configText)).toContain(`content="${asked!.replace(/&/g, '&amp;')}"`);
      }
    }, 30_000);
  }

  it('is not named for the painéis, nor for an API on another origin', () => {
    expect(reportAt('/bi/dashboards')).toBeNull();
    expect(firstPageMeta('/bi/dashboards', '', configText)).toBe('');
    const elsewhere = JSON.parse(configText) as { apis: Record<string, { baseURL: string }> };
    for (const api of Object.values(elsewhere.apis)) api.baseURL = 'https://api.example.com/v1';
    expect(reportRequestUrl('dre', '', JSON.stringify(elsewhere))).toBeNull();
  });
});

/**
 * Figures: the first registry list screen of a signed-in user, in Chromium against the real
 * server (fresh embedded database + 200 extra users, so /usuarios shows a full page of 25 rows):
 * - JS + CSS bytes downloaded for it, gzip -9 (budget ≤ 140 KB gz), on a cold cache;
 * - time from navigation to the first row visible (median of 10, each in a new browser context:
 *   cold HTTP cache, session from the storage of an earlier sign-in), for a direct load of
 *   /usuarios and for a click on "Usuários" in the signed-in portal's navigation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { BENCH_PASSWORD, insertUsers, prepareDatabase } from './registry-data';
import { CarriedSession, chromiumOptions, median, signedInState, startServer } from './server-process';

const RUNS = 10;
const BUDGET_KB = 140;
const EXTRA_USERS = 200;

/** gzip bytes of every script and stylesheet the page receives while `go` runs (until the network is idle). */
async function downloads(page: Page, go: () => Promise<unknown>) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => void sizes.set(response.url(), gzipSync(body, { level: 9 }).length),
        () => undefined, // redirected or aborted
      ),
    );
  };
  page.on('response', onResponse);
  await go();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', onResponse);
  return { files: sizes.size, kb: [...sizes.values()].reduce((a, b) => a + b, 0) / 1024 };
}

const firstRow = (page: Page) => page.getByRole('table', { name: 'Usuários' }).locator('tbody tr').first();

const dataDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-first-list-'));
try {
  await prepareDatabase({ dataDir }, (db) => insertUsers(db, EXTRA_USERS));
  // The browser first: a missing Chromium then leaves no server running.
  const browser = await chromium.launch(chromiumOptions);
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3204), { LOG_LEVEL: 'warn' }, dataDir);
  try {
    const session = new CarriedSession(await signedInState(browser, server.url, 'admin@demo.com.br', BENCH_PASSWORD));

    const direct: number[] = [];
    const viaNavigation: number[] = [];
    let bytes = { files: 0, kb: 0 };
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const context = await session.newContext(browser, { locale: 'pt-BR' });
      const page = await context.newPage();
      const measured = await downloads(page, async () => {
        const started = performance.now();
        await page.goto(`${server.url}/usuarios`, { waitUntil: 'commit' });
        await firstRow(page).waitFor({ state: 'visible' });
        direct.push(performance.now() - started);
      });
      if (i === 0) {
        bytes = measured;
        rows = await page.getByRole('table', { name: 'Usuários' }).locator('tbody tr').count();
      }
      await session.close(context);

      const warm = await session.newContext(browser, { locale: 'pt-BR' });
      const home = await warm.newPage();
      await home.goto(`${server.url}/`);
      const nav = home.getByRole('navigation', { name: 'Navegação principal' });
      // Groups start closed except the current page's: open Administração first.
      const group = nav.getByRole('button', { name: 'Administração' });
      await group.waitFor();
      if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
      const link = nav.getByRole('link', { name: 'Usuários', exact: true });
      await link.waitFor();
      await home.waitForLoadState('networkidle');
      const started = performance.now();
      await link.click();
      await firstRow(home).waitFor({ state: 'visible' });
      viaNavigation.push(performance.now() - started);
      await session.close(warm);
    }
    const stats = (values: number[]) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, n=${values.length})`;
    console.log(`first-list-screen: /usuarios (${rows} rows shown) JS+CSS ${bytes.kb.toFixed(1)} KB gz in ${bytes.files} files, cold cache (budget ${BUDGET_KB} KB: ${bytes.kb <= BUDGET_KB ? 'within' : 'OVER'})`);
    console.log(`first-list-screen: direct load of /usuarios → first row visible: ${stats(direct)}`);
    console.log(`first-list-screen: click "Usuários" in the portal home → first row visible: ${stats(viaNavigation)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

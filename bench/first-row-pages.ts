/**
 * What the first-row benches share (first-row-vs-floor.ts, first-row-ab.ts): the floor's page, the
 * in-page clock of the first data row, a signed-in server with the records' texts, and one cold load
 * timed to its first row.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { build } from 'esbuild';
import { compressDir } from '../scripts/compress-bundle';
import { apiLogin, BENCH_PASSWORD } from './registry-data';
import { signedInState, type RunningServer } from './server-process';

/** The page a cold load opens in our portal: a bookmarked list. */
export const OURS_PATH = '/fornecedores';
/** Where the floor's page is served (inside the static dir it is built into). */
export const FLOOR_PATH = '/dist/bench-floor/index.html';

/**
 * Builds the floor (bench/floor/floor.tsx, a plain React page, with esbuild) into `<staticDir>/bench-floor`,
 * served by our own server next to the build (same origin, same CSP) and compressed as the build
 * compresses the bundle (scripts/compress-bundle.ts), so the server sends both pages' files alike.
 * Returns what removes it.
 */
export async function buildFloor(staticDir: string): Promise<() => void> {
  const floorDir = path.resolve(staticDir, 'bench-floor');
  mkdirSync(floorDir, { recursive: true });
  await build({ entryPoints: ['bench/floor/floor.tsx'], bundle: true, minify: true, format: 'esm', jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' }, outfile: path.join(floorDir, 'floor.js'), logLevel: 'warning' });
  writeFileSync(path.join(floorDir, 'index.html'), '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Piso</title><script type="module" src="/dist/bench-floor/floor.js"></script></head><body><div id="root"></div></body></html>');
  compressDir(floorDir);
  return () => rmSync(floorDir, { recursive: true, force: true });
}

/**
 * An in-page clock: calls `window[binding](performance.now())` at the first animation frame after
 * a table cell whose trimmed text satisfies `matches` (a JavaScript expression of `text`, after
 * `prelude`) is in the page. It never walks the whole document: it observes the document and each
 * shadow root as it is attached (attachShadow is wrapped before any script of the page runs), and
 * looks only at what each mutation adds. Used by report-first-paint.ts too (its first number).
 */
export const firstCellClock = (binding: string, matches: string, prelude = '') => `(function () {
  ${prelude}
  var done = false;
  // The cell's name first: the text of a bigger node (a whole screen being added) is never read.
  var isWanted = function (node) { if (node.nodeName !== 'TD') return false; var text = (node.textContent || '').trim(); return ${matches}; };
  var found = function (node) {
    if (node.nodeType === 3) node = node.parentNode;
    if (!node || node.nodeType !== 1) return false;
    if (isWanted(node) || (node.closest && node.closest('td') && isWanted(node.closest('td')))) return true;
    var cells = node.querySelectorAll ? node.querySelectorAll('td') : [];
    for (var i = 0; i < cells.length; i++) if (isWanted(cells[i])) return true;
    return false;
  };
  var report = function () {
    if (done) return;
    done = true;
    requestAnimationFrame(function () { window.${binding}(performance.now()); });
  };
  var observer = new MutationObserver(function (records) {
    if (done) return;
    for (var r = 0; r < records.length; r++) {
      var record = records[r];
      if (record.type === 'characterData' && found(record.target)) return report();
      for (var i = 0; i < record.addedNodes.length; i++) if (found(record.addedNodes[i])) return report();
    }
  });
  var watch = function (root) { observer.observe(root, { childList: true, subtree: true, characterData: true }); };
  var attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) { var root = attach.call(this, init); watch(root); return root; };
  watch(document);
})();`;

/**
 * Reports (`__benchFirstRow`) the page's time of the first frame showing a data row: a table cell
 * holding the text of one of the page's records (`__benchRowTexts`, set before the page loads),
 * not a loading or empty row.
 */
const FIRST_ROW_CLOCK = firstCellClock('__benchFirstRow', 'texts.has(text)', 'var texts = new Set(window.__benchRowTexts || []);');

/** The first data row, checked afterwards by the table's name: a row with a supplier's name in a cell. */
const firstRow = (page: Page, texts: string[]) => page.getByRole('table', { name: 'Fornecedores' }).getByRole('cell', { name: new RegExp(`^(${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`) }).first();

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);

type StorageState = NonNullable<BrowserContextOptions['storageState']>;

/**
 * A signed-in buyer on `server` and every supplier's name (the probe waits for one of them in a cell).
 * Its stored session is carried from load to load: the portal rotates its refresh token while in use,
 * and the server ends a session whose old token comes back, so each load starts from the last one's storage.
 */
export async function benchSession(browser: Browser, server: RunningServer): Promise<{ state: StorageState; rowTexts: string[] }> {
  const state = await signedInState(browser, server.url, 'compras@demo.com.br', BENCH_PASSWORD);
  const token = await apiLogin(server.url, 'compras@demo.com.br');
  const suppliers = (await (await fetch(`${server.url}/v1/companies/suppliers?perPage=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { name: string }[];
  return { state, rowTexts: suppliers.map((supplier) => supplier.name) };
}

/**
 * One cold load of `url` (a new browser context: cold HTTP cache) with `session`'s storage, timed to
 * its first data row by the script's clock (goto → the page reports it) and the page's own
 * (navigation start → the first frame with it). It ends when the page's network is quiet, so what
 * one page still asks for after its first row is not answered while the next one loads; the
 * session's storage is kept for the next load.
 */
export async function coldLoadToFirstRow(browser: Browser, url: string, session: { state: StorageState; rowTexts: string[] }): Promise<{ elapsed: number; inPage: number }> {
  const context = await browser.newContext({ locale: 'pt-BR', storageState: session.state });
  const page = await context.newPage();
  // BENCH_LATENCY_MS: a network's round trip added to every request (Chromium's emulation), where
  // loopback has none; what is asked for sooner then shows.
  if (LATENCY_MS > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  }
  let reported!: (at: { elapsed: number; inPage: number }) => void;
  const seen = new Promise<{ elapsed: number; inPage: number }>((resolve) => (reported = resolve));
  let started = 0;
  await page.exposeFunction('__benchFirstRow', (inPage: number) => reported({ elapsed: performance.now() - started, inPage }));
  await page.addInitScript({ content: `window.__benchRowTexts = ${JSON.stringify(session.rowTexts)};\n${FIRST_ROW_CLOCK}` });
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no row within 30 s')), 30_000)));
  let elapsed: number;
  let inPage: number;
  try {
    ({ elapsed, inPage } = await Promise.race([seen, timeout]));
    await firstRow(page, session.rowTexts).waitFor({ state: 'visible' });
  } catch (error) {
    console.error(`first row: ${url} showed no row`, problems);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  await page.waitForLoadState('networkidle');
  session.state = await context.storageState();
  await context.close();
  return { elapsed, inPage };
}

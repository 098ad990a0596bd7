/**
 * Figures: rendering and scrolling of big lists in Chromium against the real server (fresh
 * embedded database), with what the product really supports:
 * - the registry list (/usuarios) over 10,000 users: the API pages at most 100 rows
 *   (MAX_PER_PAGE), so the screen shows `?perPage=100` (plain table, 100 pages): time from
 *   navigation to the 100 rows, time to flip to the next page, and a scroll to the bottom;
 * - the virtualised table (DataTable past 100 rows, @tanstack/react-virtual), which the portal
 *   uses for the items of a `list` field: a Grupo de Agências with 5,000 items (the contract's
 *   maximum) and one with 10,000 items written straight into the database (twice the maximum,
 *   to see the 10,000-row case): time from navigation to the first row, rows in the DOM, and a
 *   scroll to the last row.
 * Scrolls are `mouse.wheel` steps, one per animation frame, over the list; measured in the page:
 * frames (requestAnimationFrame), long tasks (PerformanceObserver) and frames that showed no row
 * in the viewport (blank). Navigation times are medians, each run in a new context (cold cache).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { BENCH_PASSWORD, insertAcl, insertUsers, prepareDatabase } from './registry-data';
import { CarriedSession, chromiumOptions, median, signedInState, startServer } from './server-process';

const USERS = 10_000;
const LOAD_RUNS = 5;
const FLIPS = 10;
const VIEWPORT = { width: 1280, height: 800 };

interface ScrollFigures {
  steps: number;
  ms: number;
  frames: number;
  worstFrameMs: number;
  slowFrames: number;
  longTasks: number;
  longTaskMs: number;
  blankFrames: number;
  reachedEnd: boolean;
}

/**
 * In-page probe, as plain JavaScript (functions evaluated in the page must not carry the
 * bundler's helpers): finds the nearest scrolling ancestor of an element (crossing shadow roots;
 * else the document), then counts frames (requestAnimationFrame), long tasks and blank frames
 * (no table row inside the scroller's viewport) until `stop()`.
 */
const PROBE = `window.__benchProbe = {
  start(element) {
    let node = element, scroller = null;
    while (node) {
      const style = getComputedStyle(node);
      if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1) { scroller = node; break; }
      node = node.parentElement || (node.getRootNode().host || null);
    }
    const state = { scroller: scroller || document.scrollingElement, frames: [], long: [], blank: 0, stopped: false };
    state.observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) state.long.push(entry.duration); });
    state.observer.observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now) => {
      state.frames.push(now - last);
      last = now;
      const box = state.scroller.getBoundingClientRect();
      const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
      let seen = false;
      for (const row of element.querySelectorAll('tbody tr')) {
        const r = row.getBoundingClientRect();
        if (r.height > 0 && row.getAttribute('aria-hidden') !== 'true' && r.bottom > top && r.top < bottom) { seen = true; break; }
      }
      if (!seen) state.blank++;
      if (!state.stopped) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    this.state = state;
  },
  atEnd() {
    return new Promise((resolve) => requestAnimationFrame(() => {
      const s = this.state.scroller;
      resolve(s.scrollTop + s.clientHeight >= s.scrollHeight - 2);
    }));
  },
  stop() {
    const state = this.state;
    state.stopped = true;
    state.observer.disconnect();
    const frames = state.frames.slice(1);
    return {
      frames: frames.length,
      worstFrameMs: Math.max(0, ...frames),
      slowFrames: frames.filter((f) => f > 50).length,
      longTasks: state.long.length,
      longTaskMs: state.long.reduce((a, b) => a + b, 0),
      blankFrames: state.blank,
    };
  },
};`;

type Probe = { __benchProbe: { start(element: Element): void; atEnd(): Promise<boolean>; stop(): Omit<ScrollFigures, 'steps' | 'ms' | 'reachedEnd'> } };

/** Scrolls the list under `target` to its end with wheel steps of `delta` px, one per frame. */
async function scrollToEnd(page: Page, target: Locator, delta: number, maxSteps: number): Promise<ScrollFigures> {
  await page.evaluate(PROBE);
  await target.evaluate((element) => (window as unknown as Probe).__benchProbe.start(element));
  const box = await target.boundingBox();
  await page.mouse.move(box!.x + Math.min(box!.width / 2, 400), box!.y + Math.min(box!.height / 2, 300));
  const started = performance.now();
  let steps = 0;
  let atEnd = false;
  while (steps < maxSteps && !atEnd) {
    await page.mouse.wheel(0, delta);
    steps++;
    atEnd = await page.evaluate(() => (window as unknown as Probe).__benchProbe.atEnd());
  }
  // Let the last frames land (the rows of the end rendered).
  await page.waitForTimeout(250);
  const ms = performance.now() - started;
  const figures = await page.evaluate(() => (window as unknown as Probe).__benchProbe.stop());
  return { steps, ms, reachedEnd: atEnd, ...figures };
}

const scrollLine = (label: string, f: ScrollFigures) =>
  `client-list: ${label} scroll to the end: ${f.reachedEnd ? '' : 'NOT REACHED, '}${f.steps} wheel steps in ${f.ms.toFixed(0)} ms, ` +
  `${f.frames} frames (${((f.frames * 1000) / f.ms).toFixed(0)} fps), worst frame ${f.worstFrameMs.toFixed(0)} ms, frames > 50 ms: ${f.slowFrames}, ` +
  `long tasks ${f.longTasks} (${f.longTaskMs.toFixed(0)} ms), blank frames ${f.blankFrames}`;

const stats = (values: number[]) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, n=${values.length})`;

async function freshPage(browser: Browser, session: CarriedSession) {
  const context = await session.newContext(browser, { locale: 'pt-BR', viewport: VIEWPORT });
  return { context, page: await context.newPage() };
}

async function registryList(browser: Browser, url: string, session: CarriedSession) {
  const table = (page: Page) => page.getByRole('table', { name: 'Usuários' });
  const loads: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    const { context, page } = await freshPage(browser, session);
    const started = performance.now();
    await page.goto(`${url}/usuarios?perPage=100`, { waitUntil: 'commit' });
    await table(page).locator('tbody tr').nth(99).waitFor({ state: 'attached' });
    loads.push(performance.now() - started);
    await session.close(context);
  }
  const { context, page } = await freshPage(browser, session);
  try {
    await page.goto(`${url}/usuarios?perPage=100`);
    await table(page).locator('tbody tr').nth(99).waitFor({ state: 'attached' });
    const status = await page.getByRole('navigation', { name: 'Paginação' }).locator('[aria-current="page"]').innerText();
    const total = await page.getByRole('status').filter({ hasText: /registros/ }).innerText();
    console.log(`client-list: /usuarios?perPage=100 over ${total} (${status}; the API serves at most 100 per page)`);
    console.log(`client-list: /usuarios?perPage=100 navigation → 100 rows in the DOM: ${stats(loads)}`);

    const scroll = await scrollToEnd(page, table(page), 200, 400);
    console.log(scrollLine('/usuarios?perPage=100', scroll));

    const flips: number[] = [];
    const next = page.getByRole('button', { name: 'Próxima página' });
    for (let i = 0; i < FLIPS; i++) {
      const first = await table(page).locator('tbody tr').first().innerText();
      const started = performance.now();
      await next.click();
      await table(page).locator('tbody tr').first().filter({ hasNotText: first }).waitFor();
      await table(page).locator('tbody tr').nth(99).waitFor({ state: 'attached' });
      flips.push(performance.now() - started);
    }
    console.log(`client-list: /usuarios?perPage=100 "Próxima página" → next 100 rows shown: ${stats(flips)}`);
  } finally {
    await session.close(context);
  }
}

async function virtualTable(browser: Browser, url: string, session: CarriedSession, aclId: string, items: number) {
  const table = (page: Page) => page.getByRole('table', { name: 'Itens' });
  const href = `${url}/configuracoes/aplicacao/acls/${aclId}/items`;
  const loads: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    const { context, page } = await freshPage(browser, session);
    const started = performance.now();
    await page.goto(href, { waitUntil: 'commit' });
    await table(page).locator('tbody tr[data-index]').first().waitFor({ state: 'visible' });
    loads.push(performance.now() - started);
    await session.close(context);
  }
  const label = `virtualised table, ${items.toLocaleString('en')} items${items > 5000 ? ' (beyond the 5,000 the contract accepts; seeded directly)' : ' (contract maximum)'}`;
  const { context, page } = await freshPage(browser, session);
  try {
    await page.goto(href);
    await table(page).locator('tbody tr[data-index]').first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const domRows = await table(page).locator('tbody tr[data-index]').count();
    console.log(`client-list: ${label}: navigation → first row visible: ${stats(loads)}; ${domRows} rows in the DOM`);
    const scroll = await scrollToEnd(page, table(page), 1000, 2000);
    const last = String(items).padStart(5, '0');
    const lastVisible = await table(page).getByRole('cell', { name: last, exact: true }).isVisible();
    console.log(scrollLine(`virtualised ${items.toLocaleString('en')}`, scroll) + `; last item (${last}) visible: ${lastVisible ? 'yes' : 'NO'}`);
  } finally {
    await session.close(context);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-client-list-'));
try {
  const acls: [string, number][] = [];
  await prepareDatabase({ dataDir }, async (db) => {
    await insertUsers(db, USERS);
    acls.push([await insertAcl(db, 'bench5000', 5000), 5000], [await insertAcl(db, 'bench10000', 10_000), 10_000]);
  });
  // The browser first: a missing Chromium then leaves no server running.
  const browser = await chromium.launch(chromiumOptions);
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3205), { LOG_LEVEL: 'warn' }, dataDir);
  try {
    const session = new CarriedSession(await signedInState(browser, server.url, 'admin@demo.com.br', BENCH_PASSWORD));

    await registryList(browser, server.url, session);
    for (const [id, items] of acls) await virtualTable(browser, server.url, session, id, items);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Figure (issue 26): the DRE report page's time to its first number, in Chromium against the real
 * server, signed in (stored session of admin@demo.com.br), on a database with a sizeable
 * dataset — PARCELAS parcelas a pagar (bench/finance-data.ts: four per lançamento, a 60/40 rateio,
 * twelve months of 2026, three accounts), a third of them paid, the BI summaries built by
 * `bi_rebuild()` as bench/bi-reports.ts does.
 * - cold: a new browser context each run (empty HTTP cache) opening /bi/relatorios/dre?year=2026;
 * - warm: the same context loading the page again (scripts from the cache, the server warm);
 * each the median of RUNS. Two clocks, as bench/first-row-vs-floor.ts: the script's (goto → the page
 * reports the number) and the page's own (navigation start → the first animation frame with a
 * table cell holding "R$ …", shadow roots included, seen by observing each root's mutations as it
 * attaches). Beside them, from the page's resource timing, where the time goes: when the DRE's
 * own request left (navigation start → request start), how long the server took to answer it, and
 * from its answer to the first number.
 * Database: PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else the
 * embedded one in a scratch directory. Usage: [DATABASE_URL=…] npx tsx bench/report-first-paint.ts [parcelas]
 * (default 200,000 on PostgreSQL, 40,000 embedded). BENCH_PORT overrides the server's port (3240).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/types';
import { insertPayables, PARCELAS_PER_ENTRY } from './finance-data';
import { firstCellClock } from './first-row-pages';
import { BENCH_PASSWORD, onScratchPglite, onScratchPostgres, prepareDatabase, type BenchDatabase } from './registry-data';
import { CarriedSession, chromiumOptions, median, signedInState, startServer } from './server-process';

const POSTGRES = process.env.DATABASE_URL;
const PARCELAS = Number(process.argv[2] ?? (POSTGRES ? 200_000 : 40_000));
const RUNS = 10;
const URL_PATH = '/bi/relatorios/dre?year=2026';

/** Reports (`__benchFirstNumber`) the first frame with a table cell showing money ("R$ …"). */
const FIRST_NUMBER_CLOCK = firstCellClock('__benchFirstNumber', 'money.test(text)', 'var money = /R\\$\\s?[-\\d]/;');

interface Load {
  /** goto → the page reported its first number (the script's clock). */
  elapsed: number;
  /** navigation start → the first frame with a number (the page's clock). */
  inPage: number;
  /** navigation start → the DRE request left; its duration; its answer → the first number. */
  requestStart: number;
  request: number;
  afterAnswer: number;
  /** Scripts the page asked for before the number; when the report screen's own chunk was asked for. */
  scripts: number;
  screenChunk: number;
}

async function prepared(context: BrowserContext): Promise<{ page: Page; seen: () => Promise<number> }> {
  const page = await context.newPage();
  let reported: ((at: number) => void) | undefined;
  await page.exposeFunction('__benchFirstNumber', (at: number) => reported?.(at));
  await page.addInitScript({ content: FIRST_NUMBER_CLOCK });
  return { page, seen: () => new Promise<number>((resolve) => (reported = resolve)) };
}

async function load(page: Page, seen: () => Promise<number>, url: string, reload: boolean): Promise<Load> {
  const waiting = seen();
  const started = performance.now();
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${url}: no number within 60 s`)), 60_000)));
  const inPage = await Promise.race([waiting, timeout]).finally(() => clearTimeout(timer));
  const elapsed = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate((before: number) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const dre = entries.find((e) => /\/reports\/dre\?/.test(e.name));
    const screen = entries.find((e) => /\/ReportPage-[^/]*\.js/.test(e.name));
    return { screenChunk: screen?.startTime ?? NaN, requestStart: dre?.startTime ?? NaN, request: dre ? dre.responseEnd - dre.startTime : NaN, answered: dre?.responseEnd ?? NaN, scripts: entries.filter((e) => e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name)).filter((e) => e.startTime < before).length };
  }, inPage);
  return { elapsed, inPage, requestStart: timing.requestStart, request: timing.request, afterAnswer: inPage - timing.answered, scripts: timing.scripts, screenChunk: timing.screenChunk };
}

const stats = (values: number[]) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, n=${values.length})`;

function print(label: string, loads: Load[]) {
  const pick = (key: keyof Load) => loads.map((l) => l[key]);
  console.log(`report-first-paint: ${label}: goto → first number ${stats(pick('elapsed'))}`);
  console.log(`report-first-paint: ${label}: page clock, navigation start → first number ${stats(pick('inPage'))}`);
  console.log(`report-first-paint: ${label}:   of which: the report screen's chunk asked for at ${median(pick('screenChunk')).toFixed(0)} ms, the DRE request leaves at ${median(pick('requestStart')).toFixed(0)} ms, answered in ${median(pick('request')).toFixed(0)} ms, answer → number ${median(pick('afterAnswer')).toFixed(0)} ms; ${median(pick('scripts'))} scripts before it`);
}

async function measure(browser: Browser, target: BenchDatabase) {
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3240), { LOG_LEVEL: 'warn', DATABASE_URL: target.databaseUrl ?? '' }, target.dataDir);
  try {
    const session = new CarriedSession(await signedInState(browser, server.url, 'admin@demo.com.br', BENCH_PASSWORD));
    const url = `${server.url}${URL_PATH}`;
    // Once, unmeasured: the server's own first-use costs (plans, the permission cache).
    {
      const context = await session.newContext(browser, { locale: 'pt-BR' });
      const { page, seen } = await prepared(context);
      await load(page, seen, url, false);
      await session.close(context);
    }
    const cold: Load[] = [];
    const warm: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await session.newContext(browser, { locale: 'pt-BR' });
      const { page, seen } = await prepared(context);
      cold.push(await load(page, seen, url, false));
      warm.push(await load(page, seen, url, true));
      await session.close(context);
    }
    print('cold (new context, empty HTTP cache)', cold);
    print('warm (same context, reloaded)', warm);
  } finally {
    await server.stop();
  }
}

async function fill(db: Kysely<Database>) {
  const tables = ['installments', 'installment_settlements', 'finance_entries', 'finance_entry_allocations'];
  const triggers = (on: boolean) => Promise.all(tables.map((table) => sql.raw(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER USER`).execute(db)));
  await triggers(false);
  await insertPayables(db, Math.ceil(PARCELAS / PARCELAS_PER_ENTRY), 'financeiro@demo.com.br');
  await sql`INSERT INTO installment_settlements (id, org_id, installment_id, paid_on, amount, paid_total, bank_account_id)
    SELECT 'bench-baixa-' || i.id, i.org_id, i.id, i.due_date, i.amount, i.amount + 150, i.bank_account_id FROM installments i WHERE i.id LIKE 'bench-parcela-%' AND hashtext(i.id) % 3 = 0`.execute(db);
  await sql`UPDATE installments SET paid_amount = amount, status = 'paid', last_paid_on = due_date WHERE id LIKE 'bench-parcela-%' AND hashtext(id) % 3 = 0`.execute(db);
  await triggers(true);
  await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.bypass_rls', 'on', true)`.execute(trx);
    await sql`SELECT bi_rebuild()`.execute(trx);
  });
}

const browser = await chromium.launch(chromiumOptions);
try {
  const run = async (target: BenchDatabase) => {
    const started = performance.now();
    await prepareDatabase(target, fill);
    console.log(`report-first-paint: ${POSTGRES ? 'PostgreSQL' : 'embedded database (PGlite)'}, ${PARCELAS.toLocaleString('pt-BR')} parcelas, summaries built, ready in ${((performance.now() - started) / 1000).toFixed(0)} s; page ${URL_PATH}`);
    await measure(browser, target);
  };
  if (POSTGRES) await onScratchPostgres(POSTGRES, 'first_paint', run);
  else await onScratchPglite('first-paint', run);
} finally {
  await browser.close();
}

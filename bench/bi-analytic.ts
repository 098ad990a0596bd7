/**
 * The analítico (`GET /api/finance-reporting/analytic-installments`) through the real server, on a
 * PostgreSQL database that holds bench/finance-data.ts' parcelas (bench/bi-reports.ts builds one
 * and calls this): the first page (25 by due date), the first page filtered by one cost centre
 * and a pagar (the page and its count, X-Total-Count up to 10,000), the footer totals of every
 * parcela and of one cost centre; median of RUNS sequential requests after one warm-up.
 * Standalone, on a database kept from an earlier run:
 *   DATABASE_URL=postgres://…/rt_bench_bi_… npx tsx bench/bi-analytic.ts
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/types';
import { signIn } from './import-data';
import { openBenchDatabase } from './registry-data';
import { median, startServer } from './server-process';

const RUNS = Number(process.env.BI_BENCH_RUNS ?? 15);
const PORT = Number(process.env.BI_BENCH_PORT ?? 3236);
const ANALYTIC = '/api/finance-reporting/analytic-installments';
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** Median of RUNS sequential GETs (after one warm-up), with the first answer's row count and total header. */
async function requests(url: string, headers: Record<string, string>): Promise<{ median: number; rows: number; total: string }> {
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`${url}: HTTP ${first.status}`);
  const body = (await first.json()) as unknown;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  const count = (body as { count?: number }).count;
  return { median: median(times), rows: Array.isArray(body) ? body.length : 0, total: first.headers.get('x-total-count') ?? (first.headers.get('x-total-count-over') ? `over ${first.headers.get('x-total-count-over')}` : String(count)) };
}

export async function analyticFigures(databaseUrl: string, db: Kysely<Database>): Promise<void> {
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  try {
    const client = await signIn(server.url);
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json' };
    const centre = (await sql<{ id: string }>`SELECT cost_center_id AS id FROM finance_entry_allocations WHERE entry_id LIKE 'bench-entry-%' LIMIT 1`.execute(db)).rows[0].id;
    const page = await requests(`${server.url}${ANALYTIC}?perPage=25&sort=dueDate`, headers);
    const filtered = await requests(`${server.url}${ANALYTIC}?perPage=25&sort=dueDate&costCenterIds=${centre}&direction=payable`, headers);
    const totals = await requests(`${server.url}${ANALYTIC}/totals`, headers);
    const centreTotals = await requests(`${server.url}${ANALYTIC}/totals?costCenterIds=${centre}`, headers);
    console.log(`  Analítico first page (25, by due date):             median ${ms(page.median)} over ${RUNS} HTTP requests (${page.rows} rows, total ${page.total})`);
    console.log(`  Analítico first page, one cost centre, a pagar:     median ${ms(filtered.median)} (${filtered.rows} rows, total ${filtered.total})`);
    console.log(`  Analítico footer totals (every parcela):            median ${ms(totals.median)} (count ${totals.total})`);
    console.log(`  Analítico footer totals, one cost centre:           median ${ms(centreTotals.median)} (count ${centreTotals.total})`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a database bench/bi-reports.ts filled.');
  const handle = await openBenchDatabase({ databaseUrl: url, dataDir: '' });
  try {
    const parcelas = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM installments`.execute(handle.db)).rows[0].n;
    console.log(`BI analítico on PostgreSQL — ${Number(parcelas).toLocaleString('pt-BR')} parcelas`);
    await analyticFigures(url, handle.db);
  } finally {
    await handle.close();
  }
}

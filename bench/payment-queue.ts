/**
 * Figures of the payment queue (issue 8), on the real server:
 * - 100,000 parcelas a pagar (25,000 approved lançamentos × 4, due over twelve months, five
 *   suppliers, three bank accounts; 90 % `queued`, 10 % `authorized`) written with
 *   `INSERT … SELECT generate_series` (bench/finance-data.ts): seeding time;
 * - the queue's first page (`status=queued`, by due date, 25 a page) and its footer totals
 *   (`/totals` with the same filter: count, sums, per due date and per bank account): median of 20
 *   sequential requests each, then 20 connections for 10 s each → req/s, p50, p99;
 * - a bulk authorisation of 1,000 queued parcelas by the treasurer (tesouraria@demo.com.br,
 *   group Financeiro; the parcelas were entered by financeiro@demo.com.br) through
 *   `POST /api/finance/payable-installments/bulk/authorize`: total time, parcelas/s, and a SQL
 *   count of those 1,000 authorised afterwards.
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (a scratch database, dropped after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { AUTHORIZED_EVERY, insertPayables, PARCELAS_PER_ENTRY, queuedIds } from './finance-data';
import { signIn } from './import-data';
import { openBenchDatabase, prepareDatabase, onScratchPostgres, type BenchDatabase } from './registry-data';
import { median, startServer } from './server-process';

const ENTRIES = 25_000;
const PARCELAS = ENTRIES * PARCELAS_PER_ENTRY;
const BULK = 1_000;
const RUNS = 20;
const CONNECTIONS = 20;
const DURATION_S = 10;
const PORT = 3232;
const CLERK = 'financeiro@demo.com.br';
const TREASURER = 'tesouraria@demo.com.br';
const BASE = '/api/finance/payable-installments';

async function sequential(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    times.push(performance.now() - t);
  }
  return median(times);
}

async function underLoad(label: string, kind: string, url: string, headers: Record<string, string>): Promise<void> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(`payment-queue [${kind}]:   ${label} under load, ${CONNECTIONS} connections  ${result.requests.average.toFixed(1)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${errors}`);
}

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  const started = performance.now();
  await prepareDatabase(target, (db) => insertPayables(db, ENTRIES, CLERK));
  console.log(`payment-queue [${kind}]: ${PARCELAS.toLocaleString('en')} parcelas (${ENTRIES.toLocaleString('en')} lançamentos) written in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations, demo seed, data, ANALYZE)`);
  const ids = queuedIds(BULK);
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const client = await signIn(server.url, TREASURER);
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json' };
    const page = `${server.url}${BASE}?status=queued&sort=dueDate&perPage=25`;
    const totals = `${server.url}${BASE}/totals?status=queued`;
    const first = await fetch(page, { headers });
    const rows = (await first.json()) as unknown[];
    const sums = (await (await fetch(totals, { headers })).json()) as { count: number; groups: Record<string, unknown[]> };
    console.log(`payment-queue [${kind}]:   queue: HTTP ${first.status}, ${rows.length} rows on the page, total ${first.headers.get('x-total-count') ?? `over ${first.headers.get('x-total-count-over')} (capped count)`}; totals count ${sums.count}, ${sums.groups?.dueDate?.length} due dates, ${sums.groups?.bankAccountId?.length} accounts`);
    console.log(`payment-queue [${kind}]:   first page (25, status=queued, sort=dueDate)  median ${(await sequential(page, headers)).toFixed(1)} ms over ${RUNS}`);
    console.log(`payment-queue [${kind}]:   footer totals (status=queued)               median ${(await sequential(totals, headers)).toFixed(1)} ms over ${RUNS}`);
    await underLoad('first page', kind, page, headers);
    await underLoad('totals    ', kind, totals, headers);

    const t = performance.now();
    const bulk = await fetch(`${server.url}${BASE}/bulk/authorize`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ids }) });
    const body = (await bulk.json()) as { done?: string[]; failed?: { id: string; message: string }[] };
    const s = (performance.now() - t) / 1000;
    console.log(`payment-queue [${kind}]:   bulk authorisation of ${BULK.toLocaleString('en')} (one transaction per parcela)  HTTP ${bulk.status}  ${s.toFixed(2)} s total, ${(BULK / s).toFixed(0)} parcelas/s, done ${body.done?.length}, failed ${body.failed?.length}${body.failed?.length ? ` (first: ${body.failed[0].message})` : ''}`);
  } finally {
    await server.stop();
  }
  const handle = await openBenchDatabase(target);
  try {
    const counted = await sql<{ n: string; all: string }>`SELECT count(*) FILTER (WHERE id = ANY(${ids}::text[]))::text AS n, count(*)::text AS "all" FROM installments WHERE status = 'authorized'`.execute(handle.db);
    console.log(`payment-queue [${kind}]:   afterwards (SQL): ${counted.rows[0].n} of the ${BULK.toLocaleString('en')} are authorized (${counted.rows[0].all} authorized in all, ${(PARCELAS / AUTHORIZED_EVERY).toLocaleString('en')} seeded so)`);
  } finally {
    await handle.close();
  }
}

console.log(`payment-queue: ${PARCELAS.toLocaleString('en')} parcelas a pagar — the queue's first page and totals, and a bulk authorisation of ${BULK.toLocaleString('en')}`);
const pgliteDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-payment-queue-'));
try {
  await benchOne('PGlite', { dataDir: pgliteDir });
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) await onScratchPostgres(process.env.DATABASE_URL, 'payment_queue', (target) => benchOne('PostgreSQL', target));

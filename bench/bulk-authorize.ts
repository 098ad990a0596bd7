/**
 * Figure: a bulk authorisation of 1,000 queued parcelas a pagar by the treasurer
 * (`POST /api/finance/payable-installments/bulk/authorize`), each through the parcela's own
 * service (its rules, approval plug, history and audit): total time and parcelas/s, then a SQL
 * check that the 1,000 are authorised with one history row and one audit entry each.
 * Goal (issue 23): ≤ 2 s on PostgreSQL. Data: 500 approved lançamentos × 4 parcelas
 * (bench/finance-data.ts), entered by financeiro@demo.com.br.
 * On PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else on PGlite.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { insertPayables, queuedIds } from './finance-data';
import { signIn } from './import-data';
import { openBenchDatabase, prepareDatabase, onScratchPglite, onScratchPostgres, type BenchDatabase } from './registry-data';
import { processStats, processTree, startServer } from './server-process';

const ENTRIES = 500;
const BULK = 1_000;
const GOAL_S = 2;
const PORT = Number(process.env.BENCH_PORT ?? 3233);
const BASE = '/api/finance/payable-installments';

/** CPU milliseconds used so far by the server's process tree, and by the machine's PostgreSQL processes. */
function cpuMs(serverPid: number): { server: number; postgres: number } {
  const stats = processStats();
  const tree = new Set(processTree(serverPid, stats));
  const sum = (keep: (stat: (typeof stats)[number]) => boolean) => stats.filter(keep).reduce((total, stat) => total + stat.cpuTicks, 0) * 10;
  return { server: sum((stat) => tree.has(stat.pid)), postgres: sum((stat) => stat.name === 'postgres') };
}

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  await prepareDatabase(target, (db) => insertPayables(db, ENTRIES, 'financeiro@demo.com.br'));
  const ids = queuedIds(BULK);
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const client = await signIn(server.url, 'tesouraria@demo.com.br');
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json', 'content-type': 'application/json' };
    const cpuBefore = cpuMs(server.pid);
    const t = performance.now();
    const bulk = await fetch(`${server.url}${BASE}/bulk/authorize`, { method: 'POST', headers, body: JSON.stringify({ ids }) });
    const body = (await bulk.json()) as { done?: string[]; failed?: { id: string; message: string }[] };
    const s = (performance.now() - t) / 1000;
    const cpuAfter = cpuMs(server.pid);
    console.log(`bulk-authorize [${kind}]: ${BULK.toLocaleString('en')} parcelas  HTTP ${bulk.status}  ${s.toFixed(2)} s  ${(BULK / s).toFixed(0)} parcelas/s  done ${body.done?.length} failed ${body.failed?.length}${body.failed?.length ? ` (first: ${body.failed[0].message})` : ''}  (goal ≤ ${GOAL_S} s: ${s <= GOAL_S ? 'within' : 'OVER'})`);
    console.log(`bulk-authorize [${kind}]:   CPU: server ${(cpuAfter.server - cpuBefore.server).toFixed(0)} ms${target.databaseUrl ? `, PostgreSQL ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(0)} ms` : ''} (${(os.cpus().length)} cores)`);
  } finally {
    await server.stop();
  }
  const handle = await openBenchDatabase(target);
  try {
    const check = await sql<{ authorized: string; history: string; audit: string }>`SELECT
        (SELECT count(*) FROM installments WHERE id = ANY(${ids}::text[]) AND status = 'authorized')::text AS authorized,
        (SELECT count(*) FROM status_history WHERE entity_id = ANY(${ids}::text[]) AND action = 'authorize')::text AS history,
        (SELECT count(*) FROM audit_log WHERE entity_id = ANY(${ids}::text[]) AND action = 'payableInstallments.authorize')::text AS audit`.execute(handle.db);
    const row = check.rows[0];
    console.log(`bulk-authorize [${kind}]:   afterwards (SQL): ${row.authorized} authorised, ${row.history} history rows, ${row.audit} audit entries`);
  } finally {
    await handle.close();
  }
}

if (process.env.DATABASE_URL) await onScratchPostgres(process.env.DATABASE_URL, 'bulk_authorize', (target) => benchOne('PostgreSQL', target));
else await onScratchPglite('bulk_authorize', (target) => benchOne('PGlite', target));

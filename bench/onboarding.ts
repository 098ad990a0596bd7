/**
 * Figures of the first-run checklist (issue 28), on the real server, as the administrator of the
 * demo's second organisation (admin@outra.com.br), which starts without a chart of accounts:
 * - `GET /v1/identity/onboarding` (nine EXISTS probes and the skips, one statement): median of 20
 *   sequential requests, with 100,000 suppliers in the organisation and with the demo's registries
 *   in the other one;
 * - "Usar o plano de contas padrão" (`POST onboarding/standard-chart`): the chart and the two
 *   category trees created one record at a time through the record services, in one transaction;
 *   and the refused second call.
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (a scratch database, dropped after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { OTHER_ORG_ID } from '../server/db/seed';
import type { Database } from '../server/db/types';
import { signIn } from './import-data';
import { prepareDatabase, onScratchPostgres, type BenchDatabase } from './registry-data';
import { median, startServer } from './server-process';

const SUPPLIERS = 100_000;
const PORT = 3237;

async function fill(db: Kysely<Database>): Promise<void> {
  await sql`INSERT INTO persons (id, org_id, document, kind, name, is_supplier)
    SELECT 'bench-supplier-' || i, ${OTHER_ORG_ID}, lpad(i::text, 14, '0'), 'PJ', 'Fornecedor de bancada ' || i, true FROM generate_series(1, ${SUPPLIERS}) AS i`.execute(db);
}

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  await prepareDatabase(target, fill);
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const client = await signIn(server.url, 'admin@outra.com.br');
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json' };
    const state = `${server.url}/v1/identity/onboarding`;
    const first = await fetch(state, { headers });
    if (!first.ok) throw new Error(`onboarding: HTTP ${first.status}`);
    const medianOf = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await (await fetch(url, { headers })).arrayBuffer();
        times.push(performance.now() - t);
      }
      return median(times).toFixed(1);
    };
    // A small authenticated read of its own for scale (three counts, one statement).
    const baseline = await medianOf(`${server.url}/api/finance/summary`);
    console.log(`onboarding [${kind}]: GET onboarding (${SUPPLIERS.toLocaleString('en')} suppliers)  median ${await medianOf(state)} ms (GET finance/summary: ${baseline} ms)`);

    const t = performance.now();
    const created = await fetch(`${server.url}/v1/identity/onboarding/standard-chart`, { method: 'POST', headers });
    const ms = performance.now() - t;
    const body = (await created.json()) as Record<string, number>;
    if (!created.ok) throw new Error(`standard chart: HTTP ${created.status} ${JSON.stringify(body)}`);
    const records = body.chartAccounts + body.expenseCategories + body.revenueCategories;
    console.log(`onboarding [${kind}]: standard chart, ${records} records (${body.chartAccounts} accounts, ${body.expenseCategories} + ${body.revenueCategories} categories)  ${ms.toFixed(0)} ms, ${(ms / records).toFixed(1)} ms per record`);
    const t2 = performance.now();
    const again = await fetch(`${server.url}/v1/identity/onboarding/standard-chart`, { method: 'POST', headers });
    console.log(`onboarding [${kind}]: standard chart again  HTTP ${again.status} in ${(performance.now() - t2).toFixed(1)} ms`);
  } finally {
    await server.stop();
  }
}

console.log('onboarding: the checklist state and the standard chart of accounts');
const pgliteDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-onboarding-'));
try {
  await benchOne('PGlite', { dataDir: pgliteDir });
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) await onScratchPostgres(process.env.DATABASE_URL, 'onboarding', (target) => benchOne('PostgreSQL', target));

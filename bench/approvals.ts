/**
 * Figures of the approval service (issue 7), on the real server:
 * - the approver's inbox with 10,000 pending approvals: time of the first page (median of 20
 *   sequential requests) and, under load, throughput with p50/p99 at 20 connections for ~10 s;
 * - a bulk approval of 500 items through `POST /v1/approvals/bulk/approve`: total time. One
 *   transaction per item (a failure leaves the others decided), each closing its flow and running
 *   the pedido's approve transition (status, history, audit, e-mail to the requester).
 * Data: 10,000 submitted pedidos of the demo requester (one line each) with a one-stage flow whose
 * approver is compras@demo.com.br, written with `INSERT … SELECT generate_series`.
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (a scratch database, dropped after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { DEMO_ORG_ID } from '../server/db/seed';
import type { Database } from '../server/db/types';
import { signIn } from './import-data';
import { prepareDatabase, onScratchPostgres, type BenchDatabase } from './registry-data';
import { median, startServer } from './server-process';

const PENDING = 10_000;
const BULK = 500;
const CONNECTIONS = 20;
const DURATION_S = 10;
const PORT = 3231;

async function fill(db: Kysely<Database>): Promise<void> {
  const id = async (email: string) => (await sql<{ id: string }>`SELECT id FROM users WHERE email = ${email}`.execute(db)).rows[0].id;
  const requester = await id('solicitante@demo.com.br');
  const approver = await id('compras@demo.com.br');
  const centre = (await sql<{ id: string }>`SELECT id FROM cost_centers WHERE org_id = ${DEMO_ORG_ID} LIMIT 1`.execute(db)).rows[0].id;
  const queue = (await sql<{ id: string }>`SELECT id FROM approval_queues WHERE org_id = ${DEMO_ORG_ID} LIMIT 1`.execute(db)).rows[0].id;
  await sql`INSERT INTO orders (id, org_id, number, title, status, cost_center_id, total, version, created_at, updated_at, created_by, updated_by)
    SELECT 'bench-order-' || i, ${DEMO_ORG_ID}, 1000 + i, 'Pedido de bancada ' || i, 'submitted', ${centre}, 1000 * i, 2,
      now() - (i || ' minutes')::interval, now(), ${requester}, ${requester} FROM generate_series(1, ${PENDING}) AS i`.execute(db);
  await sql`INSERT INTO order_lines (id, org_id, order_id, position, description, quantity, unit, unit_price)
    SELECT 'bench-line-' || i, ${DEMO_ORG_ID}, 'bench-order-' || i, 0, 'Item ' || i, 1, 'UN', 1000 * i FROM generate_series(1, ${PENDING}) AS i`.execute(db);
  await sql`INSERT INTO approval_flows (id, org_id, resource, record_id, record_version, record_title, amount, queue_id, queue_name, requester_id, status, current_position, created_at)
    SELECT 'bench-flow-' || i, ${DEMO_ORG_ID}, 'orders', 'bench-order-' || i, 2, 'Pedido de bancada ' || i, 1000 * i, ${queue}, 'Bancada', ${requester}, 'pending', 0,
      now() - (i || ' minutes')::interval FROM generate_series(1, ${PENDING}) AS i`.execute(db);
  await sql`INSERT INTO approval_flow_stages (id, org_id, flow_id, position, name, min_approvals, approver_user_ids, approver_group_ids, status, opened_at)
    SELECT 'bench-stage-' || i, ${DEMO_ORG_ID}, 'bench-flow-' || i, 0, 'Compras', 1, ARRAY[${approver}]::text[], '{}'::text[], 'pending',
      now() - (i || ' minutes')::interval FROM generate_series(1, ${PENDING}) AS i`.execute(db);
}

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  const started = performance.now();
  await prepareDatabase(target, fill);
  console.log(`approvals [${kind}]: ${PENDING.toLocaleString('en')} pending approvals written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const client = await signIn(server.url, 'compras@demo.com.br');
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json' };
    const inbox = `${server.url}/v1/approvals/inbox?perPage=25`;
    const first = await fetch(inbox, { headers });
    if (!first.ok || first.headers.get('x-total-count') !== String(PENDING)) throw new Error(`inbox: HTTP ${first.status}, total ${first.headers.get('x-total-count')}`);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(inbox, { headers })).arrayBuffer();
      times.push(performance.now() - t);
    }
    console.log(`approvals [${kind}]:   inbox first page (25 of ${PENDING.toLocaleString('en')})  median ${median(times).toFixed(1)} ms`);
    const result = await autocannon({ url: inbox, headers, connections: CONNECTIONS, duration: DURATION_S });
    const errors = result.errors + result.non2xx + result.timeouts;
    console.log(`approvals [${kind}]:   inbox under load, ${CONNECTIONS} connections   ${result.requests.average.toFixed(1)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${errors}`);

    const ids = Array.from({ length: BULK }, (_, i) => `bench-flow-${i + 1}`);
    const t = performance.now();
    const bulk = await fetch(`${server.url}/v1/approvals/bulk/approve`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ids }) });
    const body = (await bulk.json()) as { done: string[]; failed: unknown[] };
    const ms = performance.now() - t;
    console.log(`approvals [${kind}]:   bulk approval of ${BULK} (one transaction per item)  ${(ms / 1000).toFixed(2)} s total, ${(ms / BULK).toFixed(1)} ms per item, done ${body.done.length}, failed ${body.failed.length}`);
  } finally {
    await server.stop();
  }
}

console.log(`approvals: inbox of ${PENDING.toLocaleString('en')} pending approvals and a bulk approval of ${BULK}`);
const pgliteDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-approvals-'));
try {
  await benchOne('PGlite', { dataDir: pgliteDir });
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) await onScratchPostgres(process.env.DATABASE_URL, 'approvals', (target) => benchOne('PostgreSQL', target));

/**
 * Figures (issue 25): a remessa of 5,000 authorised parcelas (PIX) of the demo Itaú account —
 * `POST /api/finance/remittances` (202: parcelas taken, file written) and then its job, end to end
 * (each parcela through its own service — `remit`: lock, history, audit — 500 per step, the file
 * offered with its SHA-256), polled every 100 ms — then its download, and the bank's retorno paying all
 * of them (`POST remittances/returns`: one baixa per parcela through `settleRemitted`). Prints the
 * time of each and parcelas/s, then a SQL check (5,000 paid, one baixa each).
 * On PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_ORG_ID } from '../server/db/seed';
import { bankReturn } from '../tests/api/remittance-return';
import { insertPayables } from './finance-data';
import { signIn } from './import-data';
import { openBenchDatabase, prepareDatabase, scratchPostgres, type BenchDatabase } from './registry-data';
import { startServer } from './server-process';

const PARCELAS = Number(process.env.REMITTANCE_PARCELAS ?? 5_000);
const PORT = Number(process.env.BENCH_PORT ?? 3286);

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  let accountId = '';
  let agreementId = '';
  await prepareDatabase(target, async (db) => {
    await insertPayables(db, Math.ceil(PARCELAS / 4) + 10, 'financeiro@demo.com.br');
    accountId = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} AND type = 'checking' ORDER BY created_at, id LIMIT 1`.execute(db)).rows[0].id;
    agreementId = (await sql<{ id: string }>`SELECT id FROM bank_account_agreements WHERE bank_account_id = ${accountId}`.execute(db)).rows[0].id;
    // The Itaú account (the one with the SISPAG convênio) takes the first N parcelas, authorised, paid by PIX.
    await sql`UPDATE installments SET status = 'authorized', bank_account_id = ${accountId}, payment_method = 'pix', pix_key_type = 'email', pix_key = 'fornecedor@exemplo.com.br', boleto_line = NULL
      WHERE id IN (SELECT id FROM installments WHERE direction = 'payable' ORDER BY id LIMIT ${PARCELAS})`.execute(db);
    await sql`UPDATE installments SET status = 'queued' WHERE bank_account_id = ${accountId} AND status = 'authorized' AND payment_method <> 'pix'`.execute(db);
    const ready = await sql<{ n: string }>`SELECT count(*)::text AS n FROM installments WHERE bank_account_id = ${accountId} AND status = 'authorized'`.execute(db);
    console.log(`remittance: ${ready.rows[0].n} authorised parcelas ready`);
  });
  console.log(`remittance [${kind}]: account ${accountId}, convênio ${agreementId}`);
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const client = await signIn(server.url, 'tesouraria@demo.com.br');
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json', 'content-type': 'application/json' };
    let t = performance.now();
    const made = await fetch(`${server.url}/api/finance/remittances`, { method: 'POST', headers: { ...headers, 'idempotency-key': `bench-${Date.now()}` }, body: JSON.stringify({ bankAccountId: accountId, agreementId }) });
    let record = (await made.json()) as { id: string; status: string; paymentCount: number; processedCount: number; total: number; message?: string; errors?: unknown; failureReason?: string };
    if (record.errors) console.log(`remittance [${kind}]: refused: ${JSON.stringify(record.errors).slice(0, 400)}`);
    const accepted = (performance.now() - t) / 1000;
    console.log(`remittance [${kind}]: accepted ${record.paymentCount ?? 0} parcelas  HTTP ${made.status}  ${accepted.toFixed(2)} s (the request: parcelas taken, file written)`);
    while (made.status === 202 && record.status === 'generating') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      record = (await (await fetch(`${server.url}/api/finance/remittances/${record.id}`, { headers })).json()) as typeof record;
    }
    let s = (performance.now() - t) / 1000;
    console.log(`remittance [${kind}]: generate ${record.paymentCount ?? 0} parcelas end to end (202 → ${record.status}${record.failureReason ? `: ${record.failureReason}` : ''})  ${s.toFixed(2)} s  ${((record.paymentCount ?? 0) / s).toFixed(0)} parcelas/s${record.message ? `  (${record.message})` : ''}`);
    t = performance.now();
    const file = await fetch(`${server.url}/api/finance/remittances/${record.id}/file`, { headers });
    const bytes = Buffer.from(await file.arrayBuffer());
    console.log(`remittance [${kind}]: download ${(bytes.length / 1024).toFixed(0)} KB (${bytes.toString('latin1').split('\r\n').length - 1} lines)  ${((performance.now() - t) / 1000).toFixed(2)} s`);
    const retorno = Buffer.from(bankReturn(bytes.toString('latin1')), 'latin1');
    t = performance.now();
    const imported = await fetch(`${server.url}/api/finance/remittances/returns`, { method: 'POST', headers, body: JSON.stringify({ fileName: 'RETORNO.RET', content: retorno.toString('base64') }) });
    const result = (await imported.json()) as { paid?: number; message?: string };
    s = (performance.now() - t) / 1000;
    console.log(`remittance [${kind}]: retorno ${result.paid ?? 0} paid  HTTP ${imported.status}  ${s.toFixed(2)} s  ${((result.paid ?? 0) / s).toFixed(0)} baixas/s${result.message ? `  (${result.message})` : ''}`);
  } finally {
    await server.stop();
  }
  const handle = await openBenchDatabase(target);
  try {
    const check = await sql<{ paid: string; baixas: string }>`SELECT (SELECT count(*) FROM installments WHERE bank_account_id = ${accountId} AND status = 'paid')::text AS paid,
      (SELECT count(*) FROM installment_settlements WHERE bank_account_id = ${accountId})::text AS baixas`.execute(handle.db);
    console.log(`remittance [${kind}]:   afterwards (SQL): ${check.rows[0].paid} parcelas paid, ${check.rows[0].baixas} baixas`);
  } finally {
    await handle.close();
  }
}

if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.DATABASE_URL, 'remittance');
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-remittance-pg-'));
  try {
    await benchOne('PostgreSQL', { dataDir: dir, databaseUrl: scratch.url });
  } finally {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-remittance-'));
  try {
    await benchOne('PGlite', { dataDir: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

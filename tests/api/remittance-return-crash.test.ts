/**
 * Kill -9 in the middle of a retorno's import (issue 25: "a job killed mid-way resumes without
 * double baixas"): a remessa of 200 PIX parcelas, sent; its retorno paying all of them applied 20
 * payments per step; the server is killed as soon as the log shows the first step in; after a
 * restart the job goes on from the resume point it kept and ends processado — every parcela paid
 * exactly once (one baixa, one `settleRemitted` history row each), every step done once.
 * Real server processes (server-process.ts), on PGlite (resumed at start) and on PostgreSQL (the
 * step expires after 5 s and is retried).
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../bench/import-data.js';
import { openBenchDatabase } from '../../bench/registry-data.js';
import { databaseKinds } from './fixture.js';
import { authorisedPixParcelas } from './remittance-crash-support.js';
import { bankReturn } from './remittance-return.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const TOTAL = 200;
const STEP = 20;

describe.each(databaseKinds())('a retorno survives the end of its server process [%s]', (kind) => {
  let database: ServerDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  }, 60_000);

  it('kill -9 in the middle: after a restart the import ends processado, each of the 200 parcelas paid exactly once', async () => {
    database = await serverDatabase(kind);
    const { target, accountId, agreementId } = await authorisedPixParcelas(database, TOTAL);
    const env = { ...database.env, JOBS_EXPIRE_SECONDS: '5', JOBS_MAINTENANCE_SECONDS: '1', RETURN_STEP_PAYMENTS: String(STEP) };
    server = await startServerProcess(env);
    let client = await signIn(server.url, 'tesouraria@demo.com.br');
    const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json', 'content-type': 'application/json', ...extra });
    const poll = async <T extends { status: string }>(url: string, busy: string): Promise<T> => {
      const until = Date.now() + 120_000;
      for (;;) {
        const read = (await (await fetch(url, { headers: headers() })).json()) as T;
        if (read.status !== busy || Date.now() > until) return read;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    // The remessa of the 200, generated, sent and answered by the bank (all paid).
    const made = (await (await fetch(`${server.url}/api/finance/remittances`, { method: 'POST', headers: headers(), body: JSON.stringify({ bankAccountId: accountId, agreementId }) })).json()) as { id: string };
    const remessa = await poll<{ status: string; version: number; paymentCount: number; items: { installmentId: string }[] }>(`${server.url}/api/finance/remittances/${made.id}`, 'generating');
    expect(remessa).toMatchObject({ status: 'generated', paymentCount: TOTAL });
    const sent = await fetch(`${server.url}/api/finance/remittances/${made.id}/actions/markSent`, { method: 'POST', headers: headers({ 'if-match': `"${remessa.version}"` }), body: '{}' });
    expect(sent.status).toBe(200);
    const text = bankReturn(Buffer.from(await (await fetch(`${server.url}/api/finance/remittances/${made.id}/file`, { headers: headers() })).arrayBuffer()).toString('latin1'), {}, '22112026');
    const posted = await fetch(`${server.url}/api/finance/remittances/returns`, { method: 'POST', headers: headers(), body: JSON.stringify({ fileName: 'RETORNO.RET', content: Buffer.from(text, 'latin1').toString('base64') }) });
    const accepted = (await posted.json()) as { id: string; status: string; payments: number };
    expect(posted.status, JSON.stringify(accepted)).toBe(202);
    expect(accepted).toMatchObject({ status: 'processing', payments: TOTAL });

    const stepsDone = (output: string[]) => output.filter((line) => line.includes('"return step done"') && line.includes(accepted.id)).map((line) => (JSON.parse(line) as { processed: number }).processed);
    while (!stepsDone(server.output).length) await new Promise((resolve) => setTimeout(resolve, 2));
    server.child.kill('SIGKILL');
    await server.exited;
    const before = stepsDone(server.output);
    expect(before.at(-1)!).toBeLessThan(TOTAL);

    server = await startServerProcess(env);
    client = await signIn(server.url, 'tesouraria@demo.com.br');
    const done = await poll<{ status: string; processedCount: number; paid: number; unchanged: number }>(`${server.url}/api/finance/remittances/returns/${accepted.id}`, 'processing');
    expect(done).toMatchObject({ status: 'processed', processedCount: TOTAL, paid: TOTAL, unchanged: 0 });
    // Every step done once, before or after the restart, none twice (read once the process ended: the last step logs after its commit).
    const last = server;
    expect(await last.stop()).toBe(0);
    server = undefined;
    expect([...before, ...stepsDone(last.output)]).toEqual(Array.from({ length: TOTAL / STEP }, (_, i) => (i + 1) * STEP));

    const check = await openBenchDatabase(target);
    try {
      const ids = remessa.items.map((i) => i.installmentId);
      const counts = await sql<{ baixas: string; distinct_baixas: string; history: string; paid: string; processed: string }>`SELECT
          (SELECT count(*) FROM installment_settlements WHERE installment_id IN (${sql.join(ids)}))::text AS baixas,
          (SELECT count(DISTINCT installment_id) FROM installment_settlements WHERE installment_id IN (${sql.join(ids)}))::text AS distinct_baixas,
          (SELECT count(*) FROM status_history WHERE action = 'settleRemitted' AND entity_id IN (${sql.join(ids)}))::text AS history,
          (SELECT count(*) FROM installments WHERE status = 'paid' AND id IN (${sql.join(ids)}))::text AS paid,
          (SELECT status FROM remittances WHERE id = ${made.id}) AS processed`.execute(check.db);
      expect(counts.rows[0]).toEqual({ baixas: String(TOTAL), distinct_baixas: String(TOTAL), history: String(TOTAL), paid: String(TOTAL), processed: 'processed' });
    } finally {
      await check.close();
    }
    await database.dispose();
    database = undefined;
  }, 300_000);
});

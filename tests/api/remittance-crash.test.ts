/**
 * Kill -9 in the middle of a remessa's generation (issue 25: "a job killed mid-way resumes without
 * double-writing"): 200 authorised parcelas moved into the file 20 per step; the server is killed
 * as soon as the log shows the first step in; after a restart the job goes on from the progress
 * it kept and offers the file — every parcela moved exactly once (one `remit` history row and one
 * audit entry each, one live payment each), the SHA-256 the file's.
 * Real server processes (server-process.ts), on PGlite (the directory the killed process held:
 * resumed at start) and on PostgreSQL (the step expires after 5 s and is retried).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../bench/import-data.js';
import { openBenchDatabase } from '../../bench/registry-data.js';
import { databaseKinds } from './fixture.js';
import { authorisedPixParcelas } from './remittance-crash-support.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const TOTAL = 200;
const STEP = 20;

describe.each(databaseKinds())('a remessa survives the end of its server process [%s]', (kind) => {
  let database: ServerDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  }, 60_000);

  it('kill -9 in the middle: after a restart the file is offered, each of the 200 parcelas moved exactly once', async () => {
    database = await serverDatabase(kind);
    const { target, accountId, agreementId } = await authorisedPixParcelas(database, TOTAL);
    const env = { ...database.env, JOBS_EXPIRE_SECONDS: '5', JOBS_MAINTENANCE_SECONDS: '1', REMITTANCE_STEP_PARCELAS: String(STEP) };
    server = await startServerProcess(env);
    let client = await signIn(server.url, 'tesouraria@demo.com.br');
    const headers = () => ({ authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json', 'content-type': 'application/json' });
    const made = await fetch(`${server.url}/api/finance/remittances`, { method: 'POST', headers: headers(), body: JSON.stringify({ bankAccountId: accountId, agreementId }) });
    const accepted = (await made.json()) as { id: string; paymentCount: number; status: string };
    expect(made.status, JSON.stringify(accepted)).toBe(202);
    expect(accepted).toMatchObject({ status: 'generating', paymentCount: TOTAL });

    const stepsDone = (output: string[]) => output.filter((line) => line.includes('"remittance step done"') && line.includes(accepted.id)).map((line) => (JSON.parse(line) as { processed: number }).processed);
    while (!stepsDone(server.output).length) await new Promise((resolve) => setTimeout(resolve, 2));
    server.child.kill('SIGKILL');
    await server.exited;
    const before = stepsDone(server.output);
    expect(before.at(-1)!).toBeLessThan(TOTAL);

    server = await startServerProcess(env);
    client = await signIn(server.url, 'tesouraria@demo.com.br');
    let record: { status: string; processedCount: number; sha256: string | null; items: { installmentId: string }[] };
    const until = Date.now() + 120_000;
    for (;;) {
      record = (await (await fetch(`${server.url}/api/finance/remittances/${accepted.id}`, { headers: headers() })).json()) as typeof record;
      if (record.status !== 'generating' || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(record).toMatchObject({ status: 'generated', processedCount: TOTAL });
    const file = Buffer.from(await (await fetch(`${server.url}/api/finance/remittances/${accepted.id}/file`, { headers: headers() })).arrayBuffer());
    expect(createHash('sha256').update(file).digest('hex')).toBe(record.sha256);
    // Every step done once, before or after the restart, none twice (read once the process ended: the last step logs after its commit).
    const last = server;
    expect(await last.stop()).toBe(0);
    server = undefined;
    expect([...before, ...stepsDone(last.output)]).toEqual(Array.from({ length: TOTAL / STEP }, (_, i) => (i + 1) * STEP));

    const check = await openBenchDatabase(target);
    try {
      const ids = record.items.map((i) => i.installmentId);
      const counts = await sql<{ remits: string; distinct_remits: string; audits: string; live: string; moved: string }>`SELECT
          (SELECT count(*) FROM status_history WHERE action = 'remit' AND entity_id IN (${sql.join(ids)}))::text AS remits,
          (SELECT count(DISTINCT entity_id) FROM status_history WHERE action = 'remit' AND entity_id IN (${sql.join(ids)}))::text AS distinct_remits,
          (SELECT count(*) FROM audit_log WHERE action = 'payableInstallments.remit' AND entity_id IN (${sql.join(ids)}))::text AS audits,
          (SELECT count(*) FROM remittance_items WHERE live AND installment_id IN (${sql.join(ids)}))::text AS live,
          (SELECT count(*) FROM installments WHERE status = 'in_remittance' AND id IN (${sql.join(ids)}))::text AS moved`.execute(check.db);
      expect(counts.rows[0]).toEqual({ remits: String(TOTAL), distinct_remits: String(TOTAL), audits: String(TOTAL), live: String(TOTAL), moved: String(TOTAL) });
    } finally {
      await check.close();
    }
    await database.dispose();
    database = undefined;
  }, 300_000);
});

/**
 * The retorno applied by its job (issue 25), on the real server and database, with steps of 2
 * payments (`RETURN_STEP_PAYMENTS`) so that a small file takes several steps: validated whole and
 * accepted (202, processando, nothing applied yet) → progress (n de N) → processado with the same
 * effects as the synchronous import had (baixa with the bank's date and amount, rejeitada back to
 * autorizada, the remessa processada, one audit entry); the same file sent while it is still being
 * applied → 200 with that import, nothing twice; a parcela whose baixa its service refuses when
 * its step comes → falhou naming the line, the lines before applied, the file accepted again
 * afterwards finishing the rest; on PostgreSQL, the same file sent four times at once → one import,
 * each baixa once, and two different retornos answering the same payments at once → each payment
 * answered once.
 */
process.env.RETURN_STEP_PAYMENTS = '2';

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { authorisedParcelas, bankReturn, base64, demoParties, pixInstallments, PARCELAS, REMITTANCES, untilGenerated, untilImported, type Parties } from './remittance-support.js';

describe.each(databaseKinds())('retorno aplicado por job [%s]', (kind) => {
  const env = useTestEnv(kind);
  let clerk: Session;
  let treasurer: Session;
  let parties: Parties;

  const post = (text: string, fileName = 'RETORNO.RET') => call(env, 'POST', `${REMITTANCES}/returns`, { session: treasurer, body: { fileName, content: base64(text) } });
  const statuses = async (ids: string[]) => (await sql<{ id: string; status: string }>`SELECT id, status FROM installments WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(env.db)).rows.map((r) => r.status);
  const settlements = async (ids: string[]) => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installment_settlements WHERE installment_id IN (${sql.join(ids)})`.execute(env.db)).rows[0].n);
  const historyOf = async (ids: string[], action: string) =>
    Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM status_history WHERE entity_id IN (${sql.join(ids)}) AND action = ${action}`.execute(env.db)).rows[0].n);

  /** A sent remessa of `amounts` (PIX), its file as text and its "seu número" by parcela. */
  async function sentRemessa(amounts: number[]) {
    const ids = await authorisedParcelas(env, clerk, treasurer, parties, pixInstallments(amounts));
    const made = await call(env, 'POST', REMITTANCES, { session: treasurer, body: { bankAccountId: parties.accountId, agreementId: parties.agreementId, installmentIds: ids } });
    expect(made.status, made.raw).toBe(202);
    const record = await untilGenerated(env, treasurer, made.body.id);
    const sent = await call(env, 'POST', `${REMITTANCES}/${record.id}/actions/markSent`, { session: treasurer, body: {}, headers: { 'if-match': `"${record.version}"` } });
    expect(sent.status, sent.raw).toBe(200);
    const remessa = (await call(env, 'GET', `${REMITTANCES}/${record.id}/file`, { session: treasurer })).bytes.toString('latin1');
    const reference = new Map<string, string>(record.items.map((i: { installmentId: string; reference: string }) => [i.installmentId, i.reference]));
    return { ids, remittanceId: String(record.id), remessa, reference };
  }

  beforeAll(async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    parties = await demoParties(env, admin);
  });

  it('202 processando → n de N linhas step by step → processado: each baixa and rejection once, the remessa processada', async () => {
    const { ids, remittanceId, remessa, reference } = await sentRemessa([10000, 20000, 30000, 40000, 50000]);
    const rejectedId = ids[1];
    const accepted = await post(bankReturn(remessa, { [reference.get(rejectedId)!]: 'AN' }, '22112026'));
    expect(accepted.status, accepted.raw).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'processing', processedCount: 0, payments: 5, paid: 0, rejected: 0, lines: [], duplicate: false, failureReason: null });
    const seen = new Set<number>();
    let record: Record<string, any>;
    for (;;) {
      record = (await call(env, 'GET', `${REMITTANCES}/returns/${accepted.body.id}`, { session: treasurer })).body;
      seen.add(record.processedCount);
      // What the import shows is what it applied so far: one line per payment applied.
      if (record.status === 'processing') expect(record.lines.length).toBeLessThanOrEqual(record.processedCount);
      if (record.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(record).toMatchObject({ status: 'processed', processedCount: 5, payments: 5, paid: 4, rejected: 1, unknown: 0, unchanged: 0 });
    expect(record.lines).toHaveLength(5);
    for (const count of seen) expect([0, 2, 4, 5]).toContain(count);
    expect(await statuses(ids)).toEqual((await sql<{ id: string }>`SELECT id FROM installments WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(env.db)).rows.map((r) => (r.id === rejectedId ? 'authorized' : 'paid')));
    expect(await settlements(ids)).toBe(4);
    expect(await historyOf(ids, 'unremit')).toBe(1);
    const paid = (await call(env, 'GET', `${PARCELAS}/${ids[0]}`, { session: treasurer })).body;
    expect(paid.settlements).toMatchObject([{ paidOn: '2026-11-22', amount: 10000, bankAccountId: parties.accountId }]);
    expect((await call(env, 'GET', `${REMITTANCES}/${remittanceId}`, { session: treasurer })).body).toMatchObject({ status: 'processed', paidCount: 4, rejectedCount: 1 });
    const audits = await sql<{ after: { paid: number } }>`SELECT after FROM audit_log WHERE action = 'remittanceReturns.import' AND entity_id = ${accepted.body.id}`.execute(env.db);
    expect(audits.rows.map((r) => r.after.paid)).toEqual([4]);
  });

  it('the same file sent again at once (its job under way) and later answers that import (200) and nothing happens twice', async () => {
    const { ids, remessa } = await sentRemessa([10000, 10000, 10000, 10000, 10000, 10000]);
    const text = bankReturn(remessa, {}, '23112026');
    const first = await post(text);
    expect(first.status, first.raw).toBe(202);
    const again = await post(text, 'COPIA.RET');
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true, payments: 6 });
    const done = await untilImported(env, treasurer, first.body.id);
    expect(done).toMatchObject({ status: 'processed', paid: 6, fileName: 'RETORNO.RET' });
    expect(await settlements(ids)).toBe(6);
    const later = await post(text, 'DE-NOVO.RET');
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ id: first.body.id, duplicate: true, status: 'processed', paid: 6 });
    expect(await settlements(ids)).toBe(6);
  });

  it('a baixa refused when its step comes: falhou naming the line, the lines before applied; sent again, it finishes the rest', async () => {
    const { ids, remessa, reference } = await sentRemessa([10000, 10000, 10000, 10000]);
    // The third payment's parcela is no longer em remessa when the job reaches it (a direct change, as a fault would make).
    const text = bankReturn(remessa, {}, '24112026');
    const linesOf = text.split('\r\n').filter((l) => l[7] === '3' && l[13] === 'A');
    const thirdRef = linesOf[2].slice(73, 93).trim();
    const thirdId = [...reference.entries()].find(([, r]) => r === thirdRef)![0];
    await sql`UPDATE installments SET status = 'authorized' WHERE id = ${thirdId}`.execute(env.db);
    const accepted = await post(text);
    expect(accepted.status, accepted.raw).toBe(202);
    const failed = await untilImported(env, treasurer, accepted.body.id);
    expect(failed.status).toBe('failed');
    const thirdLine = text.split('\r\n').indexOf(linesOf[2]) + 1;
    expect(failed.failureReason).toBe(`Linha ${thirdLine}: Não é possível dar baixa pelo retorno em uma parcela a pagar autorizada. A importação parou aqui; as linhas anteriores foram aplicadas.`);
    expect(failed).toMatchObject({ paid: 2, processedCount: 2 });
    expect(await settlements(ids)).toBe(2);
    // Put back em remessa (the fault fixed): the same file again starts over and answers the rest, the first two unchanged.
    await sql`UPDATE installments SET status = 'in_remittance' WHERE id = ${thirdId}`.execute(env.db);
    const retried = await post(text);
    expect(retried.status, retried.raw).toBe(202);
    expect(retried.body.id).toBe(accepted.body.id);
    const done = await untilImported(env, treasurer, accepted.body.id);
    expect(done).toMatchObject({ status: 'processed', paid: 2, unchanged: 2, failureReason: null });
    expect(await settlements(ids)).toBe(4);
  });

  it.runIf(kind === 'postgres')('the same file four times at once: one import, each baixa once; two different retornos of the same payments at once: each answered once', async () => {
    const { ids, remessa } = await sentRemessa([10000, 20000, 30000]);
    const text = bankReturn(remessa, {}, '25112026');
    const answers = await Promise.all([1, 2, 3, 4].map((n) => post(text, `R${n}.RET`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 202]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await untilImported(env, treasurer, answers[0].body.id)).toMatchObject({ status: 'processed', paid: 3 });
    expect(await settlements(ids)).toBe(3);

    const other = await sentRemessa([10000, 20000, 30000, 40000]);
    const [a, b] = await Promise.all([post(bankReturn(other.remessa, {}, '26112026'), 'A.RET'), post(bankReturn(other.remessa, {}, '27112026'), 'B.RET')]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const [doneA, doneB] = [await untilImported(env, treasurer, a.body.id), await untilImported(env, treasurer, b.body.id)];
    expect([doneA.status, doneB.status]).toEqual(['processed', 'processed']);
    expect(doneA.paid + doneB.paid).toBe(4);
    expect(doneA.unchanged + doneB.unchanged).toBe(4);
    expect(await settlements(other.ids)).toBe(4);
    expect(await statuses(other.ids)).toEqual(['paid', 'paid', 'paid', 'paid']);
  });
});

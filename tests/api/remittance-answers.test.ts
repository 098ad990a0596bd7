/**
 * A payment the bank left without a clear answer (its remessa processada, the payment unknown,
 * agendado or not in the retorno) is resolved by a person who confirmed it with the bank: "Pago" (a
 * baixa) or "Não pago" (back to autorizada, free for another remessa). Offered only then (never
 * for a remessa still waiting for its retorno: cancel that one); who answered is kept, and a later
 * retorno that says otherwise is shown as a conflict with nothing changed — a payment the bank did
 * make after all is not paid twice unseen.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_MESSAGES } from '../../src/contracts/resources/installments.js';
import { saoPauloToday } from '../../src/contracts/today.js';
import { ANSWERED_BY_HAND } from '../../server/finance/remittances/answers.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';
import { authorisedParcelas, bankReturn, base64, demoParties, pixInstallments, PARCELAS, REMITTANCES, untilGenerated, untilImported, type Parties } from './remittance-support.js';

describe.each(databaseKinds())('payments resolved by hand with the bank [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let treasurer: { user: TestUser; session: Session };
  let other: Session;
  let parties: Parties;

  const read = async (id: string) => (await call(env, 'GET', `${PARCELAS}/${id}`, { session: treasurer.session })).body;
  const act = async (who: Session, id: string, action: string, body: Record<string, unknown>) => {
    const parcela = await read(id);
    return call(env, 'POST', `${PARCELAS}/${id}/actions/${action}`, { session: who, body, headers: { 'if-match': `"${parcela.version}"` } });
  };
  const today = () => saoPauloToday(env.clock.now());
  /** A sent remessa of new authorised parcelas of `amounts`: its id, its file and each parcela's "seu número". */
  const sentRemittance = async (amounts: number[]) => {
    const ids = await authorisedParcelas(env, clerk, treasurer.session, parties, pixInstallments(amounts));
    const made = await call(env, 'POST', REMITTANCES, { session: treasurer.session, body: { bankAccountId: parties.accountId, agreementId: parties.agreementId, installmentIds: ids } });
    expect(made.status, made.raw).toBe(202);
    const done = await untilGenerated(env, treasurer.session, made.body.id);
    const sent = await call(env, 'POST', `${REMITTANCES}/${done.id}/actions/markSent`, { session: treasurer.session, body: {}, headers: { 'if-match': `"${done.version}"` } });
    expect(sent.status, sent.raw).toBe(200);
    const file = (await call(env, 'GET', `${REMITTANCES}/${done.id}/file`, { session: treasurer.session })).bytes.toString('latin1');
    const reference = new Map<string, string>(done.items.map((item: { installmentId: string; reference: string }) => [item.installmentId, item.reference]));
    return { id: done.id as string, ids, file, reference };
  };
  const importReturn = async (text: string, fileName: string) => {
    const answer = await call(env, 'POST', `${REMITTANCES}/returns`, { session: treasurer.session, body: { fileName, content: base64(text) } });
    expect(answer.status, answer.raw).toBe(202);
    return untilImported(env, treasurer.session, answer.body.id);
  };
  const item = async (id: string) =>
    (await sql<{ outcome: string; live: boolean; answered_by: string | null }>`SELECT outcome, live, answered_by FROM remittance_items WHERE installment_id = ${id} ORDER BY answered_at DESC NULLS LAST LIMIT 1`.execute(env.db)).rows[0];
  const settlements = async (id: string) => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installment_settlements WHERE installment_id = ${id}`.execute(env.db)).rows[0].n);

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = await userInGroups(env, ['Financeiro']);
    other = (await userInGroups(env, ['Solicitante'])).session;
    parties = await demoParties(env, admin);
  });

  it('offers nothing while the remessa waits for its retorno; once a retorno left a payment unknown or agendado, "Pago" makes the baixa and "Não pago" frees it for another remessa', async () => {
    const remessa = await sentRemittance([10000, 20000, 30000]);
    const [unknownId, scheduledId, paidId] = remessa.ids;

    // Sent, no retorno yet: the way out is "Cancelar remessa"; nothing to confirm by hand. The parcela names its remessa.
    const sent = await read(unknownId);
    expect(sent._actions).not.toContain('confirmPaid');
    expect(sent).toMatchObject({ remittanceId: remessa.id, bankOutcome: 'pending', bankOccurrences: null });
    expect(sent._refs.remittanceId).toEqual([{ id: remessa.id, label: expect.stringMatching(/\.REM$/i) }]);
    const early = await act(treasurer.session, unknownId, 'confirmPaid', { paidOn: today(), amount: 10000, bankAccountId: parties.accountId });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(SETTLEMENT_MESSAGES.noBankAnswer);

    const first = await importReturn(bankReturn(remessa.file, { [remessa.reference.get(unknownId)!]: 'ZZ', [remessa.reference.get(scheduledId)!]: 'BD' }, '20112026'), 'RET1.RET');
    expect(first).toMatchObject({ status: 'processed', paid: 1, unknown: 1, scheduled: 1 });
    expect((await read(unknownId))._actions).toEqual(expect.arrayContaining(['confirmPaid', 'confirmUnpaid']));
    expect((await read(scheduledId))._actions).toEqual(expect.arrayContaining(['confirmPaid', 'confirmUnpaid']));
    expect((await read(paidId))._actions).not.toContain('confirmPaid');
    // Each parcela says what the bank answered: why it is offered, or not.
    expect(await read(unknownId)).toMatchObject({ remittanceId: remessa.id, bankOutcome: 'unknown', bankOccurrences: expect.stringContaining('ZZ') });
    expect(await read(scheduledId)).toMatchObject({ bankOutcome: 'scheduled' });
    expect(await read(paidId)).toMatchObject({ bankOutcome: 'paid' });
    // Not for who may not act on the payment queue.
    expect((await act(other, unknownId, 'confirmPaid', { paidOn: today(), amount: 10000, bankAccountId: parties.accountId })).status).toBe(403);

    // Paid, confirmed with the bank: a baixa with the date and the note, the payment answered by this person.
    const paid = await act(treasurer.session, unknownId, 'confirmPaid', { paidOn: '2026-11-20', amount: 10000, bankAccountId: parties.accountId, note: 'Comprovante enviado pelo gerente.' });
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidAmount: 10000, openBalance: 0, bankAnswerMissing: false });
    expect(paid.body.settlements).toMatchObject([{ paidOn: '2026-11-20', amount: 10000, note: `${ANSWERED_BY_HAND.paid} Comprovante enviado pelo gerente.` }]);
    expect(await item(unknownId)).toEqual({ outcome: 'paid', live: false, answered_by: treasurer.user.id });

    // Not paid, confirmed with the bank: back to autorizada with the reason, and into the next remessa.
    const unpaid = await act(treasurer.session, scheduledId, 'confirmUnpaid', { reason: 'O banco cancelou o agendamento.' });
    expect(unpaid.status, unpaid.raw).toBe(200);
    expect(unpaid.body.status).toBe('authorized');
    const history = await call(env, 'GET', `${PARCELAS}/${scheduledId}/history`, { session: treasurer.session });
    expect(history.body.at(-1)).toMatchObject({ action: 'confirmUnpaid', input: { reason: 'O banco cancelou o agendamento.' } });
    expect(await item(scheduledId)).toEqual({ outcome: 'rejected', live: false, answered_by: treasurer.user.id });
    expect(await read(scheduledId)).toMatchObject({ remittanceId: remessa.id, bankOutcome: 'rejected', bankOccurrences: expect.stringContaining(`${ANSWERED_BY_HAND.unpaid} O banco cancelou o agendamento.`) });
    const again = await call(env, 'POST', REMITTANCES, { session: treasurer.session, body: { bankAccountId: parties.accountId, agreementId: parties.agreementId, installmentIds: [scheduledId] } });
    expect(again.status, again.raw).toBe(202);
    await untilGenerated(env, treasurer.session, again.body.id);
    // In the new remessa, the parcela names that one, waiting for its retorno.
    expect(await read(scheduledId)).toMatchObject({ status: 'in_remittance', remittanceId: again.body.id, bankOutcome: 'pending', bankOccurrences: null });

    // Answered: neither is offered again, and a second answer is refused.
    expect((await read(unknownId))._actions).not.toContain('confirmUnpaid');
    expect((await act(treasurer.session, unknownId, 'confirmUnpaid', { reason: 'Engano.' })).status).toBe(409);
  });

  it('a later retorno that says otherwise is a conflict on its line, and changes nothing', async () => {
    const remessa = await sentRemittance([15000, 25000]);
    const [paidByHand, unpaidByHand] = remessa.ids;
    await importReturn(bankReturn(remessa.file, { [remessa.reference.get(paidByHand)!]: 'ZZ', [remessa.reference.get(unpaidByHand)!]: 'ZZ' }, '20112026'), 'RET-A.RET');
    expect((await act(treasurer.session, paidByHand, 'confirmPaid', { paidOn: '2026-11-20', amount: 15000, bankAccountId: parties.accountId })).status).toBe(200);
    expect((await act(treasurer.session, unpaidByHand, 'confirmUnpaid', { reason: 'Sem débito no extrato.' })).status).toBe(200);
    const [paidBefore, unpaidBefore] = [await settlements(paidByHand), await settlements(unpaidByHand)];

    // The bank then says the one given as paid was rejected, and pays the one given as not paid.
    const later = await importReturn(bankReturn(remessa.file, { [remessa.reference.get(paidByHand)!]: 'AN' }, '21112026'), 'RET-B.RET');
    expect(later).toMatchObject({ status: 'processed', paid: 0, rejected: 0, conflict: 2, unchanged: 0 });
    const lineOf = (id: string) => later.lines.find((line: { installmentId: string }) => line.installmentId === id);
    expect(lineOf(paidByHand)).toMatchObject({ outcome: 'conflict', reason: expect.stringMatching(/^AN — .+\. Mas o pagamento foi dado como pago à mão em \d{2}\/\d{2}\/\d{4}: confira a baixa com o banco; nada foi alterado\.$/) });
    expect(lineOf(unpaidByHand)).toMatchObject({ outcome: 'conflict', reason: expect.stringMatching(/^00 — .+\. Mas o pagamento foi dado como não pago à mão em \d{2}\/\d{2}\/\d{4}: confira com o banco se ele foi pago duas vezes; nada foi alterado\.$/) });
    expect([(await read(paidByHand)).status, (await read(unpaidByHand)).status]).toEqual(['paid', 'authorized']);
    expect([await settlements(paidByHand), await settlements(unpaidByHand)]).toEqual([paidBefore, unpaidBefore]);
  });

  it.runIf(kind === 'postgres')('two treasurers confirming the same payment at the same moment: one baixa, the other refused, never a 500', async () => {
    const remessa = await sentRemittance([40000]);
    const [id] = remessa.ids;
    await importReturn(bankReturn(remessa.file, { [remessa.reference.get(id)!]: 'ZZ' }, '20112026'), 'RET-C.RET');
    const second = (await userInGroups(env, ['Financeiro'])).session;
    const parcela = await read(id);
    const body = { paidOn: '2026-11-20', amount: 40000, bankAccountId: parties.accountId };
    const answers = await Promise.all([treasurer.session, second].map((who) => call(env, 'POST', `${PARCELAS}/${id}/actions/confirmPaid`, { session: who, body, headers: { 'if-match': `"${parcela.version}"` } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    expect(await settlements(id)).toBe(1);
    expect((await read(id)).paidAmount).toBe(40000);
  });
});

/**
 * A remessa answered by the bank is processada (DOMAIN "Arquivo de remessa": gerado → enviado →
 * processado, retorno imported) — QA's case: a gerada remessa of a boleto (R$ 700,00) and a PIX
 * (R$ 1.141,20), its retorno paying the PIX and scheduling the boleto (BD). From then on no
 * "Cancelar remessa" nor "Marcar como enviada" (409, not in `_actions`, nothing changes: the
 * agendado stays em remessa, out of the fila); the bank's later confirmation of the agendado is
 * still applied. A retorno rejecting every payment makes it processada too, its parcelas back in
 * the fila. On PostgreSQL, a cancel racing the retorno's import: exactly one of them wins.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { authorisedParcelas, bankReturn, base64, demoParties, pixInstallments, PARCELAS, REMITTANCES, untilGenerated, untilImported, type Parties } from './remittance-support.js';

const CANCEL_REFUSED = 'Não é possível cancelar uma remessa processada.';
const SEND_REFUSED = 'Não é possível marcar como enviada uma remessa processada.';

describe.each(databaseKinds())('remessa processada pelo retorno [%s]', (kind) => {
  const env = useTestEnv(kind);
  let clerk: Session;
  let treasurer: Session;
  let parties: Parties;
  let boletos = 0;

  const statuses = async (ids: string[]) => (await sql<{ status: string }>`SELECT status FROM installments WHERE id IN (${sql.join(ids)}) ORDER BY array_position(${ids}::text[], id)`.execute(env.db)).rows.map((r) => r.status);
  const read = async (id: string) => (await call(env, 'GET', `${REMITTANCES}/${id}`, { session: treasurer })).body;
  const history = async (id: string) => (await call(env, 'GET', `${REMITTANCES}/${id}/history`, { session: treasurer })).body as { action: string; to: string }[];
  const cancel = (id: string, version: number) => call(env, 'POST', `${REMITTANCES}/${id}/actions/cancel`, { session: treasurer, body: { reason: 'Arquivo errado' }, headers: { 'if-match': `"${version}"` } });
  const markSent = (id: string, version: number) => call(env, 'POST', `${REMITTANCES}/${id}/actions/markSent`, { session: treasurer, body: {}, headers: { 'if-match': `"${version}"` } });
  const postReturn = (text: string, fileName: string) => call(env, 'POST', `${REMITTANCES}/returns`, { session: treasurer, body: { fileName, content: base64(text) } });
  const importReturn = async (text: string, fileName: string) => {
    const answer = await postReturn(text, fileName);
    expect(answer.status, answer.raw).toBe(202);
    return untilImported(env, treasurer, answer.body.id);
  };

  /** QA's gerada remessa: a boleto of R$ 700,00 (Itaú, check digits computed) and a PIX of R$ 1.141,20. */
  async function generatedRemessa() {
    const dueDate = '2026-12-21';
    const freeField = `109${String(++boletos).padStart(8, '0')}33810123450000`.slice(0, 25);
    const boleto = { ...pixInstallments([70000])[0], paymentMethod: 'boleto', pixKeyType: null, pixKey: null, boletoLine: makeBoletoLine({ bankCode: '341', dueDate, amount: 70000, freeField }) };
    const pix = { ...pixInstallments([0, 114120])[1], number: 2 };
    const [boletoId, pixId] = await authorisedParcelas(env, clerk, treasurer, parties, [boleto, pix]);
    const made = await call(env, 'POST', REMITTANCES, { session: treasurer, body: { bankAccountId: parties.accountId, agreementId: parties.agreementId, installmentIds: [boletoId, pixId] } });
    expect(made.status, made.raw).toBe(202);
    const record = await untilGenerated(env, treasurer, made.body.id);
    expect(record).toMatchObject({ status: 'generated', total: 184120, _actions: ['markSent', 'cancel'] });
    const remessa = (await call(env, 'GET', `${REMITTANCES}/${record.id}/file`, { session: treasurer })).bytes.toString('latin1');
    const reference = new Map<string, string>(record.items.map((i: { installmentId: string; reference: string }) => [i.installmentId, i.reference]));
    return { id: String(record.id), version: Number(record.version), boletoId, pixId, remessa, ref: (installmentId: string) => reference.get(installmentId)! };
  }

  beforeAll(async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    parties = await demoParties(env, admin);
  });

  it('1 pago, 1 agendado: processada, no cancel nor "enviada" (409, nothing changes); the confirmation of the agendado is still applied', async () => {
    const { id, boletoId, pixId, remessa, ref } = await generatedRemessa();
    const first = await importReturn(bankReturn(remessa, { [ref(boletoId)]: 'BD' }, '21112026'), 'RETORNO-1.RET');
    expect(first).toMatchObject({ status: 'processed', payments: 2, paid: 1, rejected: 0, scheduled: 1 });

    const processed = await read(id);
    expect(processed).toMatchObject({ status: 'processed', paidCount: 1, rejectedCount: 0 });
    expect(processed._actions).toEqual([]);
    expect(await statuses([boletoId, pixId])).toEqual(['in_remittance', 'paid']);

    // Refused with the record as it is (the current version: a state refusal, not a stale one).
    const cancelled = await cancel(id, processed.version);
    expect(cancelled.status, cancelled.raw).toBe(409);
    expect(cancelled.body.message).toBe(CANCEL_REFUSED);
    const sent = await markSent(id, processed.version);
    expect(sent.status, sent.raw).toBe(409);
    expect(sent.body.message).toBe(SEND_REFUSED);
    expect(await read(id)).toMatchObject({ status: 'processed', version: processed.version });
    // The agendado stays em remessa: not back in the fila, no second payment.
    expect(await statuses([boletoId, pixId])).toEqual(['in_remittance', 'paid']);
    const boletoHistory = (await call(env, 'GET', `${PARCELAS}/${boletoId}/history`, { session: treasurer })).body as { action: string }[];
    expect(boletoHistory.map((h) => h.action)).not.toContain('unremit');

    // The bank confirms the agendado: accepted and applied, the remessa stays processada.
    const second = await importReturn(bankReturn(remessa, {}, '22112026'), 'RETORNO-2.RET');
    expect(second).toMatchObject({ status: 'processed', paid: 1, unchanged: 1, failureReason: null });
    expect(await statuses([boletoId, pixId])).toEqual(['paid', 'paid']);
    expect(await read(id)).toMatchObject({ status: 'processed', paidCount: 2 });
    expect((await history(id)).filter((h) => h.action === 'process')).toHaveLength(1);
  });

  it('every payment rejected: processada too, the parcelas back in the fila (autorizadas), the remessa no longer cancellable', async () => {
    const { id, boletoId, pixId, remessa, ref } = await generatedRemessa();
    const done = await importReturn(bankReturn(remessa, { [ref(boletoId)]: 'AN', [ref(pixId)]: 'AN' }), 'RETORNO-REJ.RET');
    expect(done).toMatchObject({ status: 'processed', paid: 0, rejected: 2 });
    const record = await read(id);
    expect(record).toMatchObject({ status: 'processed', rejectedCount: 2, _actions: [] });
    expect(await statuses([boletoId, pixId])).toEqual(['authorized', 'authorized']);
    expect((await cancel(id, record.version)).status).toBe(409);
    // Back in the fila: they go in the next file.
    const next = await call(env, 'POST', REMITTANCES, { session: treasurer, body: { bankAccountId: parties.accountId, agreementId: parties.agreementId, installmentIds: [boletoId, pixId] } });
    expect(next.status, next.raw).toBe(202);
    expect((await untilGenerated(env, treasurer, next.body.id)).status).toBe('generated');
  });

  it.runIf(kind === 'postgres')('a cancel racing the retorno import: exactly one wins, the other refused, the parcelas consistent', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const { id, version, boletoId, pixId, remessa, ref } = await generatedRemessa();
      const text = bankReturn(remessa, { [ref(boletoId)]: 'BD' }, '21112026');
      // Alternate which request leaves first.
      const [cancelled, imported] = round % 2
        ? await Promise.all([cancel(id, version), postReturn(text, `CORRIDA-${round}.RET`)])
        : (await Promise.all([postReturn(text, `CORRIDA-${round}.RET`), cancel(id, version)])).reverse();
      if (imported.status === 202) {
        // The retorno won: the cancel waited and found it processada (or its version changed).
        expect([409, 412], cancelled.raw).toContain(cancelled.status);
        expect(await untilImported(env, treasurer, imported.body.id)).toMatchObject({ status: 'processed', paid: 1, scheduled: 1 });
        expect(await read(id)).toMatchObject({ status: 'processed' });
        expect(await statuses([boletoId, pixId])).toEqual(['in_remittance', 'paid']);
        outcomes.add('retorno');
      } else {
        // The cancel won: the retorno refused whole, nothing applied.
        expect(cancelled.status, cancelled.raw).toBe(200);
        expect(imported.status, imported.raw).toBe(400);
        expect(imported.body.message).toMatch(/que foi cancelada\.$/);
        expect(await read(id)).toMatchObject({ status: 'cancelled' });
        expect(await statuses([boletoId, pixId])).toEqual(['authorized', 'authorized']);
        outcomes.add('cancel');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

/**
 * The approval and money rules that an auditor tried to get around (issue 23), each one tried the
 * way a fraudster would, on the real server and database — PGlite, and PostgreSQL with parallel
 * requests where the rule is about a race:
 * - a payee change under approval restarts it and never leaves an authorised parcela behind;
 * - a requester swapping the boleto of an approved conta a pagar sends its next authorisation back
 *   through approval, shown before → after, never decided by the one who changed it;
 * - nobody approves their own record as someone's substitute; an approver and their substitute
 *   count once; a cancel ends the running approval; a stranger meets a 404;
 * - totals beyond the money limit are a 400, never wrapped nor rounded;
 * - `_actions` offers only what the caller may do to this record now;
 * - a cascade writes the target's own history and audit;
 * - a lines edit racing the last approval ends in a clean answer, never a deadlock.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const ORDERS = '/v1/supply/orders';
const APPROVALS = '/v1/approvals';
const FINANCE = '/api/finance';
const PAYABLES = `${FINANCE}/payables`;
const PARCELAS = `${FINANCE}/payable-installments`;

type Person = { user: TestUser; session: Session };

describe.each(databaseKinds())('approval and money rules [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let requester: Person;
  let a: Person;
  let b: Person;
  let c: Person;
  let clerk: Person;
  let treasurer: Person;
  let routed: string;
  let products: { id: string; name: string }[];
  let suppliers: string[];
  let categoryId: string;
  let accountId: string;

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
  const get = async (who: Session, url: string, id: string) => (await call(env, 'GET', `${url}/${id}`, { session: who })).body;
  const act = (who: Session, url: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${url}/${record.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(record.version) } });
  const decide = (who: Session, flowId: string, decision: 'approve' | 'reject' = 'approve', body: unknown = {}) => call(env, 'POST', `${APPROVALS}/flows/${flowId}/${decision}`, { session: who, body });
  const flowsOf = async (recordId: string) =>
    (await sql<{ id: string; status: string; queue_name: string; changed_by: string | null }>`SELECT id, status, queue_name, changed_by FROM approval_flows WHERE record_id = ${recordId} ORDER BY created_at, status`.execute(env.db)).rows;
  const pendingFlow = async (recordId: string) => (await flowsOf(recordId)).find((flow) => flow.status === 'pending');
  const inbox = async (who: Session) => (await call(env, 'GET', `${APPROVALS}/inbox`, { session: who })).body.map((item: { id: string }) => item.id);
  const stageOf = async (flowId: string) => (await sql<{ status: string; approvals: number }>`SELECT status, approvals FROM approval_flow_stages WHERE flow_id = ${flowId} ORDER BY position LIMIT 1`.execute(env.db)).rows[0];
  const decisionCount = async (flowId: string) => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM approval_decisions WHERE flow_id = ${flowId}`.execute(env.db)).rows[0].n);
  const delegate = async (from: Person, to: Person) => {
    const answer = await call(env, 'POST', `${APPROVALS}/delegations`, { session: admin, body: { userId: from.user.id, substituteId: to.user.id, startsOn: today(), endsOn: today(), reason: 'Férias' } });
    expect(answer.status, answer.raw).toBe(201);
  };
  const queue = async (body: Record<string, unknown>) => {
    const answer = await call(env, 'POST', `${APPROVALS}/queues`, { session: admin, body: { priority: 1, isActive: true, description: null, ...body } });
    expect(answer.status, answer.raw).toBe(201);
    return answer.body;
  };

  // ---------------------------------------------------------------- pedidos
  const line = (overrides: Record<string, unknown> = {}) => ({ productId: products[0].id, description: products[0].name, quantity: 2, unit: 'UN', unitPrice: 1000, neededBy: null, ...overrides });
  const orderBody = (overrides: Record<string, unknown> = {}) => ({ title: `Pedido ${randomUUID().slice(0, 6)}`, costCenterId: routed, departmentId: null, neededBy: null, justification: null, lines: [line()], ...overrides });
  const submittedOrder = async (who: Person = requester) => {
    const created = await call(env, 'POST', ORDERS, { session: who.session, body: orderBody() });
    expect(created.status, created.raw).toBe(201);
    const sent = await act(who.session, ORDERS, created.body, 'submit');
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.status).toBe('submitted');
    return { order: sent.body, flowId: (await pendingFlow(created.body.id))!.id };
  };

  // ---------------------------------------------------------------- contas a pagar
  const installment = (number: number, dueDate: string, amount: number, extra: Record<string, unknown> = {}) => ({
    number, dueDate, amount, paymentMethod: 'boleto', boletoLine: makeBoletoLine({ bankCode: '341', dueDate, amount }),
    pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null, ...extra,
  });
  const payable = (supplierId: string, overrides: Record<string, unknown> = {}) => {
    const total = (overrides.total as number | undefined) ?? 1_200_000;
    return {
      supplierId, categoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber: `NF-${randomUUID().slice(0, 6)}`,
      issueDate: '2026-11-20', competence: '11/2026', description: 'Locação de equipamentos', total, bankAccountId: accountId, companyId: null,
      paymentCondition: null, documentFileId: null, notes: null, allocations: [{ costCenterId: routed, percent: 10000, amount: total }],
      installments: [installment(1, '2026-12-21', total)], ...overrides,
    };
  };
  const submittedPayable = async (supplierId: string, overrides: Record<string, unknown> = {}) => {
    const created = await call(env, 'POST', PAYABLES, { session: clerk.session, body: payable(supplierId, overrides) });
    expect(created.status, created.raw).toBe(201);
    const sent = await act(clerk.session, PAYABLES, created.body, 'submit');
    expect(sent.status, sent.raw).toBe(200);
    return sent.body;
  };
  const parcelaOf = async (entryId: string) => (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${entryId} ORDER BY position LIMIT 1`.execute(env.db)).rows[0].id;
  /** PUT of a parcela's payment data (everything else as it is). */
  const changePayment = (who: Session, parcela: Record<string, any>, change: Record<string, unknown>) => {
    const fields = ['bankAccountId', 'paymentMethod', 'boletoLine', 'pixKeyType', 'pixKey', 'pixPayload', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument'];
    const body = { ...Object.fromEntries(fields.map((field) => [field, parcela[field]])), ...change };
    return call(env, 'PUT', `${PARCELAS}/${parcela.id}`, { session: who, body, headers: { 'if-match': ifMatch(parcela.version) } });
  };
  const settle = (who: Session, parcela: { id: string; version: number }, amount: number) => act(who, PARCELAS, parcela, 'settle', { paidOn: '2026-11-21', bankAccountId: accountId, amount });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    requester = await userInGroups(env, ['Solicitante']);
    a = await userInGroups(env, ['Aprovador', 'Solicitante']);
    b = await userInGroups(env, ['Aprovador']);
    c = await userInGroups(env, ['Aprovador']);
    clerk = await userInGroups(env, ['Financeiro']);
    treasurer = await userInGroups(env, ['Financeiro']);
    routed = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=1`, { session: admin })).body[0].id;
    products = (await call(env, 'GET', '/v1/cart/products?perPage=1&sort=name', { session: admin })).body;
    suppliers = (await call(env, 'GET', '/v1/companies/suppliers?perPage=4', { session: admin })).body.map((s: { id: string }) => s.id);
    categoryId = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=1`, { session: admin })).body[0].id;
    accountId = (await call(env, 'GET', `${FINANCE}/bank-accounts?perPage=1`, { session: admin })).body[0].id;
    // Only this file's queues route: the seeded ones are switched off.
    await sql`UPDATE approval_queues SET is_active = false`.execute(env.db);
    await queue({ name: 'Pedidos: dois de três', resource: 'orders', stages: [{ name: 'Gestores', minApprovals: 2, approverUserIds: [a.user.id, b.user.id, c.user.id], approverGroupIds: [] }], triggers: [{ costCenterId: routed }] });
  });

  it('refuses a substitute approving the record of the approver they stand in for, and counts an approver and their substitute once', async () => {
    // a created the pedido; the substitute of a may not approve it "em nome de" a.
    const forA = await userInGroups(env, ['Solicitante']);
    await delegate(a, forA);
    const own = await submittedOrder(a);
    const refused = await decide(forA.session, own.flowId);
    expect(refused.status, refused.raw).toBe(403);
    expect(refused.body.message).toMatch(/^Você não pode decidir em nome de .+: o registro é de /);
    expect((await call(env, 'GET', `${APPROVALS}/flows/${own.flowId}`, { session: forA.session })).body.canDecide).toBe(false);
    expect(await decisionCount(own.flowId)).toBe(0);

    // b approves, then b's substitute tries to add a second approval for b: refused, still 1 of 2.
    const forB = await userInGroups(env, ['Solicitante']);
    await delegate(b, forB);
    const { flowId } = await submittedOrder();
    expect((await decide(b.session, flowId)).status).toBe(200);
    expect((await call(env, 'GET', `${APPROVALS}/flows/${flowId}`, { session: forB.session })).body.canDecide).toBe(false);
    const twice = await decide(forB.session, flowId);
    expect(twice.status, twice.raw).toBe(409);
    expect(twice.body.message).toMatch(/já decidiu nesta etapa: cada aprovador conta uma vez\.$/);
    expect(await stageOf(flowId)).toMatchObject({ status: 'pending', approvals: 1 });
    expect((await decide(c.session, flowId)).status).toBe(200);
    expect(await stageOf(flowId)).toMatchObject({ status: 'approved', approvals: 2 });

    // At the same moment, an approver and their substitute: one decision counts.
    const race = await submittedOrder();
    const answers = await Promise.all([decide(b.session, race.flowId), decide(forB.session, race.flowId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stageOf(race.flowId)).toMatchObject({ status: 'pending', approvals: 1 });
    expect(await decisionCount(race.flowId)).toBe(1);
  });

  it('ends the running approval when a pedido or a lançamento under approval is cancelled', async () => {
    const { order, flowId } = await submittedOrder();
    expect((await decide(a.session, flowId)).status).toBe(200);
    const cancelled = await act(requester.session, ORDERS, order, 'cancel', { reason: 'Não é mais necessário.' });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect((await flowsOf(order.id)).map((flow) => flow.status)).toEqual(['voided']);
    expect(await inbox(b.session)).not.toContain(flowId);
    const late = await decide(b.session, flowId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Esta aprovação já foi concluída.');

    await queue({ name: 'Lançamentos do fornecedor 0', resource: 'payables', stages: [{ name: 'Gestor', minApprovals: 1, approverUserIds: [a.user.id], approverGroupIds: [] }], triggers: [{ supplierId: suppliers[0] }] });
    const entry = await submittedPayable(suppliers[0]);
    expect(entry.status).toBe('submitted');
    const entryFlow = (await pendingFlow(entry.id))!.id;
    expect(await inbox(a.session)).toContain(entryFlow);
    expect((await act(clerk.session, PAYABLES, await get(clerk.session, PAYABLES, entry.id), 'cancel', { reason: 'Lançado em duplicidade.' })).status).toBe(200);
    expect((await flowsOf(entry.id)).map((flow) => flow.status)).toEqual(['voided']);
    expect(await inbox(a.session)).not.toContain(entryFlow);
  });

  it('answers a stranger of the same organisation with 404, exactly as for a made-up approval', async () => {
    const { flowId } = await submittedOrder();
    const stranger = await userInGroups(env, ['Solicitante']);
    const real = await decide(stranger.session, flowId);
    const madeUp = await decide(stranger.session, randomUUID());
    expect([real.status, madeUp.status]).toEqual([404, 404]);
    expect(real.body).toEqual(madeUp.body);
    expect(await decisionCount(flowId)).toBe(0);
  });

  it('refuses totals beyond the money limit with a 400 on the line or the total, writing nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM orders`.execute(env.db)).rows[0].n);
    const before = await count();
    const wrapped = await call(env, 'POST', ORDERS, { session: requester.session, body: orderBody({ lines: [line({ quantity: 1_000_000, unitPrice: 900_719_925_474 }), line({ quantity: 1, unitPrice: 100 })] }) });
    expect(wrapped.status, wrapped.raw).toBe(400);
    expect(wrapped.body.errors).toEqual({ 'lines.0.unitPrice': ['O valor deste item (quantidade × preço) passa do limite de R$ 90 trilhões.'], total: ['O total passa do limite de R$ 90 trilhões.'] });
    const rounded = await call(env, 'POST', ORDERS, { session: requester.session, body: orderBody({ lines: [line({ quantity: 1, unitPrice: 9e15 }), line({ quantity: 1, unitPrice: 9e15 }), line({ quantity: 1, unitPrice: 1 })] }) });
    expect(rounded.status, rounded.raw).toBe(400);
    expect(rounded.body.errors).toEqual({ total: ['O total passa do limite de R$ 90 trilhões.'] });
    const huge = await call(env, 'POST', ORDERS, { session: requester.session, body: orderBody({ lines: [line({ unitPrice: 1e20 })] }) });
    expect(huge.status).toBe(400);
    expect(huge.body.errors['lines.0.unitPrice']).toEqual(['Valor acima do limite de R$ 90 trilhões.']);
    expect(await count()).toBe(before);
  });

  it('restarts a payment approval when its PIX key changes under it: never authorised without a whole new approval', async () => {
    const supplier = suppliers[1];
    const payments = await queue({ name: 'Pagamentos do fornecedor 1', resource: 'payableInstallments', stages: [{ name: 'Diretoria', minApprovals: 2, approverUserIds: [a.user.id, b.user.id], approverGroupIds: [] }], triggers: [{ supplierId: supplier }] });
    const entry = await submittedPayable(supplier, { installments: [installment(1, '2026-12-21', 1_200_000, { paymentMethod: 'pix', boletoLine: null, pixKeyType: 'email', pixKey: 'financeiro@fornecedor.com.br' })] });
    expect(entry.status).toBe('approved');
    const id = await parcelaOf(entry.id);
    const sent = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, id), 'authorize');
    expect(sent.body.status).toBe('awaiting_approval');
    const first = (await pendingFlow(id))!.id;
    expect((await decide(a.session, first)).status).toBe(200);

    const changed = await changePayment(treasurer.session, await get(treasurer.session, PARCELAS, id), { pixKey: 'golpe@outro.com.br' });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.status).toBe('awaiting_approval');
    const flows = await flowsOf(id);
    expect(flows.map((flow) => flow.status).sort()).toEqual(['pending', 'voided']);
    const second = flows.find((flow) => flow.status === 'pending')!;
    expect(second).toMatchObject({ queue_name: payments.name, changed_by: treasurer.user.id });
    expect(await stageOf(second.id)).toMatchObject({ status: 'pending', approvals: 0 });
    const history = (await call(env, 'GET', `${PARCELAS}/${id}/history`, { session: treasurer.session })).body;
    expect(history.at(-1)).toMatchObject({ action: 'restart', from: 'awaiting_approval', to: 'awaiting_approval' });
    expect(history.at(-1).input.note).toContain('Chave PIX: financeiro@fornecedor.com.br → golpe@outro.com.br');

    // Not payable meanwhile; one new approval is not enough (the earlier one was voided).
    expect((await settle(treasurer.session, await get(treasurer.session, PARCELAS, id), 1_200_000)).status).toBe(409);
    expect((await decide(b.session, second.id)).status).toBe(200);
    expect((await get(treasurer.session, PARCELAS, id)).status).toBe('awaiting_approval');

    // The queue is switched off, then the key changes again: the stages that applied still apply.
    await sql`UPDATE approval_queues SET is_active = false WHERE id = ${payments.id}`.execute(env.db);
    const again = await changePayment(treasurer.session, await get(treasurer.session, PARCELAS, id), { pixKey: 'outro-golpe@outro.com.br' });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.status).toBe('awaiting_approval');
    const third = (await pendingFlow(id))!;
    expect(third.queue_name).toBe(payments.name);
    expect((await decide(a.session, third.id)).status).toBe(200);
    expect((await decide(b.session, third.id)).status).toBe(200);
    expect((await get(treasurer.session, PARCELAS, id)).status).toBe('authorized');
  });

  it('sends the authorisation of a parcela whose boleto the requester swapped after approval back to the approvers, showing the change', async () => {
    const supplier = suppliers[2];
    await queue({ name: 'Lançamentos do fornecedor 2', resource: 'payables', stages: [{ name: 'Gestor', minApprovals: 1, approverUserIds: [a.user.id, requester.user.id], approverGroupIds: [] }], triggers: [{ supplierId: supplier }] });
    const entry = await submittedPayable(supplier, { requesterId: requester.user.id });
    expect(entry.status).toBe('submitted');
    expect((await decide(a.session, (await pendingFlow(entry.id))!.id)).status).toBe(200);
    const id = await parcelaOf(entry.id);
    const parcela = await get(requester.session, PARCELAS, id);
    expect(parcela).toMatchObject({ status: 'awaiting_requester', paymentChangedBy: null });

    const bradesco = makeBoletoLine({ bankCode: '237', dueDate: '2026-12-21', amount: 1_200_000 });
    const swapped = await changePayment(requester.session, parcela, { boletoLine: bradesco });
    expect(swapped.status, swapped.raw).toBe(200);
    expect(swapped.body).toMatchObject({ status: 'awaiting_requester', paymentChangedBy: requester.user.id });
    const history = (await call(env, 'GET', `${PARCELAS}/${id}/history`, { session: requester.session })).body;
    expect(history.at(-1)).toMatchObject({ action: 'change', actor: { id: requester.user.id } });
    // A boleto line is masked in the note (its free field names the payee's bank data): the change still reads before → after.
    expect(history.at(-1).input.note).toContain(`Linha digitável ou código de barras: •••• ${parcela.boletoLine.slice(-4)} → •••• ${bradesco.slice(-4)}`);
    expect(JSON.stringify(history)).not.toContain(bradesco);

    expect((await act(requester.session, PARCELAS, swapped.body, 'attest')).body.status).toBe('queued');
    // No payment queue applies to this supplier, yet the change is not authorised at once: the
    // lançamento's approvers decide, and never the requester who changed it.
    const authorised = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, id), 'authorize');
    expect(authorised.status, authorised.raw).toBe(200);
    expect(authorised.body.status).toBe('awaiting_approval');
    const flow = (await pendingFlow(id))!;
    expect(flow).toMatchObject({ queue_name: 'Lançamentos do fornecedor 2', changed_by: requester.user.id });
    expect(await inbox(requester.session)).not.toContain(flow.id);
    expect((await call(env, 'GET', `${APPROVALS}/flows/${flow.id}`, { session: a.session })).body).toMatchObject({ changedBy: { id: requester.user.id }, canDecide: true });
    const self = await decide(requester.session, flow.id);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Você não pode aprovar nem reprovar uma alteração que você mesmo fez.');
    expect((await settle(treasurer.session, await get(treasurer.session, PARCELAS, id), 1_200_000)).status).toBe(409);
    expect((await decide(a.session, flow.id)).status).toBe(200);
    expect(await get(treasurer.session, PARCELAS, id)).toMatchObject({ status: 'authorized', paymentChangedBy: null, boletoLine: bradesco });
  });

  it('offers in _actions only what the caller may do to the record now', async () => {
    const entry = await submittedPayable(suppliers[3], { total: 20_000, installments: [installment(1, '2026-12-21', 10_000), installment(2, '2027-01-20', 10_000)] });
    expect(entry.status).toBe('approved');
    const rows = (await call(env, 'GET', `${PARCELAS}?status=queued&perPage=100`, { session: clerk.session })).body.filter((row: { entryId: string }) => row.entryId === entry.id);
    expect(rows).toHaveLength(2);
    // The clerk entered it: authorising is not offered, in the list or on the record.
    for (const row of rows) expect(row._actions).not.toContain('authorize');
    const [one, two] = rows.map((row: { id: string }) => row.id);
    expect((await get(treasurer.session, PARCELAS, one))._actions).toContain('authorize');
    const authorised = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, one), 'authorize');
    expect(authorised.body.status).toBe('authorized');
    // Authorised: not "Autorizar" again, and no estorno while nothing was paid.
    expect(authorised.body._actions).not.toContain('authorize');
    expect(authorised.body._actions).not.toContain('reverse');
    const reverse = await act(treasurer.session, PARCELAS, authorised.body, 'reverse', { settlementId: randomUUID(), reason: 'Teste de estorno.' });
    expect(reverse.status).toBe(409);
    expect(reverse.body.message).toBe('Não há baixa a estornar nesta parcela.');
    const paid = await settle(treasurer.session, authorised.body, 4_000);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body._actions).toContain('reverse');
    expect((await get(treasurer.session, PARCELAS, two))._actions).toEqual(expect.arrayContaining(['authorize']));
  });

  it('cancels the parcelas of a cancelled lançamento through their own workflow: history and audit on each', async () => {
    const entry = await submittedPayable(suppliers[3]);
    const id = await parcelaOf(entry.id);
    expect((await act(clerk.session, PAYABLES, await get(clerk.session, PAYABLES, entry.id), 'cancel', { reason: 'Contrato rescindido.' })).status).toBe(200);
    const history = (await call(env, 'GET', `${PARCELAS}/${id}/history`, { session: clerk.session })).body;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['release', 'cancel']);
    expect(history.at(-1)).toMatchObject({ from: 'queued', to: 'cancelled', input: { reason: 'Contrato rescindido.' }, actor: { id: clerk.user.id } });
    const audit = await sql<{ action: string; actor_user_id: string }>`SELECT action, actor_user_id FROM audit_log WHERE entity_type = 'payableInstallments' AND entity_id = ${id} ORDER BY seq`.execute(env.db);
    // The first entry is the lançamento's values reaching the new parcela (supplier, category, description: the cascade's `follow`).
    expect(audit.rows.map((row) => row.action)).toEqual(['payableInstallments.follow', 'payableInstallments.release', 'payableInstallments.cancel']);
    expect(audit.rows.at(-1)!.actor_user_id).toBe(clerk.user.id);
  });

  it.runIf(kind === 'postgres')('answers a lines edit racing the last approval cleanly: one wins, never a deadlock or a 500', async () => {
    for (let round = 0; round < 6; round++) {
      const { order, flowId } = await submittedOrder();
      expect((await decide(a.session, flowId)).status).toBe(200);
      const edit = call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body: { ...orderBody(), title: order.title, lines: [{ ...order.lines[0], quantity: 7 }] }, headers: { 'if-match': ifMatch(order.version) } });
      const [edited, approved] = await Promise.all([edit, decide(b.session, flowId)]);
      const outcome = [edited.status, approved.status];
      const status = (await get(requester.session, ORDERS, order.id)).status;
      if (approved.status === 200) {
        expect(outcome, edited.raw).toEqual([412, 200]);
        expect(status).toBe('approved');
      } else {
        expect(outcome, approved.raw).toEqual([200, 409]);
        expect(status).toBe('submitted');
        expect((await flowsOf(order.id)).map((flow) => flow.status).sort()).toEqual(['pending', 'voided']);
      }
    }
  });
});

/**
 * A payable parcela edited on its own (PUT payable-installments/{id}, not through its lançamento),
 * tried the way a fraudster would (issue 23's rule: payment data — payee, PIX key, boleto, bank
 * account, amount, due date — frozen once approved or authorised; a change after submission goes
 * back through approval, shown before → after, never decided by the one who made it):
 * - while its lançamento waits in its approval queue, the change restarts that approval;
 * - once released to the payment queue, the change is named and the authorisation goes to the
 *   lançamento's approvers, not past them;
 * - authorised: no change at all (409); amount and due date are never the parcela's to change (400).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const APPROVALS = '/v1/approvals';
const FINANCE = '/api/finance';
const PAYABLES = `${FINANCE}/payables`;
const PARCELAS = `${FINANCE}/payable-installments`;
const PAYMENT_FIELDS = ['bankAccountId', 'paymentMethod', 'boletoLine', 'pixKeyType', 'pixKey', 'pixPayload', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument'];
const FRAUD = { paymentMethod: 'pix', boletoLine: null, pixKeyType: 'email', pixKey: 'golpe@outro.com.br' };

type Person = { user: TestUser; session: Session };

describe.each(databaseKinds())('a payable parcela edited on its own [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let approver: Person;
  let clerk: Person;
  let treasurer: Person;
  let supplierId: string;
  let categoryId: string;
  let centreId: string;
  let accountId: string;

  const get = async (who: Session, url: string, id: string) => (await call(env, 'GET', `${url}/${id}`, { session: who })).body;
  const act = (who: Session, url: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${url}/${record.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(record.version) } });
  const decide = (who: Session, flowId: string) => call(env, 'POST', `${APPROVALS}/flows/${flowId}/approve`, { session: who, body: {} });
  const flowsOf = async (recordId: string) =>
    (await sql<{ id: string; status: string; changed_by: string | null }>`SELECT id, status, changed_by FROM approval_flows WHERE record_id = ${recordId} ORDER BY created_at, status`.execute(env.db)).rows;
  const pendingFlow = async (recordId: string) => (await flowsOf(recordId)).find((flow) => flow.status === 'pending');
  const change = (who: Session, parcela: Record<string, any>, values: Record<string, unknown>) => {
    const body = { ...Object.fromEntries(PAYMENT_FIELDS.map((field) => [field, parcela[field]])), ...values };
    return call(env, 'PUT', `${PARCELAS}/${parcela.id}`, { session: who, body, headers: { 'if-match': ifMatch(parcela.version) } });
  };
  const stored = async (id: string) =>
    (await sql<Record<string, unknown>>`SELECT status, payment_method, pix_key, boleto_line, amount::text, due_date::text FROM installments WHERE id = ${id}`.execute(env.db)).rows[0];
  const submitted = async () => {
    const total = 880_000;
    const created = await call(env, 'POST', PAYABLES, {
      session: clerk.session,
      body: {
        supplierId, categoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber: `NF-${randomUUID().slice(0, 6)}`, issueDate: '2026-11-20', competence: '11/2026',
        description: 'Manutenção predial', total, bankAccountId: accountId, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
        allocations: [{ costCenterId: centreId, percent: 10000, amount: total }],
        installments: [{ number: 1, dueDate: '2026-12-21', amount: total, paymentMethod: 'boleto', boletoLine: makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: total }), pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null }],
      },
    });
    expect(created.status, created.raw).toBe(201);
    const sent = await act(clerk.session, PAYABLES, created.body, 'submit');
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.status).toBe('submitted');
    const parcelaId = (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${created.body.id}`.execute(env.db)).rows[0].id;
    return { entry: sent.body, parcelaId };
  };

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    approver = await userInGroups(env, ['Aprovador']);
    clerk = await userInGroups(env, ['Financeiro']);
    treasurer = await userInGroups(env, ['Financeiro']);
    supplierId = (await call(env, 'GET', '/v1/companies/suppliers?perPage=1', { session: admin })).body[0].id;
    categoryId = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=1`, { session: admin })).body[0].id;
    centreId = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=1`, { session: admin })).body[0].id;
    accountId = (await call(env, 'GET', `${FINANCE}/bank-accounts?perPage=1`, { session: admin })).body[0].id;
    await sql`UPDATE approval_queues SET is_active = false`.execute(env.db);
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: { name: 'Lançamentos deste fornecedor', resource: 'payables', priority: 1, isActive: true, description: null, stages: [{ name: 'Gestor', minApprovals: 1, approverUserIds: [approver.user.id], approverGroupIds: [] }], triggers: [{ supplierId }] },
    });
    expect(queue.status, queue.raw).toBe(201);
  });

  it('restarts the lançamento’s approval when its parcela’s payment data change on their own while it waits', async () => {
    const { entry, parcelaId } = await submitted();
    const first = (await pendingFlow(entry.id))!;
    const parcela = await get(clerk.session, PARCELAS, parcelaId);
    expect(parcela.status).toBe('open');
    const swapped = await change(clerk.session, parcela, FRAUD);
    expect(swapped.status, swapped.raw).toBe(200);
    // The approval the approver was about to give was for the old boleto: voided, routed again, named.
    const flows = await flowsOf(entry.id);
    expect(flows.find((flow) => flow.id === first.id)?.status).toBe('voided');
    const again = (await pendingFlow(entry.id))!;
    expect(again).toMatchObject({ changed_by: clerk.user.id });
    expect((await decide(approver.session, first.id)).status).toBe(409);
    const history = (await call(env, 'GET', `${PAYABLES}/${entry.id}/history`, { session: approver.session })).body;
    expect(history.at(-1)).toMatchObject({ action: 'restart', actor: { id: clerk.user.id } });
    // Before → after, in the lançamento's audit trail.
    const audit = await env.db.selectFrom('audit_log').select(['before', 'after']).where('entity_id', '=', entry.id).where('action', '=', 'payables.update').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect((audit.before as any).installments[0]).toMatchObject({ paymentMethod: 'boleto', pixKey: null });
    expect((audit.after as any).installments[0]).toMatchObject({ paymentMethod: 'pix', pixKey: 'golpe@outro.com.br' });
    // Approved now, knowingly: the parcela goes on with the data the approver saw.
    expect((await decide(approver.session, again.id)).status).toBe(200);
    expect(await get(treasurer.session, PARCELAS, parcelaId)).toMatchObject({ status: 'queued', pixKey: 'golpe@outro.com.br', paymentChangedBy: null });
  });

  it('sends the authorisation of a released parcela changed on its own back to the lançamento’s approvers', async () => {
    const { entry, parcelaId } = await submitted();
    expect((await decide(approver.session, (await pendingFlow(entry.id))!.id)).status).toBe(200);
    const parcela = await get(treasurer.session, PARCELAS, parcelaId);
    expect(parcela).toMatchObject({ status: 'queued', paymentChangedBy: null });
    const swapped = await change(treasurer.session, parcela, FRAUD);
    expect(swapped.status, swapped.raw).toBe(200);
    expect(swapped.body).toMatchObject({ status: 'queued', paymentChangedBy: treasurer.user.id });
    // The one who changed it authorises: not at once — the lançamento's approvers decide.
    const authorised = await act(treasurer.session, PARCELAS, swapped.body, 'authorize');
    expect(authorised.status, authorised.raw).toBe(200);
    expect(authorised.body.status).toBe('awaiting_approval');
    const flow = (await pendingFlow(parcelaId))!;
    expect(flow.changed_by).toBe(treasurer.user.id);
    expect((await decide(treasurer.session, flow.id)).status).not.toBe(200);
    expect((await get(treasurer.session, PARCELAS, parcelaId)).status).toBe('awaiting_approval');
    expect((await decide(approver.session, flow.id)).status).toBe(200);
    expect(await get(treasurer.session, PARCELAS, parcelaId)).toMatchObject({ status: 'authorized', pixKey: 'golpe@outro.com.br', paymentChangedBy: null });
  });

  it('changes nothing of an authorised parcela, and never its amount or due date', async () => {
    const { entry, parcelaId } = await submitted();
    expect((await decide(approver.session, (await pendingFlow(entry.id))!.id)).status).toBe(200);
    const queued = await get(treasurer.session, PARCELAS, parcelaId);
    const before = await stored(parcelaId);
    for (const money of [{ amount: 1 }, { dueDate: '2026-12-01' }]) {
      const refused = await change(clerk.session, queued, money);
      expect(refused.status, refused.raw).toBe(400);
    }
    expect(await stored(parcelaId)).toEqual(before);
    const authorised = await act(treasurer.session, PARCELAS, queued, 'authorize');
    expect(authorised.body.status, authorised.raw).toBe('authorized');
    const locked = await change(clerk.session, authorised.body, FRAUD);
    expect(locked.status, locked.raw).toBe(409);
    expect(await stored(parcelaId)).toEqual({ ...before, status: 'authorized' });
  });

  it('never lets a change slip between the approver’s decision and the release, when both come at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { entry, parcelaId } = await submitted();
      const flow = (await pendingFlow(entry.id))!;
      const parcela = await get(clerk.session, PARCELAS, parcelaId);
      const [decided, changed] = await Promise.all([decide(approver.session, flow.id), change(clerk.session, parcela, FRAUD)]);
      expect([200, 409], decided.raw).toContain(decided.status);
      expect([200, 412], changed.raw).toContain(changed.status);
      const now = await get(treasurer.session, PARCELAS, parcelaId);
      if (now.pixKey !== 'golpe@outro.com.br') continue;
      // The new key is there: either the lançamento waits for a new approval naming the change, or the
      // parcela was released first and carries the change's author (its authorisation goes back to approval).
      const entryNow = await get(clerk.session, PAYABLES, entry.id);
      if (entryNow.status === 'submitted') expect(await pendingFlow(entry.id)).toMatchObject({ changed_by: clerk.user.id });
      else expect(now).toMatchObject({ status: 'queued', paymentChangedBy: clerk.user.id });
    }
  });
});

/**
 * Contas a pagar e a receber on the real server and database (issue 8): a lançamento with a boleto,
 * three parcelas and two cost centres; approval (none applies → approved at once); the
 * requester's atesto; treasury's authorisation (never by whoever entered it); partial baixa, the
 * rest, estorno; the lançamento following its parcelas; every bad input named by field with
 * nothing changed; the idempotency contract (parallel replays settle once); two treasurers on one
 * parcela; queue totals; tenant isolation.
 */
import { saoPauloToday } from '../../src/contracts/today';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { makePixPayload } from '../../src/contracts/brazil/pixPayload.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const FINANCE = '/api/finance';
const PAYABLES = `${FINANCE}/payables`;
const PARCELAS = `${FINANCE}/payable-installments`;
const RECEIVABLES = `${FINANCE}/receivables`;
const RECEIVABLE_PARCELAS = `${FINANCE}/receivable-installments`;

describe.each(databaseKinds())('contas a pagar e a receber [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: { user: TestUser; session: Session };
  let treasurer: { user: TestUser; session: Session };
  let treasurer2: { user: TestUser; session: Session };
  let requester: { user: TestUser; session: Session };
  let supplierId: string;
  let customerId: string;
  let categoryId: string;
  let revenueCategoryId: string;
  let centres: string[];
  let accountId: string;

  const installment = (number: number, dueDate: string, amount: number, extra: Record<string, unknown> = {}) => ({
    number, dueDate, amount, paymentMethod: 'boleto', boletoLine: makeBoletoLine({ bankCode: '341', dueDate, amount }),
    pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null, ...extra,
  });
  const payable = (overrides: Record<string, unknown> = {}) => ({
    supplierId, categoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber: `NF-${randomUUID().slice(0, 6)}`,
    issueDate: '2026-11-20', competence: '11/2026', description: 'Manutenção do ar-condicionado', total: 100000, bankAccountId: accountId, companyId: null,
    paymentCondition: '30/60/90', documentFileId: null, notes: null,
    allocations: [{ costCenterId: centres[0], percent: 6000, amount: 60000 }, { costCenterId: centres[1], percent: 4000, amount: 40000 }],
    installments: [installment(1, '2026-12-21', 33334), installment(2, '2027-01-20', 33333), installment(3, '2027-02-19', 33333)],
    ...overrides,
  });
  const create = async (who: Session, body: Record<string, unknown>) => call(env, 'POST', PAYABLES, { session: who, body });
  const act = (who: Session, url: string, record: { id: string; version: number }, action: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    call(env, 'POST', `${url}/${record.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(record.version), ...headers } });
  const get = async (who: Session, url: string, id: string) => (await call(env, 'GET', `${url}/${id}`, { session: who })).body;
  const parcelasOf = async (entryId: string) =>
    (await sql<{ id: string; status: string; paid_amount: string; created_by: string | null; requester_id: string | null }>`SELECT id, status, paid_amount::text, created_by, requester_id FROM installments WHERE entry_id = ${entryId} ORDER BY position`.execute(env.db)).rows;
  /** A lançamento approved at once (no queue for lançamentos), its parcelas in the payment queue (or the atesto). */
  const approved = async (overrides: Record<string, unknown> = {}) => {
    const created = await create(clerk.session, payable(overrides));
    expect(created.status, created.raw).toBe(201);
    const submitted = await act(clerk.session, PAYABLES, created.body, 'submit');
    expect(submitted.status, submitted.raw).toBe(200);
    expect(submitted.body.status).toBe('approved');
    return submitted.body;
  };
  const settle = (who: Session, parcela: { id: string; version: number }, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    act(who, PARCELAS, parcela, 'settle', { paidOn: '2026-11-21', bankAccountId: accountId, ...body }, headers);

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = await userInGroups(env, ['Financeiro']);
    treasurer = await userInGroups(env, ['Financeiro']);
    treasurer2 = await userInGroups(env, ['Financeiro']);
    requester = await userInGroups(env, ['Solicitante']);
    supplierId = (await call(env, 'GET', `/v1/companies/suppliers?perPage=1`, { session: admin })).body[0].id;
    customerId = (await call(env, 'GET', `/v1/companies/customers?perPage=1`, { session: admin })).body[0].id;
    categoryId = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=1`, { session: admin })).body[0].id;
    revenueCategoryId = (await call(env, 'GET', `${FINANCE}/revenue-categories?perPage=1`, { session: admin })).body[0].id;
    centres = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=2`, { session: admin })).body.map((c: { id: string }) => c.id);
    accountId = (await call(env, 'GET', `${FINANCE}/bank-accounts?perPage=1`, { session: admin })).body[0].id;
  });

  it('enters a payable with a boleto, 3 parcelas and 2 cost centres; the parcelas carry its supplier, creator and description', async () => {
    const created = await create(clerk.session, payable());
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', total: 100000, openBalance: 100000, number: expect.any(Number) });
    expect(created.body.installments).toHaveLength(3);
    expect(created.body.allocations.map((a: { amount: number }) => a.amount)).toEqual([60000, 40000]);
    const rows = await parcelasOf(created.body.id);
    expect(rows.map((r) => r.status)).toEqual(['open', 'open', 'open']);
    expect(rows.every((r) => r.created_by === clerk.user.id)).toBe(true);
    const parcela = await get(clerk.session, PARCELAS, rows[0].id);
    expect(parcela).toMatchObject({ supplierId, entryId: created.body.id, amount: 33334, openBalance: 33334, description: 'Manutenção do ar-condicionado — 1/3' });
  });

  it('dates a parcela born with its lançamento, or added by an edit, by the app\'s clock: never "Criado em" after "Atualizado em"', async () => {
    const realNow = env.clock.now();
    // Three days back: the database's own now() would be three days later than the app's clock.
    env.clock.set(new Date(realNow.getTime() - 3 * 86_400_000));
    try {
      const created = await create(clerk.session, payable());
      expect(created.status, created.raw).toBe(201);
      const born = await get(clerk.session, PARCELAS, (await parcelasOf(created.body.id))[0].id);
      expect(born.createdAt).toBe(created.body.createdAt);
      expect(born.updatedAt).toBe(created.body.createdAt);

      env.clock.advance(3_600_000);
      const entry = await get(clerk.session, PAYABLES, created.body.id);
      const body = { ...payable(), installments: [...entry.installments, installment(4, '2026-12-22', 1)] };
      const first = body.installments[0];
      body.installments[0] = { ...first, amount: first.amount - 1, boletoLine: makeBoletoLine({ bankCode: '341', dueDate: first.dueDate, amount: first.amount - 1 }) };
      const edited = await call(env, 'PUT', `${FINANCE}/payables/${created.body.id}`, { session: clerk.session, body, headers: { 'if-match': ifMatch(entry.version) } });
      expect(edited.status, edited.raw).toBe(200);
      const rows = await parcelasOf(created.body.id);
      const added = await get(clerk.session, PARCELAS, rows[rows.length - 1].id);
      expect(added.createdAt).toBe(edited.body.updatedAt);
      expect(await get(clerk.session, PARCELAS, rows[0].id)).toMatchObject({ createdAt: created.body.createdAt });
    } finally {
      env.clock.set(realNow);
    }
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM finance_entries`.execute(env.db)).rows[0].n);
    const wrongDigit = makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: 33334 }).replace(/^(\d{9})(\d)/, (_m, head: string, dv: string) => `${head}${(Number(dv) + 1) % 10}`);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ installments: [installment(1, '2026-12-21', 33334, { boletoLine: wrongDigit }), installment(2, '2027-01-20', 33333), installment(3, '2027-02-19', 33333)] }, 'installments.0.boletoLine', /dígitos verificadores/],
      [{ installments: [installment(1, '2026-12-21', 33334, { paymentMethod: 'pix', boletoLine: null, pixPayload: makePixPayload({ key: 'pix@fornecedor.com.br', amount: 33334, name: 'FORNECEDOR', city: 'SAO PAULO' }).slice(0, -1) + '0' }), installment(2, '2027-01-20', 33333), installment(3, '2027-02-19', 33333)] }, 'installments.0.pixPayload', /CRC/],
      [{ allocations: [{ costCenterId: centres[0], percent: null, amount: 60000 }, { costCenterId: centres[1], percent: null, amount: 30000 }] }, 'allocations', /rateio/i],
      [{ installments: [installment(1, '2026-12-21', 33334), installment(2, '2027-01-20', 33333)] }, 'installments', /soma das parcelas/i],
      [{ installments: [installment(1, '2026-12-19', 33334, { paymentMethod: 'cash', boletoLine: null }), installment(2, '2027-01-20', 33333), installment(3, '2027-02-19', 33333)] }, 'installments.0.dueDate', /não é dia útil: use 21\/12\/2026/],
      [{ installments: [installment(1, '2026-12-21', 33334, { boletoLine: makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: 33300 }) }), installment(2, '2027-01-20', 33333), installment(3, '2027-02-19', 33333)] }, 'installments.0.boletoLine', /valor do boleto/],
      [{ competence: '13/2026' }, 'competence', /mês\/ano/],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await create(clerk.session, payable(overrides));
      expect(answer.status, `${field}: ${answer.raw}`).toBe(400);
      expect(answer.body.errors?.[field]?.join(' '), `${field}: ${answer.raw}`).toMatch(message);
    }
    expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM finance_entries`.execute(env.db)).rows[0].n)).toBe(before);
  });

  it('runs a parcela through atesto, authorisation, partial baixa, the rest and an estorno; the lançamento follows', async () => {
    const entry = await approved({ requesterId: requester.user.id });
    const [first] = await parcelasOf(entry.id);
    expect(first.status).toBe('awaiting_requester');

    // The requester sees it in their queue and confirms; another requester may not.
    const mine = await call(env, 'GET', `${PARCELAS}?status=awaiting_requester&mine=true`, { session: requester.session });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.map((p: { id: string }) => p.id)).toContain(first.id);
    const stranger = await userInGroups(env, ['Solicitante']);
    let parcela = await get(requester.session, PARCELAS, first.id);
    expect(parcela._actions).toEqual(['attest', 'contest']);
    expect((await act(stranger.session, PARCELAS, parcela, 'attest')).status).toBe(403);
    const attested = await act(requester.session, PARCELAS, parcela, 'attest');
    expect(attested.status, attested.raw).toBe(200);
    expect(attested.body.status).toBe('queued');

    // Whoever entered it may not authorise it.
    parcela = await get(clerk.session, PARCELAS, first.id);
    expect(parcela._actions).not.toContain('authorize');
    const self = await act(clerk.session, PARCELAS, parcela, 'authorize');
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Quem lançou a conta não pode autorizar o seu pagamento.');
    const authorised = await act(treasurer.session, PARCELAS, parcela, 'authorize');
    expect(authorised.status, authorised.raw).toBe(200);
    expect(authorised.body.status).toBe('authorized');

    // A baixa above the balance, then a partial one with interest and discount, then the rest.
    const tooMuch = await settle(treasurer.session, authorised.body, { amount: 33335 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.amount[0].replace(/\s/g, ' ')).toBe('A baixa (R$ 333,35) é maior que o saldo em aberto (R$ 333,34).');
    const partial = await settle(treasurer.session, authorised.body, { amount: 20000, interest: 150, fine: 0, discount: 50 });
    expect(partial.status, partial.raw).toBe(200);
    expect(partial.body).toMatchObject({ status: 'authorized', paidAmount: 20000, openBalance: 13334 });
    expect(partial.body.settlements).toHaveLength(1);
    expect(partial.body.settlements[0]).toMatchObject({ amount: 20000, interest: 150, discount: 50, paidTotal: 20100, reversed: false });
    const rest = await settle(treasurer.session, partial.body, { amount: 13334 });
    expect(rest.status, rest.raw).toBe(200);
    expect(rest.body).toMatchObject({ status: 'paid', openBalance: 0 });

    // The estorno restores the balance; a second one of the same baixa is a 409.
    const reversed = await act(treasurer.session, PARCELAS, rest.body, 'reverse', { settlementId: rest.body.settlements[1].id, reason: 'Pagamento devolvido pelo banco.' });
    expect(reversed.status, reversed.raw).toBe(200);
    expect(reversed.body).toMatchObject({ status: 'authorized', paidAmount: 20000, openBalance: 13334 });
    const twice = await act(treasurer.session, PARCELAS, reversed.body, 'reverse', { settlementId: rest.body.settlements[1].id, reason: 'De novo.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Esta baixa já foi estornada.');
    // The parcela's status history keeps each baixa's input and the reversed baixa's principal.
    const parcelaHistory = (await call(env, 'GET', `${PARCELAS}/${first.id}/history`, { session: treasurer.session })).body as { action: string; from: string; to: string; input: Record<string, unknown> | null }[];
    const moves = parcelaHistory.filter((h) => h.action === 'settle' || h.action === 'reverse').map((h) => ({ action: h.action, to: h.to, amount: h.input?.amount }));
    expect(moves).toEqual([
      { action: 'settle', to: 'authorized', amount: 20000 },
      { action: 'settle', to: 'paid', amount: 13334 },
      { action: 'reverse', to: 'authorized', amount: 13334 },
    ]);

    // Every parcela paid → the lançamento is quitado; an estorno reopens it.
    const others = (await parcelasOf(entry.id)).slice(1);
    let last: { id: string; version: number } | undefined;
    for (const other of [{ id: first.id }, ...others]) {
      let current = await get(treasurer.session, PARCELAS, other.id);
      if (current.status === 'awaiting_requester') current = (await act(requester.session, PARCELAS, current, 'attest')).body;
      if (current.status === 'queued') current = (await act(treasurer.session, PARCELAS, current, 'authorize')).body;
      const done = await settle(treasurer.session, current, { amount: current.openBalance });
      expect(done.status, done.raw).toBe(200);
      last = done.body;
    }
    expect((await get(clerk.session, PAYABLES, entry.id)).status).toBe('settled');
    const lastParcela = await get(treasurer.session, PARCELAS, last!.id);
    const undo = await act(treasurer.session, PARCELAS, lastParcela, 'reverse', { settlementId: lastParcela.settlements.at(-1).id, reason: 'Estorno de teste.' });
    expect(undo.status, undo.raw).toBe(200);
    const reopened = await get(clerk.session, PAYABLES, entry.id);
    expect(reopened).toMatchObject({ status: 'approved', openBalance: lastParcela.amount });
    const history = (await call(env, 'GET', `${PAYABLES}/${entry.id}/history`, { session: clerk.session })).body.map((h: { action: string }) => h.action);
    expect(history).toEqual(['create', 'submit', 'settle', 'reopen']);
  });

  it('refuses a baixa on a cancelled parcela and cancelling a lançamento with a baixa, changing nothing', async () => {
    const entry = await approved();
    const rows = await parcelasOf(entry.id);
    const cancelled = await act(clerk.session, PAYABLES, entry, 'cancel', { reason: 'Lançado em duplicidade.' });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect((await parcelasOf(entry.id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const parcela = await get(treasurer.session, PARCELAS, rows[0].id);
    // A cancelled parcela owes nothing: on its page, in its list's totals, as its lançamento says.
    expect(parcela.openBalance).toBe(0);
    const listed = await call(env, 'GET', `${PARCELAS}?status=cancelled&perPage=100`, { session: treasurer.session });
    expect(listed.status, listed.raw).toBe(200);
    const ids = new Set(rows.map((row) => row.id));
    expect(listed.body.filter((p: { id: string }) => ids.has(p.id)).map((p: { openBalance: number }) => p.openBalance)).toEqual([0, 0, 0]);
    expect((await get(clerk.session, PAYABLES, entry.id)).openBalance).toBe(0);
    const refused = await settle(treasurer.session, parcela, { amount: 100 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Não é possível dar baixa em uma parcela a pagar cancelada.');

    const busy = await approved();
    const [p1] = await parcelasOf(busy.id);
    const authorised = (await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1.id), 'authorize')).body;
    // A baixa is dated when the money moved: never after today in São Paulo.
    const tomorrow = saoPauloToday(new Date(Date.now() + 86_400_000));
    const future = await settle(treasurer.session, authorised, { amount: 100, paidOn: tomorrow });
    expect(future.status, future.raw).toBe(400);
    expect(future.body.errors).toEqual({ paidOn: ['A data da baixa não pode ser depois de hoje.'] });
    expect((await get(treasurer.session, PARCELAS, p1.id)).paidAmount).toBe(0);
    expect((await settle(treasurer.session, authorised, { amount: 100 })).status).toBe(200);
    const refusedCancel = await act(clerk.session, PAYABLES, await get(clerk.session, PAYABLES, busy.id), 'cancel', { reason: 'Não deveria.' });
    expect(refusedCancel.status).toBe(409);
    expect((await get(clerk.session, PAYABLES, busy.id)).status).toBe('approved');
  });

  it('cancels a lançamento or authorises its parcela, never both, when both are sent at once', async () => {
    for (let round = 0; round < 3; round++) {
      const entry = await approved();
      const [p1] = await parcelasOf(entry.id);
      const parcela = await get(treasurer.session, PARCELAS, p1.id);
      const [cancel, authorise] = await Promise.all([
        act(clerk.session, PAYABLES, entry, 'cancel', { reason: 'Lançado em duplicidade.' }),
        act(treasurer.session, PARCELAS, parcela, 'authorize'),
      ]);
      const rows = await parcelasOf(entry.id);
      if (cancel.status === 200) {
        expect(rows.every((r) => r.status === 'cancelled')).toBe(true);
        expect(authorise.status).not.toBe(200);
      } else {
        expect(cancel.status).toBe(409);
        expect(authorise.status).toBe(200);
        expect(rows[0].status).toBe('authorized');
      }
    }
  });

  it('settles an authorised parcela while its lançamento is being cancelled: the cancel is refused (409), never a 500, and the baixa is whole or absent', async () => {
    for (let round = 0; round < 4; round++) {
      const entry = await approved();
      const [p1] = await parcelasOf(entry.id);
      const parcela = (await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1.id), 'authorize')).body;
      const fresh = await get(clerk.session, PAYABLES, entry.id);
      const [cancel, settled] = await Promise.all([
        act(clerk.session, PAYABLES, fresh, 'cancel', { reason: 'Lançado em duplicidade.' }),
        settle(treasurer.session, parcela, { amount: 500 }),
      ]);
      expect(cancel.status, cancel.raw).toBe(409);
      // Both take the lançamento before the parcela: one waits for the other, neither is aborted.
      expect(settled.status, settled.raw).toBe(200);
      const [row] = await parcelasOf(entry.id);
      expect(row).toMatchObject({ status: 'authorized', paid_amount: settled.status === 200 ? '500' : '0' });
      expect((await get(clerk.session, PAYABLES, entry.id)).status).toBe('approved');
    }
  });

  it('sends a payment to its approval queue when one applies: 2 of 3 approve (never who entered it); a reject comes back with its reason and may be sent again', async () => {
    const APPROVALS = '/v1/approvals';
    const [a, b] = [await userInGroups(env, ['Aprovador']), await userInGroups(env, ['Aprovador'])];
    const suppliers = (await call(env, 'GET', '/v1/companies/suppliers?perPage=5', { session: admin })).body as { id: string }[];
    const routedSupplier = suppliers.find((s) => s.id !== supplierId)!.id;
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: {
        name: 'Pagamentos: dois de três', resource: 'payableInstallments', priority: 1, isActive: true, description: null,
        stages: [{ name: 'Diretoria', minApprovals: 2, approverUserIds: [a.user.id, b.user.id, clerk.user.id], approverGroupIds: [] }],
        triggers: [{ supplierId: routedSupplier }],
      },
    });
    expect(queue.status, queue.raw).toBe(201);
    const entry = await approved({ supplierId: routedSupplier });
    const [p1, p2] = await parcelasOf(entry.id);
    const flowOf = async (id: string) => (await call(env, 'GET', `${APPROVALS}/records/payableInstallments/${id}`, { session: treasurer.session })).body[0];

    const sent = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1.id), 'authorize');
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.status).toBe('awaiting_approval');
    expect(sent.body._actions).not.toContain('settle');
    const flow = await flowOf(p1.id);
    expect(flow).toMatchObject({ status: 'pending', amount: 33334 });
    expect((await call(env, 'GET', `${APPROVALS}/inbox`, { session: a.session })).body.map((i: { id: string }) => i.id)).toContain(flow.id);
    // The clerk entered the lançamento: an approver of the stage, and still refused.
    const own = await call(env, 'POST', `${APPROVALS}/flows/${flow.id}/approve`, { session: clerk.session, body: {} });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Você não pode aprovar nem reprovar o que você mesmo criou.');
    expect((await call(env, 'POST', `${APPROVALS}/flows/${flow.id}/approve`, { session: a.session, body: {} })).status).toBe(200);
    expect((await get(treasurer.session, PARCELAS, p1.id)).status).toBe('awaiting_approval');
    expect((await call(env, 'POST', `${APPROVALS}/flows/${flow.id}/approve`, { session: b.session, body: {} })).status).toBe(200);
    const authorised = await get(treasurer.session, PARCELAS, p1.id);
    expect(authorised.status).toBe('authorized');
    expect((await settle(treasurer.session, authorised, { amount: 1000 })).status).toBe(200);

    expect((await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p2.id), 'authorize')).body.status).toBe('awaiting_approval');
    const second = await flowOf(p2.id);
    const rejected = await call(env, 'POST', `${APPROVALS}/flows/${second.id}/reject`, { session: a.session, body: { reason: 'Boleto com desconto vencido: renegociar.' } });
    expect(rejected.status, rejected.raw).toBe(200);
    const back = await get(treasurer.session, PARCELAS, p2.id);
    expect(back.status).toBe('payment_rejected');
    expect(back._actions).toEqual(expect.arrayContaining(['authorize', 'unauthorize']));
    expect((await flowOf(p2.id)).reason).toBe('Boleto com desconto vencido: renegociar.');
    expect((await act(treasurer.session, PARCELAS, back, 'authorize')).body.status).toBe('awaiting_approval');

    // Cancelling the lançamento is refused (a baixa exists); a fresh one in approval is cancelled with its flow voided.
    const other = await approved({ supplierId: routedSupplier });
    const [o1] = await parcelasOf(other.id);
    await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, o1.id), 'authorize');
    expect((await act(clerk.session, PAYABLES, await get(clerk.session, PAYABLES, other.id), 'cancel', { reason: 'Duplicado.' })).status).toBe(200);
    expect(await flowOf(o1.id)).toMatchObject({ status: 'voided' });
    expect((await parcelasOf(other.id))[0].status).toBe('cancelled');
  });

  it('repeats a recurring lançamento: approving it creates next month\'s, open, without the period\'s boleto, until its last competência', async () => {
    const bad = await create(clerk.session, payable({ recurrence: 'monthly', recurrenceUntil: '10/2026' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ recurrenceUntil: ['O fim da recorrência não pode ser anterior à competência.'] });

    const first = await approved({ description: 'Aluguel da sede', recurrence: 'monthly', recurrenceUntil: '01/2027' });
    const successorOf = async (id: string) => (await sql<{ id: string }>`SELECT id FROM finance_entries WHERE recurrence_of = ${id}`.execute(env.db)).rows.map((r) => r.id);
    const [secondId, ...more] = await successorOf(first.id);
    expect(more).toEqual([]);
    const second = await get(clerk.session, PAYABLES, secondId);
    expect(second).toMatchObject({
      status: 'open', description: 'Aluguel da sede', competence: '12/2026', issueDate: '2026-12-20', total: 100000, documentNumber: null,
      recurrence: 'monthly', recurrenceUntil: '01/2027', recurrenceOf: first.id, createdBy: clerk.user.id, supplierId,
    });
    expect(second.number).toBeGreaterThan(first.number);
    // The link is written by the create itself: its audit entry already names the lançamento it came from.
    const born = (await call(env, 'GET', `${PAYABLES}/${secondId}/audit`, { session: clerk.session })).body.at(-1);
    expect(born.action).toBe('create');
    expect(born.changes).toContainEqual(expect.objectContaining({ field: 'recurrenceOf', before: null, after: first.id }));
    expect(second.installments.map((i: { dueDate: string; amount: number; boletoLine: string | null }) => [i.dueDate, i.amount, i.boletoLine])).toEqual([
      ['2027-01-21', 33334, null],
      ['2027-02-22', 33333, null], // 20/02/2027 is a Saturday
      ['2027-03-19', 33333, null],
    ]);
    expect(second.allocations.map((a: { costCenterId: string; amount: number }) => [a.costCenterId, a.amount])).toEqual([[centres[0], 60000], [centres[1], 40000]]);

    // Sending it without the new boletos is refused, naming each parcela; nothing moves.
    const refused = await act(clerk.session, PAYABLES, second, 'submit');
    expect(refused.status).toBe(400);
    expect(refused.body.errors['installments.0.boletoLine']).toEqual(['Informe a linha digitável ou o código de barras do boleto.']);
    expect(Object.keys(refused.body.errors)).toHaveLength(3);
    expect((await get(clerk.session, PAYABLES, secondId)).status).toBe('open');

    const { id: _id, number: _n, version, status: _s, createdAt: _ca, updatedAt: _ua, createdBy: _cb, updatedBy: _ub, openBalance: _ob, recurrenceOf: _ro, invoiceId: _iv, costCenterIds: _cc, _refs, _actions, ...values } = second;
    const filled = {
      ...values,
      documentNumber: 'NF-1201',
      installments: second.installments.map((i: { dueDate: string; amount: number }) => ({ ...i, boletoLine: makeBoletoLine({ bankCode: '341', dueDate: i.dueDate, amount: i.amount }) })),
    };
    const saved = await call(env, 'PUT', `${PAYABLES}/${secondId}`, { session: clerk.session, body: filled, headers: { 'if-match': ifMatch(version) } });
    expect(saved.status, saved.raw).toBe(200);
    expect((await act(clerk.session, PAYABLES, saved.body, 'submit')).body.status).toBe('approved');
    const [thirdId] = await successorOf(secondId);
    expect((await get(clerk.session, PAYABLES, thirdId)).competence).toBe('01/2027');
    // 01/2027 is the last competência: approving it repeats nothing.
    const third = await get(clerk.session, PAYABLES, thirdId);
    const thirdValues = { ...filled, competence: '01/2027', issueDate: third.issueDate, installments: third.installments.map((i: { dueDate: string; amount: number }) => ({ ...i, boletoLine: makeBoletoLine({ bankCode: '341', dueDate: i.dueDate, amount: i.amount }) })), allocations: third.allocations };
    const thirdSaved = await call(env, 'PUT', `${PAYABLES}/${thirdId}`, { session: clerk.session, body: thirdValues, headers: { 'if-match': ifMatch(third.version) } });
    expect(thirdSaved.status, thirdSaved.raw).toBe(200);
    expect((await act(clerk.session, PAYABLES, thirdSaved.body, 'submit')).body.status).toBe('approved');
    expect(await successorOf(thirdId)).toEqual([]);
  });

  it('honours Idempotency-Key: parallel replays settle once; another body with the same key is a 422', async () => {
    const entry = await approved();
    const [p1] = await parcelasOf(entry.id);
    const parcela = (await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1.id), 'authorize')).body;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => settle(treasurer.session, parcela, { amount: 1000 }, { 'idempotency-key': key })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.version)).size).toBe(1);
    const live = await sql<{ n: string; paid: string }>`SELECT (SELECT count(*) FROM installment_settlements WHERE installment_id = ${p1.id})::text AS n, (SELECT paid_amount FROM installments WHERE id = ${p1.id})::text AS paid`.execute(env.db);
    expect(live.rows[0]).toEqual({ n: '1', paid: '1000' });
    const other = await settle(treasurer.session, parcela, { amount: 2000 }, { 'idempotency-key': key });
    expect(other.status).toBe(422);

    // A key lives 24 hours: then the same key is a new request (and the caller's old keys go away).
    const stale = randomUUID();
    await sql`INSERT INTO idempotency_keys (org_id, user_id, key, fingerprint, response, created_at) VALUES (${DEMO_ORG_ID}, ${treasurer.user.id}, ${stale}, 'x', '{}', now() - interval '3 days')`.execute(env.db);
    await sql`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = ${key}`.execute(env.db);
    const current = await get(treasurer.session, PARCELAS, p1.id);
    const later = await settle(treasurer.session, current, { amount: 2000 }, { 'idempotency-key': key });
    expect(later.status, later.raw).toBe(200);
    expect(later.body.paidAmount).toBe(3000);
    expect((await sql`SELECT 1 FROM idempotency_keys WHERE key = ${stale}`.execute(env.db)).rows).toEqual([]);
  });

  it('lets one of two treasurers settle the same parcela at the same moment; the other gets 412 and nothing is paid twice', async () => {
    const entry = await approved();
    const [p1] = await parcelasOf(entry.id);
    const parcela = (await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1.id), 'authorize')).body;
    const answers = await Promise.all([settle(treasurer.session, parcela, { amount: parcela.amount }), settle(treasurer2.session, parcela, { amount: parcela.amount })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const rows = await sql<{ n: string; paid: string }>`SELECT (SELECT count(*) FROM installment_settlements WHERE installment_id = ${p1.id})::text AS n, (SELECT paid_amount FROM installments WHERE id = ${p1.id})::text AS paid`.execute(env.db);
    expect(rows.rows[0]).toEqual({ n: '1', paid: String(parcela.amount) });
  });

  it('authorises in bulk, reporting what it could not; queue totals add the filtered rows per day and per account', async () => {
    const entry = await approved();
    const rows = await parcelasOf(entry.id);
    const ownEntry = await approved({}); // entered by the clerk: the clerk's bulk authorisation is refused for each
    const bulk = await call(env, 'POST', `${PARCELAS}/bulk/authorize`, { session: treasurer.session, body: { ids: rows.map((r) => r.id) } });
    expect(bulk.status, bulk.raw).toBe(200);
    expect(bulk.body.done.sort()).toEqual(rows.map((r) => r.id).sort());
    const own = await parcelasOf(ownEntry.id);
    const refused = await call(env, 'POST', `${PARCELAS}/bulk/authorize`, { session: clerk.session, body: { ids: own.map((r) => r.id) } });
    expect(refused.body.done).toEqual([]);
    expect(refused.body.failed.map((f: { message: string }) => f.message)).toEqual(own.map(() => 'Quem lançou a conta não pode autorizar o seu pagamento.'));

    const totals = await call(env, 'GET', `${PARCELAS}/totals?status=authorized&supplierId=${supplierId}`, { session: treasurer.session });
    expect(totals.status, totals.raw).toBe(200);
    const page = await call(env, 'GET', `${PARCELAS}?status=authorized&supplierId=${supplierId}&perPage=100`, { session: treasurer.session });
    const sum = page.body.reduce((acc: number, p: { openBalance: number }) => acc + p.openBalance, 0);
    expect(totals.body.count).toBe(page.body.length);
    expect(totals.body.sums.openBalance).toBe(sum);
    const byDay = totals.body.groups.dueDate as { key: string; sums: { openBalance: number } }[];
    expect(byDay.reduce((acc, g) => acc + g.sums.openBalance, 0)).toBe(sum);
    expect(byDay.map((g) => g.key)).toContain('2026-12-21');
    expect(totals.body.groups.bankAccountId[0].key).toBe(accountId);
  });

  it('a parcela refused in the middle of a bulk authorisation is rolled back alone: the others keep their state, history row and audit entry', async () => {
    const entry = await approved();
    const rows = await parcelasOf(entry.id);
    // The second is authorised already: in the bulk it is refused (409, wrong state) between the other two.
    const second = (await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, rows[1].id), 'authorize')).body;
    expect(second.status).toBe('authorized');
    const ids = rows.map((r) => r.id);
    const bulk = await call(env, 'POST', `${PARCELAS}/bulk/authorize`, { session: treasurer.session, body: { ids } });
    expect(bulk.status, bulk.raw).toBe(200);
    expect(bulk.body.done).toEqual([ids[0], ids[2]]);
    expect(bulk.body.failed.map((f: { id: string }) => f.id)).toEqual([ids[1]]);
    expect(bulk.body.failed[0].message).toMatch(/autorizada/i);
    for (const id of ids) expect((await get(treasurer.session, PARCELAS, id)).status).toBe('authorized');
    // One authorisation each in the history and the audit — the refused one keeps only its own earlier one.
    const counts = await sql<{ id: string; history: string; audit: string }>`SELECT i.id,
        (SELECT count(*) FROM status_history h WHERE h.entity_id = i.id AND h.action = 'authorize')::text AS history,
        (SELECT count(*) FROM audit_log a WHERE a.entity_id = i.id AND a.action = 'payableInstallments.authorize')::text AS audit
      FROM installments i WHERE i.id = ANY(${ids}::text[])`.execute(env.db);
    expect(counts.rows.map((r) => [r.history, r.audit])).toEqual(ids.map(() => ['1', '1']));
    const history = (await call(env, 'GET', `${PARCELAS}/${ids[2]}/history`, { session: treasurer.session })).body as { action: string; to: string }[];
    expect(history.at(-1)).toMatchObject({ action: 'authorize', to: 'authorized' });
  });

  it('a bulk authorisation (its chunk written in one statement) leaves each parcela, history row and audit entry as one authorisation does', async () => {
    const [alone, ...inBulk] = await parcelasOf((await approved()).id);
    const single = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, alone.id), 'authorize');
    expect(single.status, single.raw).toBe(200);
    const bulk = await call(env, 'POST', `${PARCELAS}/bulk/authorize`, { session: treasurer.session, body: { ids: inBulk.map((row) => row.id) } });
    expect(bulk.body.done, bulk.raw).toEqual(inBulk.map((row) => row.id));
    const trail = await sql<{ id: string; version: number; updated_by: string; history: number; before: Record<string, unknown>; after: Record<string, unknown> }>`SELECT i.id, i.version, i.updated_by,
        (SELECT h.version FROM status_history h WHERE h.entity_id = i.id AND h.action = 'authorize') AS history,
        a.before, a.after
      FROM installments i JOIN audit_log a ON a.entity_id = i.id AND a.action = 'payableInstallments.authorize'
      WHERE i.id = ANY(${[alone.id, ...inBulk.map((row) => row.id)]}::text[]) ORDER BY i.position`.execute(env.db);
    // What differs from one parcela to another (ids, amounts, dates, lines) and the instants aside.
    const shape = (row: (typeof trail.rows)[number]) => {
      const { id: _id, number: _n, dueDate: _d, amount: _a, openBalance: _o, boletoLine: _b, description: _t, updatedAt: _u, createdAt: _c, ...after } = row.after;
      return { version: row.version, updatedBy: row.updated_by, history: row.history, afterVersion: after.version, beforeVersion: row.before.version, before: row.before.status, after };
    };
    const [one, ...many] = trail.rows.map(shape);
    expect(one).toMatchObject({ version: one.afterVersion, updatedBy: treasurer.user.id, history: one.afterVersion, beforeVersion: Number(one.afterVersion) - 1, before: 'queued' });
    expect(one.after.status).toBe('authorized');
    for (const row of many) expect(row).toEqual(one);
    for (const row of inBulk) expect((await get(treasurer.session, PARCELAS, row.id)).status).toBe('authorized');
  });

  it.runIf(kind === 'postgres')('bulk authorisations sent at once over overlapping parcelas authorise each one once, never a 500', async () => {
    const entries = await Promise.all(Array.from({ length: 4 }, () => approved()));
    const ids = (await Promise.all(entries.map((entry) => parcelasOf(entry.id)))).flat().map((row) => row.id);
    // The same parcelas in other orders and a part of them: the calls' chunks lock overlapping rows.
    const selections = [ids, [...ids].reverse(), ids.filter((_, index) => index % 2 === 1)];
    const answers = await Promise.all(selections.map((selection) => call(env, 'POST', `${PARCELAS}/bulk/authorize`, { session: treasurer.session, body: { ids: selection } })));
    for (const answer of answers) expect(answer.status, answer.raw).toBe(200);
    for (const id of ids) {
      const done = answers.filter((answer) => answer.body.done.includes(id));
      expect(done).toHaveLength(1);
      // The others found it authorised already: refused for its state, not failed.
      for (const answer of answers) for (const failed of answer.body.failed as { id: string; message: string }[]) if (failed.id === id) expect(failed.message).toMatch(/autorizada/i);
    }
    const counts = await sql<{ status: string; history: string; audit: string }>`SELECT i.status,
        (SELECT count(*) FROM status_history h WHERE h.entity_id = i.id AND h.action = 'authorize')::text AS history,
        (SELECT count(*) FROM audit_log a WHERE a.entity_id = i.id AND a.action = 'payableInstallments.authorize')::text AS audit
      FROM installments i WHERE i.id = ANY(${ids}::text[])`.execute(env.db);
    expect(counts.rows).toEqual(ids.map(() => ({ status: 'authorized', history: '1', audit: '1' })));
  });

  it('filters lançamentos and parcelas by a cost centre of their rateio, totals included', async () => {
    const third = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=3`, { session: admin })).body[2].id as string;
    const only = await approved({ allocations: [{ costCenterId: third, percent: 10000, amount: 100000 }] });
    const entries = await call(env, 'GET', `${PAYABLES}?costCenterIds=${third}&perPage=100`, { session: treasurer.session });
    expect(entries.status, entries.raw).toBe(200);
    expect(entries.body.map((e: { id: string }) => e.id)).toContain(only.id);
    expect(entries.body.every((e: { costCenterIds: string[] }) => e.costCenterIds.includes(third))).toBe(true);
    const parcelas = await call(env, 'GET', `${PARCELAS}?costCenterIds=${third}&perPage=100`, { session: treasurer.session });
    expect(parcelas.body.map((p: { entryId: string }) => p.entryId)).toEqual([only.id, only.id, only.id]);
    const totals = await call(env, 'GET', `${PARCELAS}/totals?costCenterIds=${third}`, { session: treasurer.session });
    expect(totals.body).toMatchObject({ count: 3, sums: { amount: 100000 } });
    const split = await approved(); // rateio over centres 0 and 1
    const both = (await call(env, 'GET', `${PARCELAS}?costCenterIds=${centres[1]}&costCenterIds=${third}&perPage=100`, { session: treasurer.session })).body.map((p: { entryId: string }) => p.entryId);
    expect(both).toEqual(expect.arrayContaining([only.id, split.id]));
    expect((await call(env, 'GET', `${PARCELAS}?costCenterIds=${third}&perPage=100`, { session: treasurer.session })).body.map((p: { entryId: string }) => p.entryId)).not.toContain(split.id);
  });

  it("lists a lançamento's parcelas by it, in their order (its page's \"Situação das parcelas\"); a stranger's filter finds none", async () => {
    const [entry, other] = [await approved(), await approved()];
    const listed = await call(env, 'GET', `${PARCELAS}?entryId=${entry.id}&sort=number&perPage=100`, { session: treasurer.session });
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.map((p: { entryId: string; number: number; status: string }) => [p.entryId, p.number])).toEqual([[entry.id, 1], [entry.id, 2], [entry.id, 3]]);
    expect(listed.body.every((p: { status: string }) => typeof p.status === 'string')).toBe(true);
    const backwards = await call(env, 'GET', `${PARCELAS}?entryId=${entry.id}&sort=-number&perPage=100`, { session: treasurer.session });
    expect(backwards.body.map((p: { number: number }) => p.number)).toEqual([3, 2, 1]);
    expect((await call(env, 'GET', `${PARCELAS}?entryId=${other.id}&perPage=100`, { session: treasurer.session })).body.map((p: { entryId: string }) => p.entryId)).toEqual([other.id, other.id, other.id]);
    // A requester who is not the lançamento's reads none of its parcelas through the filter either.
    const stranger = await userInGroups(env, ['Solicitante']);
    expect((await call(env, 'GET', `${PARCELAS}?entryId=${entry.id}&perPage=100`, { session: stranger.session })).body).toEqual([]);
  });

  it('keeps the requester out of other people\'s parcelas and other organisations out of everything', async () => {
    const entry = await approved({ requesterId: requester.user.id });
    const [p1] = await parcelasOf(entry.id);
    const other = await loginSession(env, 'admin@outra.com.br');
    expect((await call(env, 'GET', `${PARCELAS}/${p1.id}`, { session: other })).status).toBe(404);
    expect((await call(env, 'GET', `${PAYABLES}/${entry.id}`, { session: other })).status).toBe(404);
    const otherList = await call(env, 'GET', PARCELAS, { session: other });
    expect(otherList.body.every((p: { id: string }) => !p.id || p.id !== p1.id)).toBe(true);
    const stranger = await userInGroups(env, ['Solicitante']);
    expect((await call(env, 'GET', `${PARCELAS}/${p1.id}`, { session: stranger.session })).status).toBe(404);
    expect((await call(env, 'GET', `${PAYABLES}/${entry.id}`, { session: requester.session })).status).toBe(200);
    expect((await call(env, 'POST', PARCELAS, { session: admin, body: {} })).status).toBe(404);
    const orgOfParcela = await sql<{ org_id: string }>`SELECT org_id FROM installments WHERE id = ${p1.id}`.execute(env.db);
    expect(orgOfParcela.rows[0].org_id).not.toBe(OTHER_ORG_ID);
  });

  it('counts "Minhas pendências": my atesto, payments to authorise (not my own), overdue — each only for who may act', async () => {
    const summary = async (who: Session) => (await call(env, 'GET', `${FINANCE}/summary`, { session: who })).body;
    const before = await summary(requester.session);
    await approved({ requesterId: requester.user.id });
    const after = await summary(requester.session);
    expect(after.awaitingMyAttest).toBe(before.awaitingMyAttest + 3);
    expect(after.awaitingAuthorization).toBeNull();
    expect(after.overduePayables).toBeNull();
    const queuedOfClerk = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installments WHERE status = 'queued' AND direction = 'payable' AND created_by = ${clerk.user.id}`.execute(env.db)).rows[0].n);
    const queuedAll = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installments WHERE status = 'queued' AND direction = 'payable'`.execute(env.db)).rows[0].n);
    expect((await summary(clerk.session)).awaitingAuthorization).toBe(queuedAll - queuedOfClerk);
    expect((await summary(treasurer.session)).overduePayables).toEqual(expect.any(Number));
    // An approver reads payables but does not keep them: no overdue counter on their home.
    const approver = await userInGroups(env, ['Aprovador']);
    expect((await summary(approver.session)).overduePayables).toBeNull();
  });

  it('receives a receivable partially, then fully; the estorno reopens it', async () => {
    const created = await call(env, 'POST', RECEIVABLES, {
      session: clerk.session,
      body: {
        customerId, categoryId: revenueCategoryId, documentType: 'nfse', documentNumber: 'NFS-77', issueDate: '2026-11-20', competence: '11/2026',
        description: 'Consultoria de novembro', total: 50000, bankAccountId: accountId, companyId: null, paymentCondition: 'à vista', documentFileId: null, notes: null,
        allocations: [{ costCenterId: centres[0], percent: 10000, amount: 50000 }],
        installments: [{ number: 1, dueDate: '2026-12-01', amount: 50000, paymentMethod: 'cash', bankAccountId: accountId }],
      },
    });
    expect(created.status, created.raw).toBe(201);
    const [p1] = await parcelasOf(created.body.id);
    const parcela = await get(clerk.session, RECEIVABLE_PARCELAS, p1.id);
    const part = await act(clerk.session, RECEIVABLE_PARCELAS, parcela, 'settle', { paidOn: '2026-11-01', amount: 20000, bankAccountId: accountId });
    expect(part.status, part.raw).toBe(200);
    expect(part.body).toMatchObject({ status: 'open', openBalance: 30000 });
    const full = await act(clerk.session, RECEIVABLE_PARCELAS, part.body, 'settle', { paidOn: '2026-11-02', amount: 30000, bankAccountId: accountId });
    expect(full.body.status).toBe('received');
    expect((await get(clerk.session, RECEIVABLES, created.body.id)).status).toBe('settled');
    const undo = await act(clerk.session, RECEIVABLE_PARCELAS, full.body, 'reverse', { settlementId: full.body.settlements[1].id, reason: 'Cheque devolvido.' });
    expect(undo.body).toMatchObject({ status: 'open', openBalance: 30000 });
    expect((await get(clerk.session, RECEIVABLES, created.body.id)).status).toBe('open');
  });
});

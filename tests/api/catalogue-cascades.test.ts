/**
 * Cascades through the catalogue (issue 23 leftovers): a lançamento's parcelas follow it through
 * their own service — each change in the parcela's "Histórico" (audit) and, for payment data, in its
 * status history and approval — never with SQL of the lançamento's own.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const FINANCE = '/api/finance';
const PAYABLES = `${FINANCE}/payables`;
const PARCELAS = `${FINANCE}/payable-installments`;
const APPROVALS = '/v1/approvals';

interface AuditEntry {
  action: string;
  actor: { id: string } | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

describe.each(databaseKinds())('cascades through the catalogue [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: { user: TestUser; session: Session };
  let treasurer: { user: TestUser; session: Session };
  let approver: { user: TestUser; session: Session };
  let suppliers: string[];
  let categoryId: string;
  let centre: string;
  let accountId: string;

  const line = (number: number, dueDate: string, amount: number) => ({
    number, dueDate, amount, paymentMethod: 'cash', boletoLine: null,
    pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null,
  });
  const payable = (supplierId: string) => ({
    supplierId, categoryId, requesterId: null, orderId: null, documentType: 'nfe', documentNumber: `NF-${randomUUID().slice(0, 6)}`,
    issueDate: '2026-11-20', competence: '11/2026', description: 'Locação de andaimes', total: 90000, bankAccountId: null, companyId: null,
    paymentCondition: null, documentFileId: null, notes: null,
    allocations: [{ costCenterId: centre, percent: 10000, amount: 90000 }],
    installments: [line(1, '2026-12-21', 30000), line(2, '2027-01-20', 30000), line(3, '2027-02-19', 30000)],
  });
  const get = async (who: Session, url: string, id: string) => (await call(env, 'GET', `${url}/${id}`, { session: who })).body;
  const act = (who: Session, url: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${url}/${record.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(record.version) } });
  /** PUT of the lançamento as its form sends it (every writable field), with `changes`. */
  const edit = (record: Record<string, unknown> & { id: string; version: number }, changes: Record<string, unknown>) => {
    const writable = Object.fromEntries(Object.keys(payable(suppliers[0])).map((field) => [field, record[field]]));
    return call(env, 'PUT', `${PAYABLES}/${record.id}`, { session: clerk.session, body: { ...writable, ...changes }, headers: { 'if-match': ifMatch(record.version) } });
  };
  const parcelasOf = async (entryId: string) => (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${entryId} ORDER BY position`.execute(env.db)).rows.map((r) => r.id);
  const auditOf = async (id: string) => (await call(env, 'GET', `${PARCELAS}/${id}/audit?perPage=50`, { session: treasurer.session })).body as AuditEntry[];
  const historyOf = async (id: string) => (await call(env, 'GET', `${PARCELAS}/${id}/history`, { session: treasurer.session })).body as { action: string; input: { note?: string } | null }[];

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = await userInGroups(env, ['Financeiro']);
    treasurer = await userInGroups(env, ['Financeiro']);
    approver = await userInGroups(env, ['Aprovador']);
    suppliers = (await call(env, 'GET', '/v1/companies/suppliers?perPage=3', { session: admin })).body.map((s: { id: string }) => s.id);
    categoryId = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=1`, { session: admin })).body[0].id;
    centre = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=1`, { session: admin })).body[0].id;
    accountId = (await call(env, 'GET', `${FINANCE}/bank-accounts?perPage=1`, { session: admin })).body[0].id;
  });

  it("writes each parcela's audit when its lançamento's values reach it, and nothing when none changed", async () => {
    const created = await call(env, 'POST', PAYABLES, { session: clerk.session, body: payable(suppliers[0]) });
    expect(created.status, created.raw).toBe(201);
    const ids = await parcelasOf(created.body.id);
    expect(ids).toHaveLength(3);
    for (const [index, id] of ids.entries()) {
      const parcela = await get(treasurer.session, PARCELAS, id);
      expect(parcela).toMatchObject({ supplierId: suppliers[0], categoryId, createdBy: clerk.user.id, description: `Locação de andaimes — ${index + 1}/3` });
      const [entry] = await auditOf(id);
      expect(entry.action).toBe('follow');
      expect(entry.actor?.id).toBe(clerk.user.id);
      expect(entry.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'supplierId', before: null, after: suppliers[0] }), expect.objectContaining({ field: 'description', after: `Locação de andaimes — ${index + 1}/3` })]));
    }

    // A new description reaches every parcela: one more audit entry each, before → after.
    const renamed = await edit(created.body, { description: 'Locação de andaimes tubulares' });
    expect(renamed.status, renamed.raw).toBe(200);
    const before = await get(treasurer.session, PARCELAS, ids[1]);
    const trail = await auditOf(ids[1]);
    expect(trail).toHaveLength(2);
    expect(trail[0].changes).toEqual([expect.objectContaining({ field: 'description', before: 'Locação de andaimes — 2/3', after: 'Locação de andaimes tubulares — 2/3' })]);

    // A note only: the parcelas stay as they were (no version, no audit entry).
    const noted = await edit(renamed.body, { notes: 'Conferido com o contrato.' });
    expect(noted.status, noted.raw).toBe(200);
    expect((await get(treasurer.session, PARCELAS, ids[1])).version).toBe(before.version);
    expect(await auditOf(ids[1])).toHaveLength(2);
  });

  it('restarts a payment under approval when the lançamento gives its parcela an account, and marks a queued one; the changer may not decide', async () => {
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: {
        name: `Pagamentos de ${suppliers[1]}`, resource: 'payableInstallments', priority: 1, isActive: true, description: null,
        stages: [{ name: 'Diretoria', minApprovals: 1, approverUserIds: [approver.user.id, clerk.user.id], approverGroupIds: [] }],
        triggers: [{ supplierId: suppliers[1] }],
      },
    });
    expect(queue.status, queue.raw).toBe(201);
    const created = await call(env, 'POST', PAYABLES, { session: clerk.session, body: payable(suppliers[1]) });
    expect(created.status, created.raw).toBe(201);
    const submitted = await act(clerk.session, PAYABLES, created.body, 'submit');
    expect(submitted.body.status, submitted.raw).toBe('approved');
    const [p1, p2] = await parcelasOf(created.body.id);
    const sent = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1), 'authorize');
    expect(sent.body.status, sent.raw).toBe('awaiting_approval');
    const flowsOf = async (id: string) => (await call(env, 'GET', `${APPROVALS}/records/payableInstallments/${id}`, { session: treasurer.session })).body as { id: string; status: string }[];
    const [first] = await flowsOf(p1);
    expect(first.status).toBe('pending');

    // The clerk names the account on the approved lançamento: it reaches both parcelas (they named none).
    const changed = await edit(await get(clerk.session, PAYABLES, created.body.id), { bankAccountId: accountId });
    expect(changed.status, changed.raw).toBe(200);

    const restarted = await get(treasurer.session, PARCELAS, p1);
    expect(restarted).toMatchObject({ status: 'awaiting_approval', bankAccountId: accountId });
    const flows = await flowsOf(p1);
    expect(flows.find((f) => f.id === first.id)?.status).not.toBe('pending');
    const current = flows.find((f) => f.status === 'pending')!;
    expect(current.id).not.toBe(first.id);
    expect((await historyOf(p1)).at(-1)).toMatchObject({ action: 'restart', input: { note: expect.stringContaining('Conta financeira') } });
    expect((await auditOf(p1))[0]).toMatchObject({ action: 'follow', changes: expect.arrayContaining([expect.objectContaining({ field: 'bankAccountId', before: null, after: accountId })]) });
    // Whoever changed the payment data (an approver of the stage) may not decide it; the other approver may.
    const own = await call(env, 'POST', `${APPROVALS}/flows/${current.id}/approve`, { session: clerk.session, body: {} });
    expect(own.status).toBe(403);
    expect((await get(treasurer.session, PARCELAS, p1)).status).toBe('awaiting_approval');
    const approved = await call(env, 'POST', `${APPROVALS}/flows/${current.id}/approve`, { session: approver.session, body: {} });
    expect(approved.status, approved.raw).toBe(200);
    expect((await get(treasurer.session, PARCELAS, p1)).status).toBe('authorized');

    // The queued parcela keeps the change, named, and its next authorisation goes through approval again.
    const marked = await get(treasurer.session, PARCELAS, p2);
    expect(marked).toMatchObject({ status: 'queued', bankAccountId: accountId, paymentChangedBy: clerk.user.id });
    expect((await historyOf(p2)).at(-1)).toMatchObject({ action: 'change', input: { note: expect.stringContaining('Conta financeira') } });
  });

  it.runIf(kind === 'postgres')('serialises a lançamento naming the account with the parcela being authorised at the same moment: never an authorised parcela whose account changed', async () => {
    for (let round = 0; round < 6; round++) {
      const created = await call(env, 'POST', PAYABLES, { session: clerk.session, body: payable(suppliers[2]) });
      expect(created.status, created.raw).toBe(201);
      const submitted = await act(clerk.session, PAYABLES, created.body, 'submit');
      expect(submitted.body.status, submitted.raw).toBe('approved');
      const [p1] = await parcelasOf(created.body.id);
      const parcela = await get(treasurer.session, PARCELAS, p1);
      const entry = await get(clerk.session, PAYABLES, created.body.id);
      const [edited, authorised] = await Promise.all([edit(entry, { bankAccountId: accountId }), act(treasurer.session, PARCELAS, parcela, 'authorize')]);
      const after = await get(treasurer.session, PARCELAS, p1);
      if (authorised.status === 200) {
        // The authorisation came first: the account may no longer reach it.
        expect([edited.status, authorised.status], edited.raw).toEqual([409, 200]);
        expect(after).toMatchObject({ status: 'authorized', bankAccountId: null });
      } else {
        // The account came first: the treasurer's read is stale, and the change is named on the parcela.
        expect([edited.status, authorised.status], authorised.raw).toEqual([200, 412]);
        expect(after).toMatchObject({ status: 'queued', bankAccountId: accountId, paymentChangedBy: clerk.user.id });
      }
    }
  });

  it("refuses, changing nothing, an account that would reach an authorised parcela (its state locks it)", async () => {
    const created = await call(env, 'POST', PAYABLES, { session: clerk.session, body: payable(suppliers[2]) });
    expect(created.status, created.raw).toBe(201);
    const submitted = await act(clerk.session, PAYABLES, created.body, 'submit');
    expect(submitted.body.status, submitted.raw).toBe('approved');
    const [p1] = await parcelasOf(created.body.id);
    const authorised = await act(treasurer.session, PARCELAS, await get(treasurer.session, PARCELAS, p1), 'authorize');
    expect(authorised.body.status, authorised.raw).toBe('authorized');
    const entry = await get(clerk.session, PAYABLES, created.body.id);
    const refused = await edit(entry, { bankAccountId: accountId });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.message).toBe('Parcela a pagar autorizada: não é possível alterar Conta financeira.');
    expect(await get(clerk.session, PAYABLES, created.body.id)).toMatchObject({ version: entry.version, bankAccountId: null });
    expect(await get(treasurer.session, PARCELAS, p1)).toMatchObject({ version: authorised.body.version, bankAccountId: null });
  });
});

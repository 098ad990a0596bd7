/**
 * Helpers of the remessa tests: authorised parcelas of a bank account (a lançamento entered by
 * one user, authorised by another, as the house rules demand), and a retorno written from a
 * remessa the way a bank answers it (header code 2, ocorrências at 231–240, the real date and
 * amount in segment A).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type Session, type TestEnv } from './fixture.js';

export const FINANCE = '/api/finance';
export const REMITTANCES = `${FINANCE}/remittances`;
export const PARCELAS = `${FINANCE}/payable-installments`;

export interface Parties {
  supplierId: string;
  categoryId: string;
  accountId: string;
  agreementId: string;
  costCenterId: string;
}

/** The Itaú account of the demo organisation and its SISPAG convênio (seeded). */
export async function demoParties(env: TestEnv, admin: Session): Promise<Parties> {
  const supplierId = (await call(env, 'GET', `/v1/companies/suppliers?perPage=1`, { session: admin })).body[0].id;
  const categoryId = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=1`, { session: admin })).body[0].id;
  const accounts = (await call(env, 'GET', `${FINANCE}/bank-accounts?perPage=50`, { session: admin })).body as { id: string; type: string }[];
  const accountId = accounts.find((a) => a.type === 'checking')!.id;
  const agreementId = (await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/agreements?perPage=1`, { session: admin })).body[0].id;
  const costCenterId = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=1`, { session: admin })).body[0].id;
  return { supplierId, categoryId, accountId, agreementId, costCenterId };
}

const NO_PAYMENT_DATA = { boletoLine: null, pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };

/** PIX-by-e-mail parcelas of `amounts`, due on business days from 2026-12-21. */
export function pixInstallments(amounts: number[], extra: Record<string, unknown>[] = []) {
  const days = ['2026-12-21', '2026-12-22', '2026-12-23', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-11', '2027-01-12'];
  return amounts.map((amount, i) => ({ number: i + 1, dueDate: days[i % days.length], amount, paymentMethod: 'pix', ...NO_PAYMENT_DATA, pixKeyType: 'email', pixKey: `fornecedor${i}@exemplo.com.br`, ...extra[i] }));
}

/** A lançamento with these parcelas, approved at once, each parcela authorised by `treasurer`; answers the parcela ids. */
export async function authorisedParcelas(env: TestEnv, clerk: Session, treasurer: Session, parties: Parties, installments: Record<string, unknown>[]): Promise<string[]> {
  const total = installments.reduce((sum, i) => sum + Number(i.amount), 0);
  const created = await call(env, 'POST', `${FINANCE}/payables`, {
    session: clerk,
    body: {
      supplierId: parties.supplierId, categoryId: parties.categoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber: `NF-${randomUUID().slice(0, 6)}`,
      issueDate: '2026-11-20', competence: '11/2026', description: 'Serviços de manutenção', total, bankAccountId: parties.accountId, companyId: null,
      paymentCondition: null, documentFileId: null, notes: null, allocations: [{ costCenterId: parties.costCenterId, percent: 10000, amount: total }], installments,
    },
  });
  expect(created.status, created.raw).toBe(201);
  const submitted = await call(env, 'POST', `${FINANCE}/payables/${created.body.id}/actions/submit`, { session: clerk, body: {}, headers: { 'if-match': `"${created.body.version}"` } });
  expect(submitted.status, submitted.raw).toBe(200);
  const ids = (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${created.body.id} ORDER BY position`.execute(env.db)).rows.map((r) => r.id);
  const bulk = await call(env, 'POST', `${PARCELAS}/bulk/authorize`, { session: treasurer, body: { ids } });
  expect(bulk.status, bulk.raw).toBe(200);
  expect(bulk.body.failed, bulk.raw).toEqual([]);
  return ids;
}

export { bankReturn } from './remittance-return.js';

/** Reads the remessa until its job is done with it (state no longer `generating`); fails after `ms`. */
export async function untilGenerated(env: TestEnv, who: Session, id: string, ms = 120_000): Promise<Record<string, any>> {
  const until = Date.now() + ms;
  for (;;) {
    const read = await call(env, 'GET', `${REMITTANCES}/${id}`, { session: who });
    expect(read.status, read.raw).toBe(200);
    if (read.body.status !== 'generating') return read.body;
    if (Date.now() > until) throw new Error(`remessa ${id} still generating after ${ms} ms (${read.body.processedCount}/${read.body.paymentCount})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Reads the retorno import `id` until its job is done with it (no longer `processing`). */
export async function untilImported(env: TestEnv, who: Session, id: string, ms = 120_000): Promise<Record<string, any>> {
  const until = Date.now() + ms;
  for (;;) {
    const read = await call(env, 'GET', `${REMITTANCES}/returns/${id}`, { session: who });
    expect(read.status, read.raw).toBe(200);
    if (read.body.status !== 'processing') return read.body;
    if (Date.now() > until) throw new Error(`retorno ${id} still processing after ${ms} ms (${read.body.processedCount}/${read.body.payments})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

/**
 * A remessa for the registry's contract tests (registry-support `createRecord`), in the caller's
 * organisation: an Itaú account with a SISPAG convênio, one PIX parcela (set authorised directly:
 * the contract is about the remessa's routes, the authorisation has its own tests), generated.
 */
export async function sampleRemittance(env: TestEnv, session: Session, values: Record<string, unknown>) {
  const { findResource } = await import('../../src/contracts/resources/index.js');
  const { referenceIds, sampleValues } = await import('./registry-support.js');
  const tag = randomUUID().slice(0, 8);
  const bank = (await call(env, 'GET', `${FINANCE}/banks?q=341&perPage=20`, { session })).body.find((b: { code: string }) => b.code === '341');
  const account = await call(env, 'POST', `${FINANCE}/bank-accounts`, {
    session,
    body: { name: `Remessa ${tag}`, type: 'checking', bankId: bank.id, agency: '1234', agencyDigit: null, account: '56789', accountDigit: '0', holderName: 'Empresa de Teste Ltda', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, notes: null },
  });
  expect(account.status, account.raw).toBe(201);
  // Where a queue of "Alterações de dados bancários" is active (the contract tests make one of each
  // kind), the new account waits inactive for its abertura: activated directly here, as the parcela
  // is authorised below (bank-account-changes.test.ts proves the approval).
  if (!account.body.isActive) await sql`UPDATE bank_accounts SET is_active = true WHERE id = ${account.body.id}`.execute(env.db);
  const agreement = await call(env, 'POST', `${FINANCE}/bank-accounts/${account.body.id}/agreements`, {
    session,
    body: { name: `SISPAG ${tag}`, agreementCode: `C${tag}`, layout: 'itau240', services: ['pix'], nextFileSequence: 1, isActive: true, notes: null },
  });
  expect(agreement.status, agreement.raw).toBe(201);
  const payables = findResource('payables')!;
  const refs = await referenceIds(env, session, payables);
  const entry = {
    ...sampleValues(payables, refs),
    requesterId: null,
    total: 10000,
    bankAccountId: account.body.id,
    allocations: [{ costCenterId: refs.costCenters[0], percent: 10000, amount: 10000 }],
    installments: pixInstallments([10000]),
  };
  const created = await call(env, 'POST', `${FINANCE}/payables`, { session, body: entry });
  expect(created.status, created.raw).toBe(201);
  await sql`UPDATE installments SET status = 'authorized' WHERE entry_id = ${created.body.id}`.execute(env.db);
  const accepted = await call(env, 'POST', REMITTANCES, { session, body: { bankAccountId: account.body.id, agreementId: agreement.body.id, notes: values.notes ?? null } });
  // Accepted (202) and generated by the job: the contract tests go on once the file is offered.
  if (accepted.status === 202) expect((await untilGenerated(env, session, accepted.body.id)).status).toBe('generated');
  return accepted;
}

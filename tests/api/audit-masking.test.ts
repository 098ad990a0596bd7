/**
 * SECURITY.md, audit: "no secret, token, code or full account number in logs". A change of a bank
 * account number — our conta financeira's, a supplier's bank data, a random (EVP) PIX key — is kept
 * in the audit as "•••• 1234": the "Histórico" (the audit API) and the audit_log rows never hold the
 * full number, and the change still reads before → after (two numbers ending alike say "(outra)").
 * A boleto's linha digitável is masked the same way: its free field carries the payee's bank,
 * agency and account.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { bankAccountChanges, bankAccounts, suppliers } from '../../src/contracts/resources/index.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { apiPath } from './registry-support.js';

const ACCOUNTS = '/api/finance/bank-accounts';
const HOLDER = '11222333000181';
const EVP = '123e4567-e89b-42d3-a456-426614174000';
const PAYABLES = '/api/finance/payables';
const PARCELAS = '/api/finance/payable-installments';

describe.each(databaseKinds())('account numbers masked in the audit [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let bankId: string;

  const writable = (fields: Record<string, { readOnly?: boolean }>, record: Record<string, any>, change: Record<string, unknown> = {}) => ({
    ...Object.fromEntries(Object.entries(fields).filter(([, def]) => !def.readOnly).map(([name]) => [name, record[name] ?? null])),
    ...change,
  });
  const change = async (who: Session, url: string, fields: Record<string, { readOnly?: boolean }>, values: Record<string, unknown>) => {
    const record = (await call(env, 'GET', url, { session: who })).body;
    const answer = await call(env, 'PUT', url, { session: who, body: writable(fields, record, values), headers: { 'if-match': ifMatch(record.version) } });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body;
  };
  /** A conta financeira's bank data change, proposed and sent (no queue takes it here: applied at once); its id. */
  const applyChange = async (who: Session, url: string, values: Record<string, unknown>) => {
    const record = (await call(env, 'GET', url, { session: who })).body;
    const proposed = await call(env, 'POST', `${url}/changes`, { session: who, body: writable(bankAccountChanges.fields, record, { reason: 'Conta nova no banco', ...values }) });
    expect(proposed.status, proposed.raw).toBe(201);
    const sent = await call(env, 'POST', `${url}/changes/${proposed.body.id}/actions/submit`, { session: who, body: {}, headers: { 'if-match': ifMatch(proposed.body.version) } });
    expect(sent.body.status, sent.raw).toBe('applied');
    return proposed.body.id as string;
  };
  /** Every audit_log row of the record, as text. */
  const rows = async (id: string) => JSON.stringify((await sql`SELECT before, after FROM audit_log WHERE entity_id = ${id}`.execute(env.db)).rows);

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    bankId = (await sql<{ id: string }>`SELECT bank_id AS id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} AND bank_id IS NOT NULL LIMIT 1`.execute(env.db)).rows[0].id;
  });

  it('keeps a conta financeira’s account number as its last four digits: nowhere whole, the change still before → after', async () => {
    const created = await call(env, 'POST', ACCOUNTS, {
      session: clerk,
      body: writable(bankAccounts.fields, {}, { name: `Conta ${randomUUID().slice(0, 6)}`, type: 'checking', bankId, agency: '3381', account: '1234506789', accountDigit: '1', holderName: 'Demo Compras e Finanças Ltda', holderDocument: HOLDER, openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, pixKeys: [{ type: 'evp', key: EVP, isDefault: false }] }),
    });
    expect(created.status, created.raw).toBe(201);
    const url = `${ACCOUNTS}/${created.body.id}`;
    // Its abertura (applied at once: no queue here) proposed the whole number too.
    const opening = (await call(env, 'GET', `${url}/changes`, { session: clerk })).body[0].id as string;
    const first = await applyChange(clerk, url, { account: '9876504321', pixKeys: [{ type: 'email', key: 'recebe@demo.com.br', isDefault: false }] });
    // Same last four digits, another number: still a change.
    const second = await applyChange(clerk, url, { account: '5555504321' });

    const trail = await call(env, 'GET', `${url}/audit`, { session: clerk });
    expect(trail.status, trail.raw).toBe(200);
    for (const whole of ['1234506789', '9876504321', '5555504321', EVP]) {
      expect(trail.raw).not.toContain(whole);
      expect(await rows(created.body.id)).not.toContain(whole);
      // Nor in the changes' own trail (their proposed number, their before → after).
      for (const id of [opening, first, second]) expect(await rows(id)).not.toContain(whole);
    }
    const [sameEnd, update, activation, creation] = trail.body;
    expect(activation.changes).toEqual([{ field: 'isActive', label: 'Ativa', before: false, after: true }]);
    expect(sameEnd.changes).toEqual([{ field: 'account', label: 'Conta', before: '•••• 4321', after: '•••• 4321 (outra)' }]);
    expect(update.changes).toContainEqual({ field: 'account', label: 'Conta', before: '•••• 6789', after: '•••• 4321' });
    expect(update.changes).toContainEqual({ field: 'pixKeys', label: 'Chaves PIX', before: [{ type: 'evp', key: '•••• 4000', isDefault: false }], after: [{ type: 'email', key: 'recebe@demo.com.br', isDefault: false }] });
    expect(creation.changes).toContainEqual({ field: 'account', label: 'Conta', before: null, after: '•••• 6789' });
    // The record itself still holds the whole number (what remessas use).
    expect((await call(env, 'GET', url, { session: clerk })).body.account).toBe('5555504321');
  });

  it('masks a supplier’s bank data and random PIX key the same way', async () => {
    const url = `${apiPath(suppliers)}/${(await call(env, 'GET', `${apiPath(suppliers)}?perPage=1`, { session: admin })).body[0].id}`;
    const item = { bankId, agency: '1000', agencyDigit: null, account: '7777712345', accountDigit: '3', accountType: 'checking', holderName: null, holderDocument: null, isDefault: true };
    await change(admin, url, suppliers.fields, { bankAccounts: [item], pixKeys: [{ type: 'evp', key: EVP, isDefault: true }] });
    await change(admin, url, suppliers.fields, { bankAccounts: [{ ...item, account: '8888867890' }] });
    const trail = await call(env, 'GET', `${url}/audit?perPage=2`, { session: admin });
    expect(trail.status, trail.raw).toBe(200);
    const id = url.split('/').pop()!;
    for (const whole of ['7777712345', '8888867890', EVP]) {
      expect(trail.raw).not.toContain(whole);
      expect(await rows(id)).not.toContain(whole);
    }
    const accounts = trail.body[0].changes.find((entry: { field: string }) => entry.field === 'bankAccounts');
    expect(accounts.before[0].account).toBe('•••• 2345');
    expect(accounts.after[0].account).toBe('•••• 7890');
  });

  it('keeps a boleto line as its last four digits: the lançamento’s and the parcela’s audit, and the history note of a change', async () => {
    const costCenterId = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body[0].id;
    const categoryId = (await call(env, 'GET', '/api/finance/expense-categories?perPage=1', { session: admin })).body[0].id;
    const accountId = (await call(env, 'GET', `${ACCOUNTS}?perPage=1`, { session: admin })).body[0].id;
    const supplierId = (await call(env, 'GET', `${apiPath(suppliers)}?perPage=1`, { session: admin })).body[0].id;
    const dueDate = '2026-12-21';
    const amount = 150_000;
    // Free fields holding an agency and an account (Itaú's layout: carteira, nosso número, agência, conta).
    const first = makeBoletoLine({ bankCode: '341', dueDate, amount, freeField: '1091234567833810123450000' });
    const second = makeBoletoLine({ bankCode: '341', dueDate, amount, freeField: '1097654321033810987650000' });
    const installment = { number: 1, dueDate, amount, paymentMethod: 'boleto', boletoLine: first, pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };
    const created = await call(env, 'POST', PAYABLES, {
      session: clerk,
      body: {
        supplierId, categoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber: `NF-${randomUUID().slice(0, 6)}`, issueDate: '2026-11-20', competence: '11/2026',
        description: 'Boleto mascarado', total: amount, bankAccountId: accountId, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
        allocations: [{ costCenterId, percent: 10000, amount }], installments: [installment],
      },
    });
    expect(created.status, created.raw).toBe(201);
    const parcelaId = (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${created.body.id}`.execute(env.db)).rows[0].id;
    const parcela = (await call(env, 'GET', `${PARCELAS}/${parcelaId}`, { session: clerk })).body;
    const fields = ['bankAccountId', 'paymentMethod', 'boletoLine', 'pixKeyType', 'pixKey', 'pixPayload', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument'];
    const changed = await call(env, 'PUT', `${PARCELAS}/${parcelaId}`, { session: clerk, body: { ...Object.fromEntries(fields.map((f) => [f, parcela[f]])), boletoLine: second }, headers: { 'if-match': ifMatch(parcela.version) } });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.boletoLine).toBe(second);

    const ending = first.slice(-4);
    expect(second.slice(-4)).toBe(ending);
    const entryTrail = await call(env, 'GET', `${PAYABLES}/${created.body.id}/audit`, { session: clerk });
    const parcelaTrail = await call(env, 'GET', `${PARCELAS}/${parcelaId}/audit`, { session: clerk });
    const history = await call(env, 'GET', `${PARCELAS}/${parcelaId}/history`, { session: clerk });
    for (const answer of [entryTrail, parcelaTrail, history]) expect(answer.status, answer.raw).toBe(200);
    const rawHistory = JSON.stringify((await sql`SELECT input FROM status_history WHERE entity_id IN (${created.body.id}, ${parcelaId})`.execute(env.db)).rows);
    for (const whole of [first, second]) {
      for (const text of [entryTrail.raw, parcelaTrail.raw, history.raw, rawHistory, await rows(created.body.id), await rows(parcelaId)]) expect(text).not.toContain(whole);
    }
    const creation = entryTrail.body.at(-1).changes.find((entry: { field: string }) => entry.field === 'installments');
    expect(creation.after[0].boletoLine).toBe(`•••• ${ending}`);
    // The parcela's own change: still before → after, the new line told apart from the old one.
    expect(parcelaTrail.body[0].changes).toContainEqual({ field: 'boletoLine', label: 'Linha digitável ou código de barras', before: `•••• ${ending}`, after: `•••• ${ending} (outra)` });
    // The record itself keeps the whole line (what the remessa writes).
    expect((await call(env, 'GET', `${PARCELAS}/${parcelaId}`, { session: clerk })).body.boletoLine).toBe(second);
  });
});

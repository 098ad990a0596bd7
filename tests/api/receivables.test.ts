/**
 * Contas a receber with their own receipt data (issue 27 §3), on the real server and database:
 * how the customer pays US — which of our contas financeiras receives, our PIX key, the boleto we
 * issue (nosso número, linha digitável: optional) — saved with each method; bad input named by
 * field in pt-BR with nothing written; a payable still refusing incomplete payee data; the receipt
 * (baixa) with its "data do recebimento"; a parcela's receipt data edited on its own; a parcela of
 * before the change (payee columns filled) still received.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { receivableInstallments, receivables } from '../../src/contracts/resources/index.js';

const receivables_writable = Object.fromEntries(Object.entries(receivables.fields).filter(([, def]) => !def.readOnly));
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';

const FINANCE = '/api/finance';
const RECEIVABLES = `${FINANCE}/receivables`;
const PARCELAS = `${FINANCE}/receivable-installments`;
const PAYABLES = `${FINANCE}/payables`;

describe.each(databaseKinds())('contas a receber: receipt data [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let customerId: string;
  let supplierId: string;
  let revenueCategoryId: string;
  let expenseCategoryId: string;
  let centreId: string;
  /** Our bank account (with its bank's code) and our caixa. */
  let bank: { id: string; code: string };
  let cashBox: string;

  const line = (extra: Record<string, unknown>) => ({ number: 1, dueDate: '2026-12-21', amount: 50000, ...extra });
  const receivable = (installment: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
    customerId, categoryId: revenueCategoryId, documentType: 'nfse', documentNumber: `NFS-${randomUUID().slice(0, 6)}`, issueDate: '2026-11-20', competence: '11/2026',
    description: 'Consultoria de novembro', total: 50000, bankAccountId: bank.id, companyId: null, paymentCondition: 'à vista', documentFileId: null, notes: null,
    allocations: [{ costCenterId: centreId, percent: 10000, amount: 50000 }],
    installments: [line(installment)],
    ...overrides,
  });
  const create = (body: Record<string, unknown>) => call(env, 'POST', RECEIVABLES, { session: clerk, body });
  const get = async (url: string, id: string) => (await call(env, 'GET', `${url}/${id}`, { session: clerk })).body;
  const act = (url: string, record: { id: string; version: number }, action: string, body: unknown) =>
    call(env, 'POST', `${url}/${record.id}/actions/${action}`, { session: clerk, body, headers: { 'if-match': ifMatch(record.version) } });
  const count = async (table: 'finance_entries' | 'installments') => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(env.db)).rows[0].n);
  const row = async (entryId: string) =>
    (await sql<Record<string, string | null>>`SELECT id, payment_method, bank_account_id, our_number, boleto_line, pix_key_type, pix_key, bank_id, holder_name FROM installments WHERE entry_id = ${entryId}`.execute(env.db)).rows[0];

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    customerId = (await call(env, 'GET', '/v1/companies/customers?perPage=1', { session: admin })).body[0].id;
    supplierId = (await call(env, 'GET', '/v1/companies/suppliers?perPage=1', { session: admin })).body[0].id;
    revenueCategoryId = (await call(env, 'GET', `${FINANCE}/revenue-categories?perPage=1`, { session: admin })).body[0].id;
    expenseCategoryId = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=1`, { session: admin })).body[0].id;
    centreId = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=1`, { session: admin })).body[0].id;
    const accounts = (await sql<{ id: string; type: string; code: string | null }>`SELECT a.id, a.type, b.code FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id
      WHERE a.org_id = ${DEMO_ORG_ID} AND a.is_active ORDER BY a.name`.execute(env.db)).rows;
    const ours = accounts.find((a) => a.type !== 'cash' && a.code)!;
    bank = { id: ours.id, code: ours.code! };
    cashBox = accounts.find((a) => a.type === 'cash')!.id;
  });

  it('saves a receivable with each method: our boleto, our PIX key, TED to our account, cash — and no payee data', async () => {
    const ourBoleto = makeBoletoLine({ bankCode: bank.code, dueDate: '2026-12-21', amount: 50000 });
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['boleto', { paymentMethod: 'boleto', bankAccountId: bank.id, ourNumber: '00012345678', boletoLine: ourBoleto }, { our_number: '00012345678', boleto_line: ourBoleto, bank_account_id: bank.id }],
      ['boleto, not issued yet', { paymentMethod: 'boleto', bankAccountId: bank.id }, { our_number: null, boleto_line: null, bank_account_id: bank.id }],
      ['pix', { paymentMethod: 'pix', bankAccountId: bank.id, pixKeyType: 'cnpj', pixKey: '11222333000181' }, { pix_key_type: 'cnpj', pix_key: '11222333000181', bank_account_id: bank.id }],
      ['transfer', { paymentMethod: 'transfer', bankAccountId: bank.id }, { bank_account_id: bank.id, bank_id: null, holder_name: null }],
      ['cash', { paymentMethod: 'cash', bankAccountId: cashBox }, { bank_account_id: cashBox }],
    ];
    for (const [name, installment, stored] of cases) {
      const created = await create(receivable(installment));
      expect(created.status, `${name}: ${created.raw}`).toBe(201);
      const saved = await row(created.body.id);
      expect(saved, name).toMatchObject({ payment_method: installment.paymentMethod, ...stored });
      const parcela = await get(PARCELAS, saved.id!);
      expect(parcela, name).toMatchObject({ paymentMethod: installment.paymentMethod, bankAccountId: stored.bank_account_id });
      // A receivable's parcela carries no payee: no bank, agência, conta, holder nor copia e cola.
      for (const payee of ['bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument', 'pixPayload']) expect(parcela, `${name}: ${payee}`).not.toHaveProperty(payee);
    }
  });

  it('refuses bad receipt data naming the field in pt-BR, and writes nothing', async () => {
    const [entries, installments] = [await count('finance_entries'), await count('installments')];
    const otherBank = bank.code === '001' ? '237' : '001';
    const wrongDigit = makeBoletoLine({ bankCode: bank.code, dueDate: '2026-12-21', amount: 50000 }).replace(/^(\d{9})(\d)/, (_m, head: string, dv: string) => `${head}${(Number(dv) + 1) % 10}`);
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['pix without our key', { paymentMethod: 'pix', bankAccountId: bank.id }, 'installments.0.pixKey', /^Informe a nossa chave PIX, em que o cliente vai pagar\.$/],
      ['pix key of another type', { paymentMethod: 'pix', bankAccountId: bank.id, pixKeyType: 'cnpj', pixKey: 'financeiro@empresa.com.br' }, 'installments.0.pixKey', /^Chave PIX inválida para o tipo CNPJ\.$/],
      ['pix without its type', { paymentMethod: 'pix', bankAccountId: bank.id, pixKey: '11222333000181' }, 'installments.0.pixKeyType', /^Escolha o tipo da nossa chave PIX\.$/],
      ['pix without the receiving account', { paymentMethod: 'pix', pixKeyType: 'cnpj', pixKey: '11222333000181' }, 'installments.0.bankAccountId', /^Escolha a conta de recebimento/],
      ['boleto without the receiving account', { paymentMethod: 'boleto' }, 'installments.0.bankAccountId', /^Escolha a conta de recebimento/],
      ['transfer without the receiving account', { paymentMethod: 'transfer' }, 'installments.0.bankAccountId', /^Escolha a conta de recebimento/],
      ['nosso número with letters', { paymentMethod: 'boleto', bankAccountId: bank.id, ourNumber: '12AB' }, 'installments.0.ourNumber', /^Informe o nosso número com até 20 dígitos, somente números\.$/],
      ['our boleto with a wrong check digit', { paymentMethod: 'boleto', bankAccountId: bank.id, boletoLine: wrongDigit }, 'installments.0.boletoLine', /dígitos verificadores/],
      ['our boleto of another amount', { paymentMethod: 'boleto', bankAccountId: bank.id, boletoLine: makeBoletoLine({ bankCode: bank.code, dueDate: '2026-12-21', amount: 49000 }) }, 'installments.0.boletoLine', /valor do boleto/],
      ['a boleto of another bank', { paymentMethod: 'boleto', bankAccountId: bank.id, boletoLine: makeBoletoLine({ bankCode: otherBank, dueDate: '2026-12-21', amount: 50000 }) }, 'installments.0.boletoLine', new RegExp(`^O boleto é do banco ${otherBank}, mas a conta de recebimento é do banco ${bank.code}\\.$`)],
      ['PIX into the caixa', { paymentMethod: 'pix', bankAccountId: cashBox, pixKeyType: 'cnpj', pixKey: '11222333000181' }, 'installments.0.bankAccountId', /^Um caixa não recebe boleto, PIX nem TED: escolha uma conta bancária\.$/],
      ['an account of nobody', { paymentMethod: 'transfer', bankAccountId: randomUUID() }, 'installments.0.bankAccountId', /Registro não encontrado/],
    ];
    for (const [name, installment, field, message] of cases) {
      const answer = await create(receivable(installment));
      expect(answer.status, `${name}: ${answer.raw}`).toBe(400);
      expect(answer.body.errors?.[field]?.join(' '), `${name}: ${answer.raw}`).toMatch(message);
    }
    expect([await count('finance_entries'), await count('installments')]).toEqual([entries, installments]);
  });

  it('still refuses a payable with incomplete payee data, as before', async () => {
    const entries = await count('finance_entries');
    const payable = (installment: Record<string, unknown>) => ({
      supplierId, categoryId: expenseCategoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber: `NF-${randomUUID().slice(0, 6)}`,
      issueDate: '2026-11-20', competence: '11/2026', description: 'Manutenção', total: 50000, bankAccountId: bank.id, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
      allocations: [{ costCenterId: centreId, percent: null, amount: 50000 }], installments: [line(installment)],
    });
    const cases: [Record<string, unknown>, Record<string, RegExp>][] = [
      [{ paymentMethod: 'transfer', agency: '1234', account: '5678', accountDigit: '9' }, { 'installments.0.bankId': /^Escolha o banco do favorecido\.$/, 'installments.0.holderName': /^Informe o nome do favorecido\.$/, 'installments.0.holderDocument': /favorecido/ }],
      [{ paymentMethod: 'pix' }, { 'installments.0.pixKey': /^Informe a chave PIX ou o código PIX copia e cola\.$/ }],
      [{ paymentMethod: 'boleto' }, { 'installments.0.boletoLine': /^Informe a linha digitável ou o código de barras do boleto\.$/ }],
    ];
    for (const [installment, fields] of cases) {
      const answer = await call(env, 'POST', PAYABLES, { session: clerk, body: payable(installment) });
      expect(answer.status, answer.raw).toBe(400);
      for (const [field, message] of Object.entries(fields)) expect(answer.body.errors?.[field]?.join(' '), `${field}: ${answer.raw}`).toMatch(message);
    }
    // A payable's line has no receiving account nor nosso número: those are a receivable's.
    const payee = await call(env, 'POST', PAYABLES, { session: clerk, body: payable({ paymentMethod: 'transfer', bankId: (await sql<{ id: string }>`SELECT bank_id AS id FROM bank_accounts WHERE id = ${bank.id}`.execute(env.db)).rows[0].id, agency: '1234', account: '5678', accountDigit: '9', holderName: 'Fornecedor Ltda', holderDocument: '11222333000181', ourNumber: '123' }) });
    expect(payee.status, payee.raw).toBe(201);
    expect((await row(payee.body.id)).our_number).toBeNull();
    expect(await count('finance_entries')).toBe(entries + 1);
  });

  it('receives a parcela with its data do recebimento: "Receber", Recebida, the lançamento Recebido', async () => {
    // The words of the receipt flow, as the screens and the receipt dialog read them.
    const settlementItem = (receivableInstallments.fields.settlements as { of: Record<string, { label: string }> }).of;
    expect([settlementItem.paidOn.label, settlementItem.amount.label, receivableInstallments.fields.paidAmount.label]).toEqual(['Data do recebimento', 'Valor recebido', 'Valor recebido']);
    expect(receivableInstallments.workflow!.transitions.find((t) => t.name === 'settle')!.label).toBe('Receber');
    expect(receivableInstallments.workflow!.states.received.label).toBe('Recebida');

    const created = await create(receivable({ paymentMethod: 'pix', bankAccountId: bank.id, pixKeyType: 'cnpj', pixKey: '11222333000181' }));
    expect(created.status, created.raw).toBe(201);
    const parcela = await get(PARCELAS, (await row(created.body.id)).id!);
    expect(parcela._actions).toContain('settle');
    const received = await act(PARCELAS, parcela, 'settle', { paidOn: '2026-11-22', amount: 50000, bankAccountId: bank.id });
    expect(received.status, received.raw).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', openBalance: 0, paidAmount: 50000, lastPaidOn: '2026-11-22' });
    expect(received.body.settlements).toEqual([expect.objectContaining({ paidOn: '2026-11-22', amount: 50000, bankAccountId: bank.id, reversed: false })]);
    const entry = await get(RECEIVABLES, created.body.id);
    expect(entry.status).toBe('settled');
    const history = (await call(env, 'GET', `${PARCELAS}/${parcela.id}/history`, { session: clerk })).body as { action: string; to: string }[];
    expect(history.map((h) => [h.action, h.to])).toContainEqual(['settle', 'received']);
    // A refused receipt names its field: no date, nothing received.
    const other = await create(receivable({ paymentMethod: 'cash', bankAccountId: cashBox }));
    const open = await get(PARCELAS, (await row(other.body.id)).id!);
    const undated = await act(PARCELAS, open, 'settle', { amount: 50000, bankAccountId: cashBox });
    expect(undated.status, undated.raw).toBe(400);
    expect(Object.keys(undated.body.errors ?? {})).toContain('paidOn');
    expect((await get(PARCELAS, open.id)).paidAmount).toBe(0);
  });

  it('keeps a received parcela when its lançamento is edited: not removed, its amount and due date as they are (400 naming it, nothing written); the rest still edits; the cancel names a receipt', async () => {
    const lines = [1, 2, 3].map((number) => line({ number, dueDate: `2026-12-2${number}`, amount: number === 1 ? 33334 : 33333, paymentMethod: 'pix', bankAccountId: bank.id, pixKeyType: 'cnpj', pixKey: '11222333000181' }));
    const created = await create(receivable({}, { total: 100000, allocations: [{ costCenterId: centreId, percent: 10000, amount: 100000 }], installments: lines }));
    expect(created.status, created.raw).toBe(201);
    const parcelaIds = (await sql<{ id: string; number: number }>`SELECT id, number FROM installments WHERE entry_id = ${created.body.id} ORDER BY number`.execute(env.db)).rows;
    const second = await get(PARCELAS, parcelaIds[1].id);
    expect((await act(PARCELAS, second, 'settle', { paidOn: '2026-11-22', amount: 33333, bankAccountId: bank.id })).status).toBe(200);
    const entry = await get(RECEIVABLES, created.body.id);
    const items = entry.installments as Record<string, unknown>[];
    const put = (body: Record<string, unknown>) =>
      call(env, 'PUT', `${RECEIVABLES}/${entry.id}`, { session: clerk, body: { ...Object.fromEntries(Object.entries(entry).filter(([key]) => key in receivables_writable)), ...body }, headers: { 'if-match': ifMatch(entry.version) } });
    const settlements = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installment_settlements s JOIN installments i ON i.id = s.installment_id WHERE i.entry_id = ${entry.id}`.execute(env.db)).rows[0].n);

    const removed = await put({ total: 66667, allocations: [{ costCenterId: centreId, percent: 10000, amount: 66667 }], installments: [items[0], items[2]] });
    expect(removed.status, removed.raw).toBe(400);
    expect(removed.body.errors.installments).toEqual(['A parcela 2 tem recebimentos registrados e não pode ser removida (mesmo estornados, eles ficam no histórico).']);
    const moved = await put({ installments: [items[0], { ...items[1], amount: 33000, dueDate: '2027-01-05' }, { ...items[2], amount: 33666 }] });
    expect(moved.status, moved.raw).toBe(400);
    expect(moved.body.errors).toMatchObject({ 'installments.1.amount': ['Esta parcela já tem recebimento: estorne-o antes de mudar o valor ou o vencimento.'], 'installments.1.dueDate': ['Esta parcela já tem recebimento: estorne-o antes de mudar o valor ou o vencimento.'] });
    expect(await settlements()).toBe(1);
    expect((await get(PARCELAS, parcelaIds[1].id)).status).toBe('received');

    // The parcelas with nothing received still change.
    const edited = await put({ installments: [{ ...items[0], dueDate: '2027-01-11' }, items[1], items[2]] });
    expect(edited.status, edited.raw).toBe(200);
    expect((await get(PARCELAS, parcelaIds[0].id)).dueDate).toBe('2027-01-11');
    const cancel = await act(RECEIVABLES, edited.body, 'cancel', { reason: 'Nota emitida em duplicidade' });
    expect(cancel.status, cancel.raw).toBe(409);
    expect(cancel.body.message).toBe('Não é possível cancelar: há parcelas com recebimento. Estorne os recebimentos antes.');
  });

  it('edits a parcela\'s receipt data on its own with the same rules; an account deactivated since never blocks its receipt', async () => {
    const created = await create(receivable({ paymentMethod: 'transfer', bankAccountId: bank.id }));
    const parcela = await get(PARCELAS, (await row(created.body.id)).id!);
    const put = (record: Record<string, unknown>, changes: Record<string, unknown>) => {
      const { paymentMethod, bankAccountId, ourNumber, boletoLine, pixKeyType, pixKey } = record;
      return call(env, 'PUT', `${PARCELAS}/${record.id}`, { session: clerk, body: { paymentMethod, bankAccountId, ourNumber, boletoLine, pixKeyType, pixKey, ...changes }, headers: { 'if-match': ifMatch(record.version as number) } });
    };
    const intoCash = await put(parcela, { paymentMethod: 'pix', bankAccountId: cashBox, pixKeyType: 'cnpj', pixKey: '11222333000181' });
    expect(intoCash.status, intoCash.raw).toBe(400);
    expect(intoCash.body.errors?.bankAccountId?.join(' ')).toMatch(/caixa/);
    const noKey = await put(parcela, { paymentMethod: 'pix' });
    expect(noKey.status, noKey.raw).toBe(400);
    expect(noKey.body.errors?.pixKey?.join(' ')).toMatch(/nossa chave PIX/);
    expect((await get(PARCELAS, parcela.id)).paymentMethod).toBe('transfer');
    // Our key is one of the receiving account's (migration 0044): a key typed by hand is refused.
    const typed = await put(parcela, { paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'recebimentos@demo.com.br' });
    expect(typed.status, typed.raw).toBe(400);
    expect(typed.body.errors?.pixKey?.join(' ')).toMatch(/não é uma das chaves da conta de recebimento/);
    const pix = await put(parcela, { paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@demo.com.br' });
    expect(pix.status, pix.raw).toBe(200);
    expect(pix.body).toMatchObject({ paymentMethod: 'pix', pixKey: 'financeiro@demo.com.br', bankAccountId: bank.id });
    // A second account of ours, then deactivated: the parcela pointing at it is still received.
    const second = await call(env, 'POST', `${FINANCE}/bank-accounts`, { session: admin, body: { name: `Recebimentos ${randomUUID().slice(0, 6)}`, type: 'checking', bankId: (await sql<{ id: string }>`SELECT bank_id AS id FROM bank_accounts WHERE id = ${bank.id}`.execute(env.db)).rows[0].id, agency: '1234', agencyDigit: null, account: '99887', accountDigit: '1', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', pixKeys: [{ type: 'email', key: 'recebimentos@demo.com.br', isDefault: true }], openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, notes: null } });
    expect(second.status, second.raw).toBe(201);
    const moved = await put(pix.body, { bankAccountId: second.body.id, pixKey: 'recebimentos@demo.com.br' });
    expect(moved.status, moved.raw).toBe(200);
    await sql`UPDATE bank_accounts SET is_active = false WHERE id = ${second.body.id}`.execute(env.db);
    const stale = await put(moved.body, { pixKey: 'outra@demo.com.br' });
    expect(stale.status, stale.raw).toBe(400);
    expect(stale.body.errors?.bankAccountId?.join(' ')).toMatch(/inativa/);
    const received = await act(PARCELAS, moved.body, 'settle', { paidOn: '2026-11-21', amount: 50000, bankAccountId: bank.id });
    expect(received.status, received.raw).toBe(200);
    expect(received.body.status).toBe('received');
    // Every change is in the audit, before → after.
    const audit = await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log WHERE entity_id = ${parcela.id} AND action = 'receivableInstallments.update'`.execute(env.db);
    expect(Number(audit.rows[0].n)).toBe(2);
  });

  // One connection per transaction is PostgreSQL's: PGlite runs one statement at a time, so there is no moment in between to prove.
  it.runIf(kind === 'postgres')('waits for an account being deactivated at that moment, then refuses it — never checked, then changed', async () => {
    const bankId = (await sql<{ id: string }>`SELECT bank_id AS id FROM bank_accounts WHERE id = ${bank.id}`.execute(env.db)).rows[0].id;
    const account = await call(env, 'POST', `${FINANCE}/bank-accounts`, { session: admin, body: { name: `Fechando ${randomUUID().slice(0, 6)}`, type: 'checking', bankId, agency: '1234', agencyDigit: null, account: '55443', accountDigit: '2', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, notes: null } });
    expect(account.status, account.raw).toBe(201);
    const entries = await count('finance_entries');
    let answered = false;
    const { pending } = await env.db.transaction().execute(async (trx) => {
      // Someone is deactivating the account: its row is locked, the change not yet committed.
      await sql`SELECT 1 FROM bank_accounts WHERE id = ${account.body.id} FOR UPDATE`.execute(trx);
      const pending = create(receivable({ paymentMethod: 'transfer', bankAccountId: account.body.id })).then((answer) => ((answered = true), answer));
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(answered, 'the receivable waited for the account').toBe(false);
      await sql`UPDATE bank_accounts SET is_active = false WHERE id = ${account.body.id}`.execute(trx);
      return { pending };
    });
    const answer = await pending;
    expect(answer.status, answer.raw).toBe(400);
    // Refused as any choice of an inactive record is (the chosen account is read locked, so the wait is there).
    expect(answer.body.errors?.['installments.0.bankAccountId']).toEqual([`Registro inativo: ${account.body.name}. Escolha um registro ativo.`]);
    expect(await count('finance_entries')).toBe(entries);
  });

  it('receives a parcela entered before receipt data existed (the customer\'s bank in its payee columns)', async () => {
    const created = await create(receivable({ paymentMethod: 'transfer', bankAccountId: bank.id }));
    const id = (await row(created.body.id)).id!;
    // As a row of before migration 0034 looked: the customer's bank account typed as a "favorecido".
    await sql`UPDATE installments SET bank_id = (SELECT bank_id FROM bank_accounts WHERE id = ${bank.id}), agency = '4321', account = '1111', account_digit = '2',
      holder_name = 'Cliente S.A.', holder_document = '11222333000181' WHERE id = ${id}`.execute(env.db);
    const parcela = await get(PARCELAS, id);
    expect(parcela).toMatchObject({ paymentMethod: 'transfer', bankAccountId: bank.id });
    expect(parcela).not.toHaveProperty('holderName');
    const received = await act(PARCELAS, parcela, 'settle', { paidOn: '2026-11-21', amount: 50000, bankAccountId: bank.id });
    expect(received.status, received.raw).toBe(200);
    // Nothing typed before is lost.
    expect((await row(created.body.id)).holder_name).toBe('Cliente S.A.');
  });
});

/**
 * Where OUR money is received (fraud surface): our PIX keys live on the conta financeira, each valid
 * for its type, none twice, one principal at most, a CPF/CNPJ key being the holder's own document;
 * a parcela a receber paid by PIX chooses one of its receiving account's keys — through its
 * lançamento or edited on its own, any other key is a pt-BR 400 naming the field and nothing is
 * written. A change of the keys or bank data goes through an "Alteração de dados bancários"
 * (bank-account-changes.test.ts: its approval), needs `bankAccounts: update` and is audited before →
 * after on the account. Keys typed on receivables before migration 0044 are copied onto their accounts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { bankAccountChanges, bankAccounts } from '../../src/contracts/resources/index.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import pixKeysMigration from '../../server/db/migrations/0044_bank_account_pix_keys.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';

const FINANCE = '/api/finance';
const ACCOUNTS = `${FINANCE}/bank-accounts`;
const RECEIVABLES = `${FINANCE}/receivables`;
const PARCELAS = `${FINANCE}/receivable-installments`;
const NOT_ON_ACCOUNT = 'Esta chave PIX não é uma das chaves da conta de recebimento: escolha uma chave da conta ou cadastre-a na conta financeira.';
const HOLDER = '11222333000181';

describe.each(databaseKinds())('our PIX keys on the conta financeira [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let buyer: Session;
  let customerId: string;
  let revenueCategoryId: string;
  let centreId: string;
  /** The seeded Itaú account (CNPJ principal + e-mail) and a second account of ours. */
  let main: Record<string, any>;
  let second: Record<string, any>;

  const writable = (record: Record<string, any>, change: Record<string, unknown> = {}, resource: typeof bankAccounts | typeof bankAccountChanges = bankAccounts) => ({
    ...Object.fromEntries(Object.entries(resource.fields).filter(([, def]) => !def.readOnly).map(([name]) => [name, record[name] ?? null])),
    ...change,
  });
  const getAccount = async (id: string) => (await call(env, 'GET', `${ACCOUNTS}/${id}`, { session: clerk })).body;
  /** A proposed change of the account's data (an "Alteração de dados bancários"), not yet sent. */
  const proposeChange = async (who: Session, id: string, change: Record<string, unknown>) =>
    call(env, 'POST', `${ACCOUNTS}/${id}/changes`, { session: who, body: writable(await getAccount(id), { reason: 'Chaves revistas', ...change }, bankAccountChanges) });
  const receivable = (installment: Record<string, unknown>) => ({
    customerId, categoryId: revenueCategoryId, documentType: 'nfse', documentNumber: `NFS-${randomUUID().slice(0, 6)}`, issueDate: '2026-11-20', competence: '11/2026',
    description: 'Consultoria', total: 50000, bankAccountId: main.id, companyId: null, paymentCondition: 'à vista', documentFileId: null, notes: null,
    allocations: [{ costCenterId: centreId, percent: 10000, amount: 50000 }],
    installments: [{ number: 1, dueDate: '2026-12-21', amount: 50000, ...installment }],
  });
  const count = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installments`.execute(env.db)).rows[0].n);
  const keysInDb = async (id: string) => (await sql<{ pix_keys: unknown }>`SELECT pix_keys FROM bank_accounts WHERE id = ${id}`.execute(env.db)).rows[0].pix_keys;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    buyer = (await userInGroups(env, ['Comprador'])).session;
    customerId = (await call(env, 'GET', '/v1/companies/customers?perPage=1', { session: admin })).body[0].id;
    revenueCategoryId = (await call(env, 'GET', `${FINANCE}/revenue-categories?perPage=1`, { session: admin })).body[0].id;
    centreId = (await call(env, 'GET', `${FINANCE}/cost-centers?perPage=1`, { session: admin })).body[0].id;
    const ids = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} AND type <> 'cash' ORDER BY name`.execute(env.db)).rows.map((row) => row.id);
    main = await getAccount(ids[0]);
    const bankId = main.bankId;
    const created = await call(env, 'POST', ACCOUNTS, {
      session: clerk,
      body: writable({}, { name: `Bradesco — Recebimentos ${randomUUID().slice(0, 4)}`, type: 'checking', bankId, agency: '3381', account: '99887', accountDigit: '1', holderName: 'Demo Compras e Finanças Ltda', holderDocument: HOLDER, openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, pixKeys: [{ type: 'email', key: 'recebimentos@demo.com.br', isDefault: true }] }),
    });
    expect(created.status, created.raw).toBe(201);
    second = created.body;
  });

  it('keeps our keys on the account: valid for their type, none twice, one principal, a CPF/CNPJ key being the holder’s own', async () => {
    expect(main.pixKeys).toEqual([
      { type: 'cnpj', key: HOLDER, isDefault: true },
      { type: 'email', key: 'financeiro@demo.com.br', isDefault: false },
    ]);
    const before = await keysInDb(main.id);
    const cases: [string, unknown[], string, string][] = [
      ['a key not of its type', [{ type: 'cnpj', key: 'financeiro@demo.com.br', isDefault: false }], 'pixKeys.0.key', 'Chave PIX inválida para o tipo CNPJ.'],
      ['a key twice', [{ type: 'email', key: 'a@demo.com.br', isDefault: false }, { type: 'email', key: 'a@demo.com.br', isDefault: false }], 'pixKeys.1.key', 'Esta chave PIX já aparece acima.'],
      ['two principal keys', [{ type: 'email', key: 'a@demo.com.br', isDefault: true }, { type: 'email', key: 'b@demo.com.br', isDefault: true }], 'pixKeys.1.isDefault', 'Marque no máximo uma chave como principal.'],
      ['someone else’s CNPJ', [{ type: 'cnpj', key: '33445566000186', isDefault: false }], 'pixKeys.0.key', 'Uma chave CPF ou CNPJ desta conta deve ser o documento do titular.'],
    ];
    for (const [name, pixKeys, field, message] of cases) {
      const answer = await proposeChange(clerk, main.id, { pixKeys });
      expect(answer.status, `${name}: ${answer.raw}`).toBe(400);
      expect(answer.body.errors?.[field], `${name}: ${answer.raw}`).toEqual([message]);
    }
    const cash = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} AND type = 'cash' LIMIT 1`.execute(env.db)).rows[0].id;
    const onCash = await proposeChange(clerk, cash, { pixKeys: [{ type: 'email', key: 'caixa@demo.com.br', isDefault: false }] });
    expect(onCash.status, onCash.raw).toBe(400);
    expect(onCash.body.errors?.pixKeys).toEqual(['Um caixa não tem chaves PIX: cadastre-as numa conta bancária.']);
    expect(await keysInDb(main.id)).toEqual(before);
  });

  it('audits a change of the keys before → after, and refuses it without bankAccounts: update', async () => {
    const keys = [...main.pixKeys, { type: 'phone', key: '+5511987654321', isDefault: false }];
    const denied = await proposeChange(buyer, main.id, { pixKeys: keys });
    expect(denied.status, denied.raw).toBe(403);
    expect(await keysInDb(main.id)).toEqual(main.pixKeys);

    // No approval queue takes it here: sent, it is applied at once.
    const proposed = await proposeChange(clerk, main.id, { pixKeys: keys });
    expect(proposed.status, proposed.raw).toBe(201);
    const sent = await call(env, 'POST', `${ACCOUNTS}/${main.id}/changes/${proposed.body.id}/actions/submit`, { session: clerk, body: {}, headers: { 'if-match': ifMatch(proposed.body.version) } });
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.status).toBe('applied');
    const saved = { body: await getAccount(main.id) };
    expect(saved.body.pixKeys).toEqual(keys);
    const entry = await env.db.selectFrom('audit_log').selectAll().where('entity_id', '=', main.id).where('action', '=', 'bankAccounts.applyChange').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(entry.before).toMatchObject({ pixKeys: main.pixKeys });
    expect(entry.after).toMatchObject({ pixKeys: keys });
    expect(entry.actor_user_id).not.toBeNull();
    main = saved.body;
  });

  it('makes a receivable choose one of its receiving account’s keys: any other key is a 400 on the field, nothing written', async () => {
    const ok = await call(env, 'POST', RECEIVABLES, { session: clerk, body: receivable({ paymentMethod: 'pix', bankAccountId: main.id, pixKeyType: 'email', pixKey: 'financeiro@demo.com.br' }) });
    expect(ok.status, ok.raw).toBe(201);
    const installments = await count();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a key typed by hand', { pixKeyType: 'email', pixKey: 'golpe@outro.com.br' }, 'installments.0.pixKey', NOT_ON_ACCOUNT],
      ['a valid CNPJ of someone else', { pixKeyType: 'cnpj', pixKey: '33445566000186' }, 'installments.0.pixKey', NOT_ON_ACCOUNT],
      ['our other account’s key', { pixKeyType: 'email', pixKey: 'recebimentos@demo.com.br' }, 'installments.0.pixKey', NOT_ON_ACCOUNT],
      ['the account’s key under another type', { pixKeyType: 'cpf', pixKey: HOLDER }, 'installments.0.pixKey', 'Chave PIX inválida para o tipo CPF.'],
    ];
    for (const [name, pix, field, message] of cases) {
      const answer = await call(env, 'POST', RECEIVABLES, { session: clerk, body: receivable({ paymentMethod: 'pix', bankAccountId: main.id, ...pix }) });
      expect(answer.status, `${name}: ${answer.raw}`).toBe(400);
      expect(answer.body.errors?.[field], `${name}: ${answer.raw}`).toEqual([message]);
    }
    expect(await count()).toBe(installments);

    // Through the lançamento's PUT: the line moved to the other account keeping the first one's key.
    const entry = ok.body;
    const moved = { ...entry, installments: entry.installments.map((line: Record<string, unknown>) => ({ ...line, bankAccountId: second.id })) };
    const body = Object.fromEntries(Object.entries(moved).filter(([key]) => !['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'status', 'number', 'openBalance', 'costCenterIds', '_refs', '_actions'].includes(key)));
    body.installments = (body.installments as Record<string, unknown>[]).map(({ id, number, dueDate, amount, paymentMethod, bankAccountId, ourNumber, boletoLine, pixKeyType, pixKey }) => ({ id, number, dueDate, amount, paymentMethod, bankAccountId, ourNumber, boletoLine, pixKeyType, pixKey }));
    const viaEntry = await call(env, 'PUT', `${RECEIVABLES}/${entry.id}`, { session: clerk, body, headers: { 'if-match': ifMatch(entry.version) } });
    expect(viaEntry.status, viaEntry.raw).toBe(400);
    expect(viaEntry.body.errors?.['installments.0.pixKey']).toEqual([NOT_ON_ACCOUNT]);
  });

  it('refuses another key on a parcela a receber edited on its own, and takes one of the account’s', async () => {
    const created = await call(env, 'POST', RECEIVABLES, { session: clerk, body: receivable({ paymentMethod: 'pix', bankAccountId: main.id, pixKeyType: 'cnpj', pixKey: HOLDER }) });
    expect(created.status, created.raw).toBe(201);
    const parcelaId = created.body.installments[0].id;
    const parcela = (await call(env, 'GET', `${PARCELAS}/${parcelaId}`, { session: clerk })).body;
    const edit = (change: Record<string, unknown>, version = parcela.version) =>
      call(env, 'PUT', `${PARCELAS}/${parcelaId}`, { session: clerk, body: { paymentMethod: 'pix', bankAccountId: main.id, ourNumber: null, boletoLine: null, pixKeyType: 'cnpj', pixKey: HOLDER, ...change }, headers: { 'if-match': ifMatch(version) } });
    for (const change of [{ pixKeyType: 'email', pixKey: 'golpe@outro.com.br' }, { bankAccountId: second.id }]) {
      const refused = await edit(change);
      expect(refused.status, refused.raw).toBe(400);
      expect(refused.body.errors?.pixKey).toEqual([NOT_ON_ACCOUNT]);
    }
    expect((await sql<{ pix_key: string }>`SELECT pix_key FROM installments WHERE id = ${parcelaId}`.execute(env.db)).rows[0].pix_key).toBe(HOLDER);
    const chosen = await edit({ bankAccountId: second.id, pixKeyType: 'email', pixKey: 'recebimentos@demo.com.br' });
    expect(chosen.status, chosen.raw).toBe(200);
    expect(chosen.body).toMatchObject({ bankAccountId: second.id, pixKey: 'recebimentos@demo.com.br' });
  });

  it('copies the keys typed on receivables before 0044 onto their accounts (migration), each once', async () => {
    const created = await call(env, 'POST', RECEIVABLES, { session: clerk, body: receivable({ paymentMethod: 'pix', bankAccountId: second.id, pixKeyType: 'email', pixKey: 'recebimentos@demo.com.br' }) });
    expect(created.status, created.raw).toBe(201);
    // Before 0044 (the column dropped, then added again by the migration): keys typed freely on parcelas.
    const legacy = 'antiga@demo.com.br';
    const ids = (await sql<{ id: string }>`SELECT id FROM installments WHERE direction = 'receivable' AND bank_account_id = ${second.id} ORDER BY id`.execute(env.db)).rows.map((row) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    await sql`UPDATE installments SET pix_key_type = 'email', pix_key = ${legacy}, payment_method = 'pix' WHERE id = ${ids[0]}`.execute(env.db);
    await pixKeysMigration.down(env.db);
    await pixKeysMigration.up(env.db);
    const keys = (await keysInDb(second.id)) as { key: string; type: string; isDefault: boolean }[];
    expect(keys.map((entry) => entry.key).sort()).toEqual([legacy, 'recebimentos@demo.com.br'].sort());
    expect(keys.every((entry) => entry.type === 'email' && entry.isDefault === false)).toBe(true);
    // The other account gets the key its receivable used (the parcela moved away took its own along).
    const mainKeys = (await keysInDb(main.id)) as { key: string }[];
    expect(mainKeys.map((entry) => entry.key)).toEqual(['financeiro@demo.com.br']);
  });
});

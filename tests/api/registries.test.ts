/**
 * Issue #4, the registries' own rules on the real server (PGlite, and PostgreSQL when
 * DATABASE_URL is set) — beyond the generic contract and permission matrix:
 * - uniqueness per organisation → 409 with the declaration's message (persons' CPF/CNPJ across
 *   the person and its views, codes, SKUs, case-insensitive names), never across tenants;
 * - views (`viewOf`): customers/suppliers list and change only persons with their flag, create
 *   with it, and a delete through one view keeps a person who still has the other role;
 * - `kind` follows the document; trees refuse cycles (400) and deleting a node with children
 *   (409); cross-field rules (IE for its UF, municipality and CEP of the UF, bank data unless a
 *   cash box, bill dates); `_refs` for references inside lists (dotted paths);
 * - company bills: status is the server's, close/cancel row actions, no hard delete;
 * - banks seeded per organisation from the official list; the demo records are valid;
 * - the postal-code lookup of our own server (ViaCEP shape, upstream adapter, offline fallback).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { officialBanks } from '../../src/contracts/brazil/banks.js';
import { cnpjCheckDigits } from '../../src/contracts/brazil/index.js';
import { DUPLICATE_DOCUMENT_MESSAGE } from '../../src/contracts/resources/parts/person.js';
import { CODE_TAKEN } from '../../src/contracts/resources/parts/tree.js';
import { ifMatch, writableFields } from '../../src/contracts/resource.js';
import { findResource } from '../../src/contracts/resources/index.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { BILL_MESSAGES } from '../../server/finance/resources.js';
import { HAS_CHILDREN } from '../../server/registry/declared.js';
import { TREE_CYCLE_MESSAGE } from '../../server/registry/records.js';
import { RULE_MESSAGES } from '../../server/registry/rules.js';
import { call, databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';
import { cnpjFrom, put } from './registry-support.js';

const COMPANIES = '/v1/companies';
const FINANCE = '/api/finance';

let serial = 0;
/** A fresh valid numeric CNPJ. */
const newCnpj = () => cnpjFrom(`${Date.now() % 1e8}${String(++serial).padStart(4, '0')}`);

function person(overrides: Record<string, unknown> = {}) {
  return {
    document: newCnpj(),
    name: `Pessoa ${randomUUID().slice(0, 6)}`,
    tradeName: null,
    isCustomer: false,
    isSupplier: false,
    stateRegistration: null,
    stateRegistrationUf: null,
    municipalRegistration: null,
    email: null,
    phone: null,
    isActive: true,
    contacts: [],
    addresses: [],
    bankAccounts: [],
    pixKeys: [],
    notes: null,
    ...overrides,
  };
}
/** A body without some fields (a view's fixed flag; the server-managed fields of a read record). */
function without(values: Record<string, unknown>, ...fields: string[]): Record<string, unknown> {
  const copy = { ...values };
  for (const field of fields) delete copy[field];
  return copy;
}
const supplier = (overrides: Record<string, unknown> = {}) => without(person(overrides), 'isSupplier');
const customer = (overrides: Record<string, unknown> = {}) => without(person(overrides), 'isCustomer');

const tree = (code: string, parentId: string | null = null) => ({ code, name: `Centro ${code}`, parentId, isActive: true, description: null });

describe.each(databaseKinds())('registries: rules of the declarations [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let other: Session;
  const post = (url: string, body: unknown, session = admin) => call(env, 'POST', url, { session, body });
  const get = (url: string, session = admin) => call(env, 'GET', url, { session });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    other = await loginSession(env, 'admin@outra.com.br');
  });

  it('seeds the official bank list for every organisation (COMPE code + ISPB), and a new organisation gets it too', async () => {
    const official = officialBanks();
    for (const orgId of [DEMO_ORG_ID, OTHER_ORG_ID]) {
      const rows = await sql<{ code: string; ispb: string; name: string }>`SELECT code, ispb, name FROM banks WHERE org_id = ${orgId} ORDER BY code`.execute(env.db);
      expect(rows.rows).toEqual(official.map(({ code, ispb, name }) => ({ code, ispb, name })));
    }
    const itau = await get(`${FINANCE}/banks?q=341`);
    expect(itau.body.map((b: { code: string }) => b.code)).toContain('341');
    const org = await post('/v1/identity/organizations', { name: `Bancos ${randomUUID().slice(0, 6)}`, tradeName: null, cnpj: null, isActive: true });
    expect(org.status, org.raw).toBe(201);
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM banks WHERE org_id = ${org.body.id}`.execute(env.db);
    expect(Number(count.rows[0].n)).toBe(official.length);
  });

  it('seeds valid demo records: each one saves back unchanged through the API (every rule holds)', async () => {
    const suppliers = await get(`${COMPANIES}/suppliers?perPage=100`);
    const documents = suppliers.body.map((s: { document: string }) => s.document);
    expect(documents).toEqual(expect.arrayContaining(['33445566000186', 'A1B2C3D4000193', '77665544000105', '98765432000198']));
    const customers = await get(`${COMPANIES}/customers?perPage=100`);
    expect(customers.body.map((c: { document: string; kind: string }) => [c.document, c.kind])).toEqual(expect.arrayContaining([['52998224725', 'PF'], ['98765432000198', 'PJ']]));
    const centres = await get(`${FINANCE}/cost-centers?perPage=100`);
    expect(centres.body.length).toBeGreaterThanOrEqual(9);
    const categories = await get(`${FINANCE}/expense-categories?perPage=100`);
    expect(new Set(categories.body.map((c: { dreLine: string }) => c.dreLine))).toEqual(new Set(['deductions', 'costs', 'operatingExpenses', 'financialResult', 'incomeTax']));
    const accounts = await get(`${FINANCE}/bank-accounts`);
    expect(accounts.body.map((a: { type: string }) => a.type).sort()).toEqual(['cash', 'checking']);
    // The other organisation has banks and nothing else.
    expect((await get(`${COMPANIES}/persons`, other)).body).toEqual([]);
    // Save every seeded record of a few resources back: no rule refuses them.
    const resources: [string, string][] = [[`${COMPANIES}/persons`, 'persons'], [`${FINANCE}/cost-centers`, 'costCenters'], [`${FINANCE}/chart-accounts`, 'chartAccounts'], [`${FINANCE}/expense-categories`, 'expenseCategories'], [`${FINANCE}/revenue-categories`, 'revenueCategories'], [`${FINANCE}/bank-accounts`, 'bankAccounts'], ['/v1/cart/products', 'products']];
    for (const [url, name] of resources) {
      const list = await get(`${url}?perPage=100`);
      // Every writable field of the declaration, as its form sends them (read-only ones such as a balance are never sent).
      const writable = writableFields(findResource(name)!);
      for (const record of list.body) {
        const values = Object.fromEntries(writable.map((field) => [field, record[field]]));
        const saved = await put(env, admin, `${url}/${record.id}`, values, record.version);
        expect(saved.status, `${url}/${record.id}: ${saved.raw}`).toBe(200);
      }
    }
  });

  it('refuses a second person with the same CPF/CNPJ in the organisation (409, through any view), not in another one', async () => {
    const document = newCnpj();
    const first = await post(`${COMPANIES}/persons`, person({ document, isSupplier: true }));
    expect(first.status, first.raw).toBe(201);
    for (const url of [`${COMPANIES}/persons`, `${COMPANIES}/customers`, `${COMPANIES}/suppliers`]) {
      const body = url.endsWith('customers') ? customer({ document }) : url.endsWith('suppliers') ? supplier({ document }) : person({ document });
      const again = await post(url, body);
      expect(again.status, url).toBe(409);
      expect(again.body.errors).toEqual({ document: [DUPLICATE_DOCUMENT_MESSAGE] });
    }
    const elsewhere = await post(`${COMPANIES}/persons`, person({ document }), other);
    expect(elsewhere.status, elsewhere.raw).toBe(201);
    // Codes, SKUs and names of other registries too.
    const code = `DUP-${randomUUID().slice(0, 6)}`;
    expect((await post(`${FINANCE}/cost-centers`, tree(code))).status).toBe(201);
    const dup = await post(`${FINANCE}/cost-centers`, tree(code));
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ code: [CODE_TAKEN] });
    const type = await post(`${COMPANIES}/company-types`, { name: 'Coligada', description: null, position: 3, isActive: true });
    expect(type.status).toBe(201);
    const typeAgain = await post(`${COMPANIES}/company-types`, { name: 'COLIGADA', description: null, position: 4, isActive: true });
    expect(typeAgain.status).toBe(409);
    expect(typeAgain.body.errors.name).toEqual(['Já existe um tipo de empresa com este nome.']);
  });

  it('searches without caring for accents or case: "joao" finds João, "SAO JORGE" finds São Jorge, in any list', async () => {
    const tag = randomUUID().slice(0, 6);
    const joao = await post(`${COMPANIES}/suppliers`, supplier({ name: `João Comércio ${tag}` }));
    const padaria = await post(`${COMPANIES}/suppliers`, supplier({ name: `Padaria ${tag}`, tradeName: `Pão de São Jorge ${tag}` }));
    expect(joao.status, joao.raw).toBe(201);
    expect(padaria.status, padaria.raw).toBe(201);
    const names = async (url: string) => (await get(url)).body.map((r: { name: string }) => r.name);
    expect(await names(`${COMPANIES}/suppliers?q=${encodeURIComponent(`joao comercio ${tag}`)}`)).toEqual([`João Comércio ${tag}`]);
    expect(await names(`${COMPANIES}/persons?q=${encodeURIComponent(`JOÃO COMÉRCIO ${tag}`)}`)).toEqual([`João Comércio ${tag}`]);
    expect(await names(`${COMPANIES}/suppliers?q=${encodeURIComponent(`sao jorge ${tag}`)}`)).toEqual([`Padaria ${tag}`]);
    expect(await names(`${COMPANIES}/suppliers?q=${encodeURIComponent(`são jorgé ${tag}`)}`)).toEqual([`Padaria ${tag}`]);
    // A table without a folded column folds on the fly (product departments).
    const category = await post('/v1/supply/categories', { name: `Eletrônicos ${tag}`, slug: `eletronicos-${tag}`, parentId: null, position: 1, isActive: true, description: null });
    expect(category.status, category.raw).toBe(201);
    expect(await names(`/v1/supply/categories?q=${encodeURIComponent(`ELETRONICOS ${tag}`)}`)).toEqual([`Eletrônicos ${tag}`]);
  });

  it('derives the kind from the document: PF for a CPF, PJ for a CNPJ (also alphanumeric), on create and update', async () => {
    const pf = await post(`${COMPANIES}/persons`, person({ document: '11144477735' }));
    expect(pf.status, pf.raw).toBe(201);
    expect(pf.body.kind).toBe('PF');
    const alnum = `${'Z9'}${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}0001`;
    const pj = await put(env, admin, `${COMPANIES}/persons/${pf.body.id}`, person({ document: `${alnum}${cnpjCheckDigits(alnum)}` }), 1);
    expect(pj.status, pj.raw).toBe(200);
    expect(pj.body.kind).toBe('PJ');
    // `kind` is not writable.
    const forced = await post(`${COMPANIES}/persons`, { ...person(), kind: 'PF' });
    expect(forced.status).toBe(400);
    expect(forced.body.errors.kind).toEqual(['Propriedade não permitida.']);
  });

  it('views: customers and suppliers see only persons with their flag, create with it, and delete keeps a person with another role', async () => {
    const created = await post(`${COMPANIES}/suppliers`, supplier({ isCustomer: false }));
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id;
    const row = await sql<{ is_supplier: boolean; is_customer: boolean }>`SELECT is_supplier, is_customer FROM persons WHERE id = ${id}`.execute(env.db);
    expect(row.rows[0]).toEqual({ is_supplier: true, is_customer: false });
    expect(created.body).not.toHaveProperty('isSupplier');
    // Not a customer: the customers view answers 404 everywhere and never lists it.
    expect((await get(`${COMPANIES}/customers/${id}`)).status).toBe(404);
    expect((await put(env, admin, `${COMPANIES}/customers/${id}`, customer(), 1)).status).toBe(404);
    expect((await call(env, 'DELETE', `${COMPANIES}/customers/${id}`, { session: admin })).status).toBe(404);
    const listed = await get(`${COMPANIES}/customers?q=${encodeURIComponent(created.body.name)}`);
    expect(listed.body).toEqual([]);
    // Marked as customer through /persons: now in both views.
    const both = await put(env, admin, `${COMPANIES}/persons/${id}`, { ...person({ document: created.body.document, name: created.body.name }), isSupplier: true, isCustomer: true }, 1);
    expect(both.status, both.raw).toBe(200);
    expect((await get(`${COMPANIES}/customers/${id}`)).status).toBe(200);
    // Deleting the customer keeps the supplier (the flag goes); deleting the supplier then removes the person.
    const asCustomer = await call(env, 'DELETE', `${COMPANIES}/customers/${id}`, { session: admin });
    expect(asCustomer.status).toBe(204);
    expect((await get(`${COMPANIES}/customers/${id}`)).status).toBe(404);
    const still = await get(`${COMPANIES}/suppliers/${id}`);
    expect(still.status).toBe(200);
    expect(still.body.isCustomer).toBe(false);
    expect((await call(env, 'DELETE', `${COMPANIES}/suppliers/${id}`, { session: admin })).status).toBe(204);
    expect((await get(`${COMPANIES}/persons/${id}`)).status).toBe(404);
    // The list total of a view counts only its rows.
    const suppliers = await get(`${COMPANIES}/suppliers?perPage=1`);
    const total = await sql<{ n: string }>`SELECT count(*) AS n FROM persons WHERE org_id = ${DEMO_ORG_ID} AND is_supplier`.execute(env.db);
    expect(Number(suppliers.headers['x-total-count'])).toBe(Number(total.rows[0].n));
  });

  it('a reference to a view accepts only records of the view (a bill supplier must be a supplier)', async () => {
    const onlyCustomer = await post(`${COMPANIES}/customers`, customer());
    const bill = billBody({ supplierId: onlyCustomer.body.id });
    const answer = await post(`${FINANCE}/company-bills`, bill);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.supplierId[0]).toMatch(/^Registro não encontrado/);
  });

  it('checks rules across fields: IE valid for its UF, municipality and CEP of the UF', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ stateRegistration: '110042490114', stateRegistrationUf: null }, { stateRegistrationUf: [RULE_MESSAGES.ieNeedsUf] }],
      [{ stateRegistration: '110042490114', stateRegistrationUf: 'RJ' }, { stateRegistration: [RULE_MESSAGES.ieInvalidForUf('RJ')] }],
      [{ addresses: [address({ city: '3304557' })] }, { 'addresses.0.city': [RULE_MESSAGES.cityOutsideUf] }],
      [{ addresses: [address({ city: '3599999' })] }, { 'addresses.0.city': [RULE_MESSAGES.cityUnknown] }],
      [{ addresses: [address(), address({ cep: '20040020' })] }, { 'addresses.1.cep': [RULE_MESSAGES.cepOutsideUf('SP')] }],
    ];
    for (const [overrides, errors] of cases) {
      const answer = await post(`${COMPANIES}/persons`, person(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.errors).toEqual(errors);
    }
    for (const ok of [{ stateRegistration: '110042490114', stateRegistrationUf: 'SP' }, { stateRegistration: 'ISENTO' }, { addresses: [address()] }]) {
      const answer = await post(`${COMPANIES}/persons`, person(ok));
      expect(answer.status, answer.raw).toBe(201);
    }
    // Companies (nested under their type) follow the same rules.
    const type = (await get(`${COMPANIES}/company-types?q=Filial`)).body[0];
    const company = await post(`${COMPANIES}/company-types/${type.id}/companies`, {
      name: 'Filial Rio',
      tradeName: null,
      cnpj: newCnpj(),
      stateRegistration: '110042490114',
      stateRegistrationUf: 'RJ',
      municipalRegistration: null,
      email: null,
      phone: null,
      isActive: true,
      addresses: [],
      contacts: [],
    });
    expect(company.status).toBe(400);
    expect(company.body.errors).toEqual({ stateRegistration: [RULE_MESSAGES.ieInvalidForUf('RJ')] });
  });

  it('requires bank data for a bank account unless it is a cash box', async () => {
    const base = { name: 'Conta nova', holderName: 'Demo', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: '2025-01-01', isActive: true, notes: null, bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null };
    const bank = await post(`${FINANCE}/bank-accounts`, { ...base, type: 'checking' });
    expect(bank.status).toBe(400);
    expect(Object.keys(bank.body.errors).sort()).toEqual(['account', 'accountDigit', 'agency', 'bankId']);
    expect(bank.body.errors.bankId).toEqual([RULE_MESSAGES.bankDataRequired]);
    const cash = await post(`${FINANCE}/bank-accounts`, { ...base, type: 'cash' });
    expect(cash.status, cash.raw).toBe(201);
    // Changing the cash box into a bank account needs the data too, through an alteração de dados bancários.
    const changes = `${FINANCE}/bank-accounts/${cash.body.id}/changes`;
    const proposal = { type: 'savings', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo', holderDocument: '11222333000181', pixKeys: [], reason: 'O caixa vira conta poupança' };
    const change = await post(changes, proposal);
    expect(change.status).toBe(400);
    expect(Object.keys(change.body.errors).sort()).toEqual(['account', 'accountDigit', 'agency', 'bankId']);
    const itau = (await get(`${FINANCE}/banks?q=341`)).body.find((b: { code: string }) => b.code === '341');
    const fixed = await post(changes, { ...proposal, bankId: itau.id, agency: '1234', account: '998877', accountDigit: '1' });
    expect(fixed.status, fixed.raw).toBe(201);
    const applied = await call(env, 'POST', `${changes}/${fixed.body.id}/actions/submit`, { session: admin, body: {}, headers: { 'if-match': `"${fixed.body.version}"` } });
    expect(applied.status, applied.raw).toBe(200);
    expect(applied.body.status).toBe('applied');
    expect((await get(`${FINANCE}/bank-accounts/${cash.body.id}`)).body._refs.bankId).toEqual([{ id: itau.id, label: itau.name }]);
  });

  it('labels references inside lists by their dotted path and refuses a bank of another tenant inside them', async () => {
    const banks = (await get(`${FINANCE}/banks?q=Bradesco`)).body;
    const bradesco = banks.find((b: { code: string }) => b.code === '237');
    const otherBank = (await get(`${FINANCE}/banks?q=237`, other)).body.find((b: { code: string }) => b.code === '237');
    const bankData = (bankId: string) => ({ bankId, agency: '3381', agencyDigit: null, account: '12345', accountDigit: '6', accountType: 'checking', holderName: null, holderDocument: null, isDefault: true });
    const foreign = await post(`${COMPANIES}/persons`, person({ bankAccounts: [bankData(otherBank.id)] }));
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['bankAccounts.0.bankId']);
    const ok = await post(`${COMPANIES}/persons`, person({ bankAccounts: [bankData(bradesco.id), { ...bankData(bradesco.id), isDefault: false }] }));
    expect(ok.status, ok.raw).toBe(201);
    const read = await get(`${COMPANIES}/persons/${ok.body.id}`);
    expect(read.body._refs['bankAccounts.0.bankId']).toEqual([{ id: bradesco.id, label: bradesco.name }]);
    expect(read.body._refs['bankAccounts.1.bankId']).toEqual([{ id: bradesco.id, label: bradesco.name }]);
    const list = await get(`${COMPANIES}/persons?q=${encodeURIComponent(ok.body.name)}`);
    expect(list.body[0]._refs['bankAccounts.0.bankId'][0].label).toBe(bradesco.name);
  });

  it('moves tree nodes but never under themselves or a descendant (400), and keeps nodes with children (409)', async () => {
    const tag = randomUUID().slice(0, 4);
    const root = (await post(`${FINANCE}/cost-centers`, tree(`R${tag}`))).body;
    const child = (await post(`${FINANCE}/cost-centers`, tree(`R${tag}.1`, root.id))).body;
    const grandchild = (await post(`${FINANCE}/cost-centers`, tree(`R${tag}.1.1`, child.id))).body;
    const sibling = (await post(`${FINANCE}/cost-centers`, tree(`S${tag}`))).body;
    for (const [id, version, parentId] of [
      [root.id, 1, root.id],
      [root.id, 1, child.id],
      [root.id, 1, grandchild.id],
      [child.id, 1, grandchild.id],
    ] as const) {
      const moved = await put(env, admin, `${FINANCE}/cost-centers/${id}`, { ...tree(id === root.id ? `R${tag}` : `R${tag}.1`), parentId }, version);
      expect(moved.status, `${id} under ${parentId}`).toBe(400);
      expect(moved.body.errors).toEqual({ parentId: [TREE_CYCLE_MESSAGE] });
    }
    // A real move: the child goes under the sibling, then the root may go under the grandchild's old branch? No — under the child is a cycle no more.
    const move = await put(env, admin, `${FINANCE}/cost-centers/${child.id}`, tree(`R${tag}.1`, sibling.id), 1);
    expect(move.status, move.raw).toBe(200);
    expect(move.body.parentId).toBe(sibling.id);
    const rootUnderGrandchild = await put(env, admin, `${FINANCE}/cost-centers/${root.id}`, tree(`R${tag}`, grandchild.id), 1);
    expect(rootUnderGrandchild.status, rootUnderGrandchild.raw).toBe(200);
    // The sibling cannot go under the grandchild (which now lies below it).
    const cycle = await put(env, admin, `${FINANCE}/cost-centers/${sibling.id}`, tree(`S${tag}`, root.id), 1);
    expect(cycle.status).toBe(400);
    // A parent of another tenant is a missing record.
    const foreign = (await post(`${FINANCE}/cost-centers`, tree(`F${tag}`), other)).body;
    const cross = await post(`${FINANCE}/cost-centers`, tree(`X${tag}`, foreign.id));
    expect(cross.status).toBe(400);
    expect(cross.body.errors.parentId[0]).toMatch(/^Registro não encontrado/);
    // Nodes with children stay.
    const removed = await call(env, 'DELETE', `${FINANCE}/cost-centers/${sibling.id}`, { session: admin });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(HAS_CHILDREN);
    expect((await call(env, 'DELETE', `${FINANCE}/cost-centers/${root.id}`, { session: admin })).status).toBe(204);
    // The same rules for the product departments (supply) and the DRE categories.
    const department = (await post('/v1/supply/categories', { name: 'Raiz', slug: `raiz-${tag.toLowerCase()}`, parentId: null, position: 1, isActive: true, description: null })).body;
    const sub = (await post('/v1/supply/categories', { name: 'Sub', slug: 'sub', parentId: department.id, position: 1, isActive: true, description: null })).body;
    const loop = await put(env, admin, `/v1/supply/categories/${department.id}`, { name: 'Raiz', slug: `raiz-${tag.toLowerCase()}`, parentId: sub.id, position: 1, isActive: true, description: null }, 1);
    expect(loop.status).toBe(400);
    const sameSlug = await post('/v1/supply/categories', { name: 'Sub 2', slug: 'sub', parentId: department.id, position: 2, isActive: true, description: null });
    expect(sameSlug.status).toBe(409);
    expect(sameSlug.body.errors).toEqual({ parentId: ['Já existe um departamento com este identificador neste nível.'] });
    const otherLevel = await post('/v1/supply/categories', { name: 'Sub raiz', slug: 'sub', parentId: null, position: 2, isActive: true, description: null });
    expect(otherLevel.status, otherLevel.raw).toBe(201);
  });

  it('keeps the chart of accounts in shape: under a synthetic account of its own nature, and an account with accounts under it stays synthetic (400 naming the field)', async () => {
    const tag = randomUUID().slice(0, 4);
    const account = (code: string, nature: string, acceptsEntries: boolean, parentId: string | null = null) =>
      ({ code, name: `Conta ${code}`, parentId, isActive: true, description: null, nature, acceptsEntries });
    const group = await post(`${FINANCE}/chart-accounts`, account(`9${tag}`, 'asset', false));
    expect(group.status, group.raw).toBe(201);
    const cash = await post(`${FINANCE}/chart-accounts`, account(`9${tag}.01`, 'asset', true, group.body.id));
    expect(cash.status, cash.raw).toBe(201);
    const underAnalytic = await post(`${FINANCE}/chart-accounts`, account(`9${tag}.01.99`, 'asset', true, cash.body.id));
    expect(underAnalytic.status).toBe(400);
    expect(underAnalytic.body.errors).toEqual({ parentId: ['Uma conta analítica não tem contas abaixo dela: escolha uma conta sintética.'] });
    const otherNature = await post(`${FINANCE}/chart-accounts`, account(`9${tag}.02`, 'revenue', true, group.body.id));
    expect(otherNature.status).toBe(400);
    expect(otherNature.body.errors).toEqual({ nature: ['A natureza deve ser a da conta acima dela (Ativo).'] });
    const analyticGroup = await put(env, admin, `${FINANCE}/chart-accounts/${group.body.id}`, { ...account(`9${tag}`, 'asset', true) }, group.body.version);
    expect(analyticGroup.status).toBe(400);
    expect(analyticGroup.body.errors).toEqual({ acceptsEntries: ['Esta conta tem contas abaixo dela: é sintética e não recebe lançamentos.'] });
    expect((await get(`${FINANCE}/chart-accounts?q=9${tag}`)).body).toHaveLength(2);
  });

  function billBody(overrides: Record<string, unknown> = {}) {
    return { description: 'Telefonia — julho', supplierId: '', number: null, referenceMonth: '2025-07', closingDate: '2025-07-25', dueDate: '2025-08-10', amount: 98765, bankAccountId: null, notes: null, ...overrides };
  }

  it('company bills: open on create, close and cancel as workflow transitions offered only where they apply, no edit once cancelled, never deleted', async () => {
    const techSul = (await get(`${COMPANIES}/suppliers?q=TechSul`)).body[0];
    const created = await post(`${FINANCE}/company-bills`, { ...billBody({ supplierId: techSul.id }), status: 'paid' });
    expect(created.status).toBe(400); // status is not writable
    const bill = await post(`${FINANCE}/company-bills`, billBody({ supplierId: techSul.id }));
    expect(bill.status, bill.raw).toBe(201);
    expect(bill.body.status).toBe('open');
    const dates = await post(`${FINANCE}/company-bills`, billBody({ supplierId: techSul.id, dueDate: '2025-07-01' }));
    expect(dates.status).toBe(400);
    expect(dates.body.errors).toEqual({ dueDate: [RULE_MESSAGES.dueBeforeClosing] });
    const url = `${FINANCE}/company-bills/${bill.body.id}`;
    expect(bill.body._actions).toEqual(['close', 'cancel']);
    const transition = (name: string, version: number) => call(env, 'POST', `${url}/actions/${name}`, { session: admin, body: {}, headers: { 'if-match': ifMatch(version) } });
    expect((await call(env, 'POST', `${url}/actions/close`, { session: admin, body: {} })).status).toBe(428);
    const closed = await transition('close', 1);
    expect(closed.status, closed.raw).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', version: 2, _actions: ['cancel'] });
    const again = await transition('close', 2);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Não é possível fechar uma fatura fechada.');
    const cancelled = await transition('cancel', 2);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', version: 3, _actions: [] });
    expect((await transition('cancel', 3)).body.message).toBe('Não é possível cancelar uma fatura cancelada.');
    const edit = await put(env, admin, url, billBody({ supplierId: techSul.id, amount: 1 }), 3);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Fatura cancelada: não é possível alterar Valor total.');
    const history = (await call(env, 'GET', `${url}/history`, { session: admin })).body;
    expect(history.map((entry: { action: string; to: string }) => [entry.action, entry.to])).toEqual([['create', 'open'], ['close', 'closed'], ['cancel', 'cancelled']]);
    const removed = await call(env, 'DELETE', url, { session: admin, headers: { 'if-match': ifMatch(3) } });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('Fatura cancelada não pode ser excluída.');
    const open = await post(`${FINANCE}/company-bills`, billBody({ supplierId: techSul.id }));
    const openRemoved = await call(env, 'DELETE', `${FINANCE}/company-bills/${open.body.id}`, { session: admin, headers: { 'if-match': ifMatch(1) } });
    expect(openRemoved.status).toBe(409);
    expect(openRemoved.body.message).toBe(BILL_MESSAGES.noDelete);
    expect((await get(url)).body.status).toBe('cancelled');
    const audit = await env.db.selectFrom('audit_log').select('action').where('entity_id', '=', bill.body.id).orderBy('seq').execute();
    expect(audit.map((a) => a.action)).toEqual(['companyBills.create', 'companyBills.close', 'companyBills.cancel']);
    // A bill keeps its supplier: the supplier cannot be deleted while it has bills.
    expect((await call(env, 'DELETE', `${COMPANIES}/suppliers/${techSul.id}`, { session: admin })).status).toBe(409);
  });

  it('serves the postal-code lookup from our own server, ViaCEP-shaped, with the offline fallback', async () => {
    const found = await call(env, 'GET', '/v1/commons/addresses/postal-codes/01310100/json');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ cep: '01310-100', logradouro: '', complemento: '', bairro: '', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', offline: true });
    const masked = await call(env, 'GET', '/v1/commons/addresses/postal-codes/90010-000');
    expect(masked.body).toMatchObject({ uf: 'RS', ibge: '4314902' });
    const invalid = await call(env, 'GET', '/v1/commons/addresses/postal-codes/00000000');
    expect(invalid.status).toBe(400);
    expect(invalid.body.erro).toBe(true);
    expect((await call(env, 'GET', '/v1/commons/addresses/postal-codes/abc')).status).toBe(400);
  });
});

function address(overrides: Record<string, unknown> = {}) {
  return { type: 'main', cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', state: 'SP', city: '3550308', ...overrides };
}

describe('postal-code lookup with an upstream', () => {
  const seen: string[] = [];
  const upstream = async (input: string) => {
    seen.push(input);
    if (input.includes('/01001000/')) return new Response(JSON.stringify({ cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', extra: '<script>' }), { status: 200 });
    if (input.includes('/01001999/')) return new Response(JSON.stringify({ erro: 'true' }), { status: 200 });
    return new Response('falhou', { status: 502 });
  };
  const env = useTestEnv('pglite', { postalCodes: { upstream: 'https://cep.example.test/ws/', fetch: upstream as typeof fetch } });

  it('answers from the upstream (only the ViaCEP fields), caches it, says erro for an unknown CEP, and falls back offline when it fails', async () => {
    const first = await call(env, 'GET', '/v1/commons/addresses/postal-codes/01001000/json');
    expect(first.body).toEqual({ cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' });
    expect(seen).toEqual(['https://cep.example.test/ws/01001000/json/']);
    await call(env, 'GET', '/v1/commons/addresses/postal-codes/01001-000');
    expect(seen).toHaveLength(1); // cached
    const unknown = await call(env, 'GET', '/v1/commons/addresses/postal-codes/01001999');
    expect(unknown.body).toEqual({ erro: true });
    const down = await call(env, 'GET', '/v1/commons/addresses/postal-codes/20040020');
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ uf: 'RJ', ibge: '3304557', offline: true });
    // No token needed, and an answer never carries the caller's session.
    expect(down.headers['set-cookie']).toBeUndefined();
  });
});

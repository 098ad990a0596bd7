/**
 * "Ir para…" finds records (issue 27 §3) on the real server and database: a supplier by its name
 * or CNPJ, a pedido by its number; only the kinds the caller may read, a requester only their own
 * pedidos, never another organisation's; an empty text is a 400.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../src/contracts/brazil/documents.js';
import type { SearchHit } from '../../src/contracts/search.js';
import { OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';

const SEARCH = '/v1/commons/search';

describe.each(databaseKinds())('record search [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let requester: Session;
  let otherRequester: Session;
  let outsider: Session;
  const word = `Zeta${randomUUID().slice(0, 6)}`;
  const base = `${String(Date.now() % 1e8).padStart(8, '0')}0001`;
  const cnpj = base + cnpjCheckDigits(base);
  let orderNumber: number;
  let orderId: string;

  const search = async (who: Session, q: string) => {
    const answer = await call(env, 'GET', `${SEARCH}?q=${encodeURIComponent(q)}`, { session: who });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body as SearchHit[];
  };
  const order = async (who: Session, title: string) => {
    const centre = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body[0].id;
    const created = await call(env, 'POST', '/v1/supply/orders', {
      session: who,
      body: { title, costCenterId: centre, departmentId: null, neededBy: null, justification: null, lines: [{ productId: null, description: 'Papel A4', quantity: 1, unit: 'UN', unitPrice: 100, neededBy: null }] },
    });
    expect(created.status, created.raw).toBe(201);
    return created.body as { id: string; number: number };
  };

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    requester = (await userInGroups(env, ['Solicitante'])).session;
    otherRequester = (await userInGroups(env, ['Solicitante'])).session;
    outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    const supplier = await call(env, 'POST', '/v1/companies/suppliers', { session: admin, body: { document: cnpj, name: `${word} Distribuidora Ltda`, isActive: true, isCustomer: false, contacts: [], addresses: [], bankAccounts: [], pixKeys: [] } });
    expect(supplier.status, supplier.raw).toBe(201);
    const mine = await order(requester, `Pedido ${word} meu`);
    orderNumber = mine.number;
    orderId = mine.id;
    await order(otherRequester, `Pedido ${word} de outro`);
  });

  it('finds a supplier by name and by CNPJ, with its kind and page', async () => {
    const byName = (await search(admin, word.toLowerCase())).filter((hit) => hit.resource === 'suppliers');
    expect(byName).toEqual([expect.objectContaining({ title: `${word} Distribuidora Ltda`, kind: 'Fornecedor', path: expect.stringMatching(/^\/fornecedores\/[0-9a-f-]{36}$/) })]);
    const byDocument = await search(admin, cnpj);
    expect(byDocument.map((hit) => hit.title)).toContain(`${word} Distribuidora Ltda`);
  });

  it('lists a company once, under every kind it has, not once per registry that shows it', async () => {
    const both = `${String((Date.now() + 7) % 1e8).padStart(8, '0')}0001`;
    const created = await call(env, 'POST', '/v1/companies/suppliers', { session: admin, body: { document: both + cnpjCheckDigits(both), name: `${word} Atacado e Varejo Ltda`, isActive: true, isCustomer: true, contacts: [], addresses: [], bankAccounts: [], pixKeys: [] } });
    expect(created.status, created.raw).toBe(201);
    const hits = (await search(admin, `${word} Atacado`)).filter((hit) => hit.id === created.body.id);
    expect(hits).toHaveLength(1);
    expect(hits[0].kind.split(' · ').sort()).toEqual(['Cliente', 'Fornecedor']);
    const supplierOnly = (await search(admin, `${word} Distribuidora`)).filter((hit) => hit.title === `${word} Distribuidora Ltda`);
    expect(supplierOnly.map((hit) => hit.kind)).toEqual(['Fornecedor']);
  });

  it('finds a pedido by its number; a requester finds only their own pedidos and no suppliers', async () => {
    const byNumber = (await search(admin, String(orderNumber))).filter((hit) => hit.resource === 'orders');
    expect(byNumber).toContainEqual(expect.objectContaining({ id: orderId, kind: 'Pedido', title: `Pedido ${word} meu`, path: `/pedidos/${orderId}` }));
    const mine = await search(requester, word);
    expect(mine.map((hit) => hit.title)).toEqual([`Pedido ${word} meu`]);
    expect(mine.every((hit) => hit.resource === 'orders')).toBe(true);
    expect((await search(admin, word)).filter((hit) => hit.resource === 'orders')).toHaveLength(2);
  });

  it('never shows another organisation’s records; one letter finds nothing, an empty text is refused', async () => {
    expect(await search(outsider, word)).toEqual([]);
    expect(await search(admin, 'a')).toEqual([]);
    const empty = await call(env, 'GET', `${SEARCH}?q=%20`, { session: admin });
    expect([empty.status, empty.body.errors?.q]).toEqual([400, ['Digite o que procurar.']]);
    expect((await call(env, 'GET', `${SEARCH}?q=${word}`, {})).status).toBe(401);
  });
});

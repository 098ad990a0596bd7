/**
 * For the registry's generic tests, records made against another record's lines and state: an
 * entrega or a faturamento against an ordem de compra sent to its supplier (made here through the
 * API: typed in, sent for approval — no queue takes ordens in the demo — then to the supplier), and
 * a solicitação without prices yet (its prices name its cotação's lines).
 */
import { ifMatch } from '../../src/contracts/resource.js';
import { expect } from 'vitest';
import { call, loginSession, userInGroups, type Answer, type Session, type TestEnv } from './fixture.js';

const ORDERS = '/v1/pricing/purchase-orders';

export async function againstAnotherRecord(env: TestEnv, session: Session, name: string, url: string, values: Record<string, unknown>): Promise<Answer> {
  if (name === 'quoteRequests') return call(env, 'POST', url, { session, body: { ...values, answers: [] } });
  const supplierId = (await call(env, 'GET', '/v1/companies/suppliers?perPage=1', { session })).body[0].id as string;
  const created = await call(env, 'POST', ORDERS, {
    session,
    body: { supplierId, costCenterId: null, departmentId: null, expectedOn: null, paymentTerms: null, freight: null, notes: null, lines: [{ productId: null, description: 'Item de amostra', quantity: 1_000, unit: 'UN', unitPrice: 100 }] },
  });
  if (created.status !== 201) return created;
  const submitted = await call(env, 'POST', `${ORDERS}/${created.body.id}/actions/submit`, { session, body: {}, headers: { 'if-match': ifMatch(created.body.version) } });
  const sent = await call(env, 'POST', `${ORDERS}/${created.body.id}/actions/send`, { session, body: {}, headers: { 'if-match': ifMatch(submitted.body.version) } });
  if (sent.status !== 200) return sent;
  const purchaseOrderLineId = sent.body.lines[0].id as string;
  const [line] = (values.lines as Record<string, unknown>[] | undefined) ?? [{}];
  const item = name === 'receipts' ? { ...line, purchaseOrderLineId, received: 1, rejected: 0, rejectionReason: null } : { ...line, purchaseOrderLineId, quantity: 1 };
  return call(env, 'POST', url, { session, body: { ...values, purchaseOrderId: sent.body.id, lines: [item] } });
}

/** The calls the buying-cycle suites make: a record's action (with its version) and a GET expected to answer 200. */
export function buyingCalls(env: TestEnv) {
  const act = (who: Session, path: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${path}/${record.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(record.version) } });
  const get = async (who: Session, path: string) => {
    const answer = await call(env, 'GET', path, { session: who });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body;
  };
  return { act, get };
}

/**
 * Who and what the buying-cycle suites work with: the admin, a requester, a buyer, the first
 * suppliers, products and cost centre, with the seeded queue of pedidos switched off (so a pedido
 * is approved on submission).
 */
export async function buyingCast(env: TestEnv) {
  const admin = await loginSession(env, 'admin@demo.com.br');
  const { user: requesterUser, session: requester } = await userInGroups(env, ['Solicitante']);
  const buyer = (await userInGroups(env, ['Comprador'])).session;
  const suppliers = (await call(env, 'GET', '/v1/companies/suppliers?perPage=3', { session: admin })).body.map((s: { id: string }) => s.id) as string[];
  const products = (await call(env, 'GET', '/v1/cart/products?perPage=3&sort=name', { session: admin })).body as { id: string; name: string }[];
  const centre = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body[0].id as string;
  const seeded = (await call(env, 'GET', `/v1/approvals/queues?q=${encodeURIComponent('Aprovação de pedidos')}`, { session: admin })).body[0];
  const { id: _i, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, ...values } = seeded;
  expect((await call(env, 'PUT', `/v1/approvals/queues/${seeded.id}`, { session: admin, body: { ...values, isActive: false }, headers: { 'if-match': ifMatch(version) } })).status).toBe(200);
  return { admin, requester, requesterId: requesterUser.id, buyer, suppliers, products, centre };
}

/**
 * A pedido of `requester` with these lines (approved on submission: buyingCast switched the queue
 * off), taken through a cotação answered by one supplier, awarded whole, to an ordem de compra
 * sent to that supplier. The answer has the pedido and the ordem as the API shows them.
 */
export async function sentOrderOfPedido(env: TestEnv, who: { requester: Session; buyer: Session; centre: string; supplierId: string },
  lines: { productId: string; description: string; quantity: number }[]) {
  const { act, get } = buyingCalls(env);
  const { requester, buyer } = who;
  const created = await call(env, 'POST', '/v1/supply/orders', {
    session: requester,
    body: { title: 'Serviços', costCenterId: who.centre, departmentId: null, neededBy: null, justification: null, lines: lines.map((l) => ({ ...l, unit: 'UN', unitPrice: 1000, neededBy: null })) },
  });
  expect(created.status, created.raw).toBe(201);
  const order = (await act(requester, '/v1/supply/orders', created.body, 'submit')).body;
  expect(order.status).toBe('approved');
  const opened = await call(env, 'POST', '/v1/pricing/quotes/from-orders', { session: buyer, body: { orderIds: [order.id], deadline: '2026-12-15' } });
  expect(opened.status, opened.raw).toBe(201);
  const quotes = '/v1/pricing/quotes';
  const quote = await get(buyer, `${quotes}/${opened.body.id}`);
  const made = await call(env, 'POST', `${quotes}/${quote.id}/requests`, {
    session: buyer,
    body: { supplierId: who.supplierId, contactEmail: null, answers: quote.lines.map((l: { id: string; quantity: number }) => ({ lineId: l.id, unitPrice: 1000, quantity: l.quantity, leadTimeDays: 5 })), freight: null, paymentTerms: null, validUntil: null, notes: null, proposalFileId: null },
  });
  expect(made.status, made.raw).toBe(201);
  expect((await act(buyer, quotes, quote, 'send')).status).toBe(200);
  expect((await act(buyer, `${quotes}/${quote.id}/requests`, made.body, 'answer')).status).toBe(200);
  const analysing = (await act(buyer, quotes, await get(buyer, `${quotes}/${quote.id}`), 'analyse')).body;
  const concluded = await act(buyer, quotes, analysing, 'conclude', { awards: quote.lines.map((l: { id: string }) => ({ lineId: l.id, requestId: made.body.id })) });
  expect(concluded.status, concluded.raw).toBe(200);
  const purchaseOrders = '/v1/pricing/purchase-orders';
  const po = await get(buyer, `${purchaseOrders}/${concluded.body.awards[0].purchaseOrderId}`);
  const approved = (await act(buyer, purchaseOrders, po, 'submit')).body;
  const sent = (await act(buyer, purchaseOrders, approved, 'send')).body;
  expect(sent.status).toBe('sent');
  return { order: order as { id: string; number: number }, po: sent as { id: string; number: number; lines: { id: string; productId: string | null; description: string; quantity: number }[] } };
}

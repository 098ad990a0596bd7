/**
 * The buying cycle on the real server and database (issue 24): pedidos → cotação (the same product
 * merged, every pedido line traceable) → solicitações to several suppliers → split award → one
 * ordem de compra per awarded supplier → pedidos atendidos → partial entregas with the tolerance;
 * every bad input (an award on a line nobody quoted, a dearer award without justification, more
 * received than ordered), and the races: a cotação concluded twice at once, two entregas of the
 * last units at once (PostgreSQL, parallel requests).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';

const PRICING = '/v1/pricing';
const ORDERS = '/v1/supply/orders';
const APPROVALS = '/v1/approvals';

describe.each(databaseKinds())('buying cycle [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let requester: Session;
  let buyer: Session;
  let suppliers: string[];
  let products: { id: string; name: string }[];
  let centre: string;

  const act = (who: Session, path: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${path}/${record.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(record.version) } });
  const get = async (who: Session, path: string) => {
    const answer = await call(env, 'GET', path, { session: who });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body;
  };
  /** An approved pedido of these lines (no queue takes pedidos in this suite). */
  const approvedOrder = async (lines: { product: number; quantity: number; description?: string }[]) => {
    const created = await call(env, 'POST', ORDERS, {
      session: requester,
      body: {
        title: 'Reposição', costCenterId: centre, departmentId: null, neededBy: null, justification: null,
        lines: lines.map((l) => ({ productId: products[l.product].id, description: l.description ?? products[l.product].name, quantity: l.quantity, unit: 'UN', unitPrice: 1000, neededBy: null })),
      },
    });
    expect(created.status, created.raw).toBe(201);
    const submitted = await act(requester, ORDERS, created.body, 'submit');
    expect(submitted.body.status, submitted.raw).toBe('approved');
    return submitted.body as { id: string; number: number; version: number; lines: { id: string }[] };
  };
  const quoteOf = async (orderIds: string[]) => {
    const opened = await call(env, 'POST', `${PRICING}/quotes/from-orders`, { session: buyer, body: { orderIds, deadline: '2026-12-15' } });
    expect(opened.status, opened.raw).toBe(201);
    return get(buyer, `${PRICING}/quotes/${opened.body.id}`);
  };
  const request = async (quoteId: string, supplierId: string, answers: { lineId: string; unitPrice: number | null; quantity: number }[], extra: Record<string, unknown> = {}) => {
    const created = await call(env, 'POST', `${PRICING}/quotes/${quoteId}/requests`, {
      session: buyer,
      body: { supplierId, contactEmail: null, answers: answers.map((a) => ({ leadTimeDays: 10, ...a })), freight: null, paymentTerms: null, validUntil: null, notes: null, proposalFileId: null, ...extra },
    });
    expect(created.status, created.raw).toBe(201);
    return created.body;
  };
  const answer = async (quoteId: string, req: { id: string; version: number }) => {
    const answered = await act(buyer, `${PRICING}/quotes/${quoteId}/requests`, req, 'answer');
    expect(answered.status, answered.raw).toBe(200);
    return answered.body;
  };
  /** A cotação of one pedido line answered by two suppliers, in analysis. */
  const analysedQuote = async (prices: [number, number], quantity = 5) => {
    const order = await approvedOrder([{ product: 0, quantity }]);
    const quote = await quoteOf([order.id]);
    const lineId = quote.lines[0].id;
    const r1 = await request(quote.id, suppliers[0], [{ lineId, unitPrice: prices[0], quantity }]);
    const r2 = await request(quote.id, suppliers[1], [{ lineId, unitPrice: prices[1], quantity }]);
    const sent = await act(buyer, `${PRICING}/quotes`, quote, 'send');
    expect(sent.status, sent.raw).toBe(200);
    await answer(quote.id, r1);
    await answer(quote.id, r2);
    const received = await get(buyer, `${PRICING}/quotes/${quote.id}`);
    const analysing = await act(buyer, `${PRICING}/quotes`, received, 'analyse');
    expect(analysing.status, analysing.raw).toBe(200);
    return { order, quote: analysing.body, lineId, requests: [r1, r2] };
  };
  /** An ordem de compra sent to its supplier (no queue takes ordens in this suite). */
  const sentOrder = async (quantity: number) => {
    const { quote, lineId, requests } = await analysedQuote([1000, 1200], quantity);
    const concluded = await act(buyer, `${PRICING}/quotes`, quote, 'conclude', { awards: [{ lineId, requestId: requests[0].id }] });
    expect(concluded.status, concluded.raw).toBe(200);
    const po = await get(buyer, `${PRICING}/purchase-orders/${concluded.body.awards[0].purchaseOrderId}`);
    const approved = await act(buyer, `${PRICING}/purchase-orders`, po, 'submit');
    expect(approved.body.status, approved.raw).toBe('approved');
    const sent = await act(buyer, `${PRICING}/purchase-orders`, approved.body, 'send');
    expect(sent.body.status, sent.raw).toBe('sent');
    return sent.body;
  };
  const receive = (po: { id: string; lines: { id: string }[] }, received: number, rejected = 0, reason: string | null = null) =>
    call(env, 'POST', `${PRICING}/receipts`, {
      session: buyer,
      body: { purchaseOrderId: po.id, receivedOn: '2026-12-20', document: null, notes: null, lines: [{ purchaseOrderLineId: po.lines[0].id, received, rejected, rejectionReason: reason }] },
    });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    requester = (await userInGroups(env, ['Solicitante'])).session;
    buyer = (await userInGroups(env, ['Comprador'])).session;
    suppliers = (await call(env, 'GET', '/v1/companies/suppliers?perPage=3', { session: admin })).body.map((s: { id: string }) => s.id);
    expect(suppliers.length).toBeGreaterThanOrEqual(2);
    products = (await call(env, 'GET', '/v1/cart/products?perPage=3&sort=name', { session: admin })).body;
    centre = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body[0].id;
    // The seeded queue takes every pedido: switch it off, so pedidos are approved on submission.
    const seeded = (await call(env, 'GET', `${APPROVALS}/queues?q=${encodeURIComponent('Aprovação de pedidos')}`, { session: admin })).body[0];
    const { id: _i, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, ...values } = seeded;
    expect((await call(env, 'PUT', `${APPROVALS}/queues/${seeded.id}`, { session: admin, body: { ...values, isActive: false }, headers: { 'if-match': ifMatch(version) } })).status).toBe(200);
  });

  it('pedidos → one cotação with merged lines → two suppliers → split award → one ordem per supplier → pedidos atendidos', async () => {
    const a = await approvedOrder([{ product: 0, quantity: 2 }, { product: 1, quantity: 1 }]);
    const b = await approvedOrder([{ product: 0, quantity: 3 }]);
    const quote = await quoteOf([a.id, b.id]);
    expect(quote.status).toBe('open');
    // The same product from two pedidos is one line with the sum; each pedido line stays linked.
    const [p, q] = quote.lines as { id: string; productId: string; quantity: number }[];
    expect([p.productId, p.quantity, q.productId, q.quantity]).toEqual([products[0].id, 5, products[1].id, 1]);
    expect(quote.origins).toEqual(expect.arrayContaining([
      { lineId: p.id, orderId: a.id, orderNumber: a.number, quantity: 2 },
      { lineId: p.id, orderId: b.id, orderNumber: b.number, quantity: 3 },
      { lineId: q.id, orderId: a.id, orderNumber: a.number, quantity: 1 },
    ]));
    for (const id of [a.id, b.id]) expect((await get(requester, `${ORDERS}/${id}`)).status).toBe('quoting');

    // Sending needs a supplier first.
    const empty = await act(buyer, `${PRICING}/quotes`, quote, 'send');
    expect([empty.status, empty.body.message]).toEqual([409, 'Inclua ao menos um fornecedor antes de enviar as solicitações.']);
    const r1 = await request(quote.id, suppliers[0], [{ lineId: p.id, unitPrice: 1000, quantity: 5 }, { lineId: q.id, unitPrice: 5000, quantity: 1 }], { freight: 500, paymentTerms: '30/60' });
    expect(r1.total).toBe(5 * 1000 + 5000 + 500);
    const r2 = await request(quote.id, suppliers[1], [{ lineId: p.id, unitPrice: 900, quantity: 5 }, { lineId: q.id, unitPrice: null, quantity: 1 }]);
    // One solicitação per supplier per cotação; prices only for the cotação's own lines.
    const again = await call(env, 'POST', `${PRICING}/quotes/${quote.id}/requests`, { session: buyer, body: { supplierId: suppliers[0], answers: [] } });
    expect(again.status).toBe(409);
    const foreignLine = await call(env, 'POST', `${PRICING}/quotes/${quote.id}/requests`, { session: buyer, body: { supplierId: suppliers[2] ?? suppliers[0], answers: [{ lineId: 'nope', unitPrice: 1, quantity: 1 }] } });
    expect(foreignLine.status).toBe(400);

    const sent = await act(buyer, `${PRICING}/quotes`, (await get(buyer, `${PRICING}/quotes/${quote.id}`)), 'send');
    expect(sent.body.status, sent.raw).toBe('sent');
    await answer(quote.id, r1);
    expect((await get(buyer, `${PRICING}/quotes/${quote.id}`)).status).toBe('sent');
    await answer(quote.id, r2);
    const received = await get(buyer, `${PRICING}/quotes/${quote.id}`);
    expect(received.status).toBe('received');
    const analysing = (await act(buyer, `${PRICING}/quotes`, received, 'analyse')).body;

    // An award on a line its supplier did not quote: 400 naming the award; nothing written.
    const unquoted = await act(buyer, `${PRICING}/quotes`, analysing, 'conclude', { awards: [{ lineId: q.id, requestId: r2.id }] });
    expect(unquoted.status).toBe(400);
    expect(unquoted.body.errors).toEqual({ 'awards.0.requestId': ['Este fornecedor não cotou este item.'] });
    // Not the lowest price: a justification is required.
    const dearer = await act(buyer, `${PRICING}/quotes`, analysing, 'conclude', { awards: [{ lineId: p.id, requestId: r1.id }, { lineId: q.id, requestId: r1.id }] });
    expect(dearer.status).toBe(400);
    expect(dearer.body.errors).toEqual({ 'awards.0.justification': ['Justifique a escolha: há preço menor para este item.'] });
    expect((await get(buyer, `${PRICING}/quotes/${quote.id}`)).awards).toEqual([]);

    // The split award: the product to the cheaper supplier, the other line to the only one that quoted it.
    const concluded = await act(buyer, `${PRICING}/quotes`, analysing, 'conclude', { awards: [{ lineId: p.id, requestId: r2.id }, { lineId: q.id, requestId: r1.id }] });
    expect(concluded.status, concluded.raw).toBe(200);
    expect(concluded.body.status).toBe('concluded');
    const byLine = Object.fromEntries((concluded.body.awards as { lineId: string; supplierId: string; purchaseOrderId: string }[]).map((w) => [w.lineId, w]));
    expect([byLine[p.id].supplierId, byLine[q.id].supplierId]).toEqual([suppliers[1], suppliers[0]]);
    expect(byLine[p.id].purchaseOrderId).not.toBe(byLine[q.id].purchaseOrderId);
    const poP = await get(buyer, `${PRICING}/purchase-orders/${byLine[p.id].purchaseOrderId}`);
    const poQ = await get(buyer, `${PRICING}/purchase-orders/${byLine[q.id].purchaseOrderId}`);
    expect(poP).toMatchObject({ status: 'draft', supplierId: suppliers[1], quoteId: quote.id, costCenterId: centre, total: 4500, freight: null });
    expect(poP.lines).toEqual([expect.objectContaining({ productId: products[0].id, quantity: 5, unitPrice: 900 })]);
    expect(poQ).toMatchObject({ supplierId: suppliers[0], total: 5500, freight: 500, paymentTerms: '30/60' });
    expect(poP.number).not.toBe(poQ.number);
    // Every pedido line reached an ordem de compra: both pedidos are atendidos, through their own transition.
    for (const id of [a.id, b.id]) {
      expect((await get(requester, `${ORDERS}/${id}`)).status).toBe('fulfilled');
      const history = await get(requester, `${ORDERS}/${id}/history`);
      expect(history.map((h: { action: string }) => h.action)).toEqual(['create', 'submit', 'startQuoting', 'fulfil']);
    }
    // Links: pedido line → cotação line → ordem line.
    const chain = await sql<{ n: string }>`SELECT count(*)::text AS n FROM record_links l1 JOIN record_links l2 ON l2.source_line_id = l1.target_line_id
      WHERE l1.source_id IN (${a.id}, ${b.id}) AND l2.target_type = 'purchaseOrders'`.execute(env.db);
    expect(Number(chain.rows[0].n)).toBe(3);
    // A concluded cotação is closed.
    const twice = await act(buyer, `${PRICING}/quotes`, concluded.body, 'conclude', { awards: [{ lineId: p.id, requestId: r2.id }] });
    expect(twice.status).toBe(409);
  });

  it('a pedido\'s own "Iniciar cotação" opens a cotação with its lines; cancelling it sends the pedido back', async () => {
    const order = await approvedOrder([{ product: 2, quantity: 4 }]);
    const started = await act(buyer, ORDERS, order, 'startQuoting');
    expect(started.status, started.raw).toBe(200);
    expect(started.body.status).toBe('quoting');
    const history = await get(requester, `${ORDERS}/${order.id}/history`);
    expect(history.at(-1).input.note).toMatch(/^Cotação nº \d+ aberta\.$/);
    const link = await sql<{ id: string }>`SELECT target_id AS id FROM record_links WHERE source_id = ${order.id} AND target_type = 'quotes'`.execute(env.db);
    const quote = await get(buyer, `${PRICING}/quotes/${link.rows[0].id}`);
    expect(quote.lines).toEqual([expect.objectContaining({ productId: products[2].id, quantity: 4 })]);
    const cancelled = await act(buyer, `${PRICING}/quotes`, quote, 'cancel', { reason: 'Compra suspensa.' });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect((await get(requester, `${ORDERS}/${order.id}`)).status).toBe('approved');
    // A pedido not approved cannot enter a cotação.
    const draft = await call(env, 'POST', ORDERS, { session: requester, body: { title: 'Rascunho', costCenterId: centre, departmentId: null, neededBy: null, justification: null, lines: [{ productId: null, description: 'Item', quantity: 1, unit: 'UN', unitPrice: 1, neededBy: null }] } });
    const refused = await call(env, 'POST', `${PRICING}/quotes/from-orders`, { session: buyer, body: { orderIds: [draft.body.id] } });
    expect([refused.status, refused.body.message]).toEqual([409, `O pedido nº ${draft.body.number} não está aprovado: só pedidos aprovados entram em cotação.`]);
  });

  it('entregas: partial, more than ordered refused, the ordem follows; entregas are never edited; an ordem with an entrega is not cancelled', async () => {
    const po = await sentOrder(5);
    const first = await receive(po, 3);
    expect(first.status, first.raw).toBe(201);
    let now = await get(buyer, `${PRICING}/purchase-orders/${po.id}`);
    expect(now.status).toBe('partiallyReceived');
    expect(now.received).toEqual([{ lineId: po.lines[0].id, received: 3, rejected: 0 }]);
    const tooMuch = await receive(po, 3);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({ 'lines.0.received': ['Quantidade acima do pedido: ainda cabem 2 (com a tolerância).'] });
    const noReason = await receive(po, 0, 1);
    expect(noReason.body.errors).toEqual({ 'lines.0.rejectionReason': ['Informe o motivo da rejeição.'] });
    expect((await receive(po, 2, 1, 'Caixa amassada.')).status).toBe(201);
    now = await get(buyer, `${PRICING}/purchase-orders/${po.id}`);
    expect(now.status).toBe('received');
    expect(now.received).toEqual([{ lineId: po.lines[0].id, received: 5, rejected: 1 }]);
    const after = await receive(po, 1);
    expect([after.status, after.body.message]).toEqual([409, `A ordem de compra nº ${po.number} está entregue: só ordens enviadas recebem entregas.`]);
    const { purchaseOrderId, receivedOn, document, notes, lines } = first.body;
    const edit = await call(env, 'PUT', `${PRICING}/receipts/${first.body.id}`, { session: buyer, body: { purchaseOrderId, receivedOn, document, notes, lines: [{ ...lines[0], received: 1 }] }, headers: { 'if-match': ifMatch(first.body.version) } });
    expect([edit.status, edit.body.message]).toEqual([409, 'Entregas não são alteradas nem excluídas: registre uma nova entrega para corrigir.']);

    const other = await sentOrder(2);
    expect((await receive(other, 1)).status).toBe(201);
    const cancel = await act(buyer, `${PRICING}/purchase-orders`, await get(buyer, `${PRICING}/purchase-orders/${other.id}`), 'cancel', { reason: 'Fornecedor atrasou.' });
    expect(cancel.status).toBe(409);
  });

  it('the organisation\'s tolerance lets a little more in, never more than it allows', async () => {
    await sql`INSERT INTO purchasing_settings (org_id, receipt_tolerance_bp) VALUES ((SELECT org_id FROM users WHERE email = 'admin@demo.com.br'), 1000)
      ON CONFLICT (org_id) DO UPDATE SET receipt_tolerance_bp = 1000`.execute(env.db);
    try {
      const po = await sentOrder(10);
      expect((await receive(po, 12)).body.errors).toEqual({ 'lines.0.received': ['Quantidade acima do pedido: ainda cabem 11 (com a tolerância).'] });
      expect((await receive(po, 11)).status).toBe(201);
      expect((await get(buyer, `${PRICING}/purchase-orders/${po.id}`)).status).toBe('received');
    } finally {
      await sql`UPDATE purchasing_settings SET receipt_tolerance_bp = 0`.execute(env.db);
    }
  });

  it('a cotação concluded twice at once makes one set of ordens; two entregas of the last units never receive more than ordered', async () => {
    const { quote, lineId, requests } = await analysedQuote([700, 800]);
    const body = { awards: [{ lineId, requestId: requests[0].id }] };
    const both = await Promise.all([act(buyer, `${PRICING}/quotes`, quote, 'conclude', body), act(buyer, `${PRICING}/quotes`, quote, 'conclude', body)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(both.filter((a) => a.status === 200)).toHaveLength(1);
    expect(both.find((a) => a.status !== 200)!.status).toBeGreaterThanOrEqual(409);
    const made = await sql<{ n: string }>`SELECT count(*)::text AS n FROM purchase_orders WHERE quote_id = ${quote.id}`.execute(env.db);
    expect(made.rows[0].n).toBe('1');

    const po = await sentOrder(4);
    const receipts = await Promise.all([receive(po, 3), receive(po, 3)]);
    expect(receipts.map((r) => r.status).sort()).toEqual([201, 400]);
    const total = await sql<{ n: string }>`SELECT sum(received)::text AS n FROM receipt_lines WHERE purchase_order_line_id = ${po.lines[0].id}`.execute(env.db);
    expect(total.rows[0].n).toBe('3');
  });

  it('needs the scopes, and keeps tenants apart', async () => {
    const order = await approvedOrder([{ product: 0, quantity: 1 }]);
    expect((await call(env, 'POST', `${PRICING}/quotes/from-orders`, { session: requester, body: { orderIds: [order.id] } })).status).toBe(403);
    const quote = await quoteOf([order.id]);
    const stranger = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    expect((await call(env, 'GET', `${PRICING}/quotes/${quote.id}`, { session: stranger })).status).toBe(404);
    expect((await call(env, 'GET', `${PRICING}/quotes/${quote.id}/requests`, { session: stranger })).status).toBe(404);
    const foreign = await call(env, 'POST', `${PRICING}/quotes/from-orders`, { session: stranger, body: { orderIds: [order.id] } });
    expect(foreign.status).toBe(404);
  });
});

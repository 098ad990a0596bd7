/**
 * A service line is received by the requester's confirmation (issue 24), on the real server and
 * database: the buyer's entrega of a service line is refused naming the line; the requester of the
 * pedido confirms it (an entrega in their name, the ordem entregue, the three-way match sees the
 * quantity) or contests it (the faturamento of that line waits); nobody confirms a service of a
 * pedido that is not theirs; two confirmations at once make exactly one entrega (PostgreSQL,
 * parallel requests).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { buyingCalls, buyingCast, sentOrderOfPedido } from './buying-support.js';
import { call, databaseKinds, userInGroups, useTestEnv, type Session } from './fixture.js';

const PRICING = '/v1/pricing';

describe.each(databaseKinds())('service confirmation [%s]', (kind) => {
  const env = useTestEnv(kind);
  let cast: Awaited<ReturnType<typeof buyingCast>>;
  let services: { id: string; name: string }[];
  let goods: { id: string; name: string };
  let categoryId: string;
  const { act, get } = buyingCalls(env);

  const services$ = (who: Session, orderId: string) => call(env, 'GET', `${PRICING}/orders/${orderId}/services`, { session: who });
  const confirm = (who: Session, orderId: string, lineId: string, body: Record<string, unknown> = { performedOn: '2026-12-18', note: 'Feito no 3º andar.' }) =>
    call(env, 'POST', `${PRICING}/orders/${orderId}/services/${lineId}/confirm`, { session: who, body });
  const contest = (who: Session, orderId: string, lineId: string, reason = 'O técnico não veio.') =>
    call(env, 'POST', `${PRICING}/orders/${orderId}/services/${lineId}/contest`, { session: who, body: { reason } });
  const pedido = (lines: { productId: string; description: string; quantity: number }[]) =>
    sentOrderOfPedido(env, { requester: cast.requester, buyer: cast.buyer, centre: cast.centre, supplierId: cast.suppliers[0] }, lines);

  beforeAll(async () => {
    cast = await buyingCast(env);
    const kinds = await sql<{ id: string; name: string; kind: string }>`SELECT id, name, kind FROM products WHERE org_id = ${DEMO_ORG_ID} ORDER BY name`.execute(env.db);
    services = kinds.rows.filter((p) => p.kind === 'service');
    goods = kinds.rows.find((p) => p.kind === 'product')!;
    expect(services.length).toBeGreaterThanOrEqual(2);
    categoryId = (await call(env, 'GET', '/api/finance/expense-categories?perPage=1', { session: cast.admin })).body[0].id;
  });

  it('the buyer cannot receive a service; its requester confirms it and the ordem is entregue', async () => {
    const { order, po } = await pedido([
      { productId: goods.id, description: goods.name, quantity: 3 },
      { productId: services[0].id, description: services[0].name, quantity: 2 },
    ]);
    const serviceLine = po.lines.find((l) => l.productId === services[0].id)!;
    const goodsLine = po.lines.find((l) => l.productId === goods.id)!;
    const receive = (lineId: string, received: number) => call(env, 'POST', `${PRICING}/receipts`, {
      session: cast.buyer, body: { purchaseOrderId: po.id, receivedOn: '2026-12-18', document: null, notes: null, lines: [{ purchaseOrderLineId: lineId, received, rejected: 0, rejectionReason: null }] },
    });
    // An entrega of the service line by the buyer: 409 naming the line; nothing stored.
    const refused = await receive(serviceLine.id, 2);
    const position = po.lines.indexOf(serviceLine) + 1;
    expect([refused.status, refused.body.message]).toEqual([409, `O item ${position} (${services[0].name}) é um serviço: quem confirma a prestação é o requisitante, no próprio pedido.`]);
    expect((await receive(goodsLine.id, 3)).status).toBe(201);
    expect((await get(cast.buyer, `${PRICING}/purchase-orders/${po.id}`)).status).toBe('partiallyReceived');

    // The requester sees the service of their pedido, waiting.
    const listed = await services$(cast.requester, order.id);
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ purchaseOrderLineId: serviceLine.id, purchaseOrderId: po.id, purchaseOrderNumber: po.number, description: services[0].name, quantity: 2, status: 'pending' })]);

    // A bad date: 400; then the confirmation records the entrega in the requester's name.
    expect((await confirm(cast.requester, order.id, serviceLine.id, { performedOn: '2026-02-30' })).status).toBe(400);
    const confirmed = await confirm(cast.requester, order.id, serviceLine.id);
    expect(confirmed.status, confirmed.raw).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', performedOn: '2026-12-18', note: 'Feito no 3º andar.' });
    const after = await get(cast.buyer, `${PRICING}/purchase-orders/${po.id}`);
    expect(after.status).toBe('received');
    expect(after.received).toEqual(expect.arrayContaining([{ lineId: serviceLine.id, received: 2, rejected: 0 }]));
    const receipt = await sql<{ created_by: string; received_on: string; notes: string }>`SELECT r.created_by, r.received_on::text, r.notes FROM receipts r
      JOIN receipt_lines rl ON rl.receipt_id = r.id WHERE rl.purchase_order_line_id = ${serviceLine.id}`.execute(env.db);
    expect(receipt.rows).toEqual([{ created_by: cast.requesterId, received_on: '2026-12-18', notes: `Prestação confirmada pelo requisitante no pedido nº ${order.number}. Feito no 3º andar.` }]);
    // History and audit name the requester.
    const history = await get(cast.buyer, `${PRICING}/purchase-orders/${po.id}/history`);
    expect(history.at(-1)).toMatchObject({ action: 'receive', to: 'received' });
    const audited = await sql<{ action: string; actor_user_id: string }>`SELECT action, actor_user_id FROM audit_log WHERE action IN ('receipts.create', 'orders.confirmService')
      AND actor_user_id = ${cast.requesterId} ORDER BY action`.execute(env.db);
    expect(audited.rows.map((r) => r.action)).toEqual(['orders.confirmService', 'receipts.create']);
    // Confirmed once: again is 409, and so is contesting it now.
    expect((await confirm(cast.requester, order.id, serviceLine.id)).status).toBe(409);
    expect((await contest(cast.requester, order.id, serviceLine.id)).status).toBe(409);

    // The three-way match sees the confirmed quantity: a faturamento of the 2 services conforms.
    const invoice = await call(env, 'POST', `${PRICING}/invoices`, {
      session: cast.buyer,
      body: { purchaseOrderId: po.id, kind: 'nfse', number: '77', series: null, accessKey: null, issuedOn: '2026-12-19', categoryId, costCenterId: null,
        lines: [{ purchaseOrderLineId: serviceLine.id, description: services[0].name, quantity: 2, unitPrice: 1000 }], total: 2000, duplicates: [], notes: null },
    });
    expect(invoice.status, invoice.raw).toBe(201);
    expect(invoice.body.matchStatus).toBe('conforming');
  });

  it('a contested service holds its faturamento until the requester confirms it', async () => {
    const { order, po } = await pedido([{ productId: services[1].id, description: services[1].name, quantity: 1 }]);
    const line = po.lines[0];
    expect((await contest(cast.requester, order.id, line.id, '  ')).status).toBe(400);
    const contested = await contest(cast.requester, order.id, line.id);
    expect(contested.status, contested.raw).toBe(200);
    expect(contested.body).toMatchObject({ status: 'contested', reason: 'O técnico não veio.' });
    const created = await call(env, 'POST', `${PRICING}/invoices`, {
      session: cast.buyer,
      body: { purchaseOrderId: po.id, kind: 'nfse', number: '78', series: null, accessKey: null, issuedOn: '2026-12-19', categoryId, costCenterId: null,
        lines: [{ purchaseOrderLineId: line.id, description: services[1].name, quantity: 1, unitPrice: 1000 }], total: 1000, duplicates: [], notes: null },
    });
    expect(created.status, created.raw).toBe(201);
    const held = await act(cast.buyer, `${PRICING}/invoices`, created.body, 'accept');
    expect([held.status, held.body.message]).toEqual([409, `O item 1 (${services[1].name}) está contestado pelo requisitante: aguarde a confirmação da prestação antes de aceitar o faturamento.`]);
    expect((await get(cast.buyer, `${PRICING}/invoices/${created.body.id}`)).status).toBe('registered');
    // The requester confirms after all: the faturamento goes on.
    expect((await confirm(cast.requester, order.id, line.id)).body.status).toBe('confirmed');
    const accepted = await act(cast.buyer, `${PRICING}/invoices`, await get(cast.buyer, `${PRICING}/invoices/${created.body.id}`), 'accept');
    expect(accepted.status, accepted.raw).toBe(200);
    expect(accepted.body.status).not.toBe('registered');
  });

  it('nobody confirms a service of a pedido that is not theirs; a goods line is not a service', async () => {
    const { order, po } = await pedido([
      { productId: services[0].id, description: services[0].name, quantity: 1 },
      { productId: goods.id, description: goods.name, quantity: 1 },
    ]);
    const serviceLine = po.lines.find((l) => l.productId === services[0].id)!;
    const goodsLine = po.lines.find((l) => l.productId === goods.id)!;
    const other = (await userInGroups(env, ['Solicitante'])).session;
    // Another requester (no read of pedidos): 404, nothing seen.
    expect((await services$(other, order.id)).status).toBe(404);
    expect((await confirm(other, order.id, serviceLine.id)).status).toBe(404);
    expect((await contest(other, order.id, serviceLine.id)).status).toBe(404);
    // The buyer reads pedidos but is not the requester: sees the list, may not confirm (403).
    expect((await services$(cast.buyer, order.id)).status).toBe(200);
    const buyer = await confirm(cast.buyer, order.id, serviceLine.id);
    expect([buyer.status, buyer.body.message]).toEqual([403, 'Só o requisitante deste pedido confirma os serviços dele.']);
    // A user without pedidos at all: 403.
    const approver = (await userInGroups(env, ['Aprovador'])).session;
    expect((await confirm(approver, order.id, serviceLine.id)).status).toBe(403);
    // Another organisation's administrator: 404.
    const foreign = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    expect((await confirm(foreign, order.id, serviceLine.id)).status).toBe(404);
    // The goods line is not a service of this pedido.
    expect((await confirm(cast.requester, order.id, goodsLine.id)).status).toBe(404);
    const none = await sql<{ n: string }>`SELECT count(*)::text AS n FROM receipt_lines WHERE purchase_order_line_id IN (${serviceLine.id}, ${goodsLine.id})`.execute(env.db);
    expect(none.rows[0].n).toBe('0');
  });

  it('two confirmations at once make exactly one entrega', async () => {
    const { order, po } = await pedido([{ productId: services[0].id, description: services[0].name, quantity: 4 }]);
    const line = po.lines[0];
    const answers = await Promise.all([confirm(cast.requester, order.id, line.id), confirm(cast.requester, order.id, line.id), contest(cast.requester, order.id, line.id)]);
    expect(answers.filter((a) => a.status === 200 && a.body.status === 'confirmed').length, answers.map((a) => a.raw).join('\n')).toBe(1);
    const receipts = await sql<{ n: string; q: string }>`SELECT count(*)::text AS n, sum(received)::text AS q FROM receipt_lines WHERE purchase_order_line_id = ${line.id}`.execute(env.db);
    expect(receipts.rows[0]).toEqual({ n: '1', q: '4' });
    expect((await get(cast.buyer, `${PRICING}/purchase-orders/${po.id}`)).status).toBe('received');
  });
});

/**
 * The buying cycle on the real server and database (issue 24): pedidos → cotação (the same product
 * merged, every pedido line traceable) → solicitações to several suppliers → split award → one
 * ordem de compra per awarded supplier → pedidos atendidos → partial entregas with the tolerance;
 * every bad input (an award on a line nobody quoted, a dearer award without justification, more
 * received than ordered), and the races: a cotação concluded twice at once, two entregas of the
 * last units at once (PostgreSQL, parallel requests). Then the faturamento: an NF-e XML imported
 * against the ordem (every refusal with its message, nothing stored), the three-way match, a
 * divergence that needs its approval queue (never approved automatically), and the lançamento a
 * pagar made from it with its parcelas from the duplicatas, linked both ways.
 */
import { sql } from 'kysely';
import { inactiveReferenceMessage } from '../../server/registry/records.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contracts/money.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { OTHER_ORG_ID } from '../../server/db/seed.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { buildNfeXml, COMPANIES, nfeFixture } from '../fixtures/nfe/build.js';
import { buildNfseXml, nfseFixture } from '../fixtures/nfe/nfse.js';
import { buyingCalls, buyingCast } from './buying-support.js';
import { call, databaseKinds, userInGroups, useTestEnv, type Session } from './fixture.js';

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

  const { act, get } = buyingCalls(env);
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
    // The award's ordem is part of the conclusion's own audit entry (the cotação's transition wrote it, before → after).
    const [conclusion] = await get(buyer, `${PRICING}/quotes/${quote.id}/audit`);
    expect(conclusion.action).toBe('conclude');
    expect(conclusion.changes.find((c: { field: string }) => c.field === 'awards')?.after).toEqual([expect.objectContaining({ lineId, purchaseOrderId: concluded.body.awards[0].purchaseOrderId })]);
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
    ({ admin, requester, buyer, suppliers, products, centre } = await buyingCast(env));
    expect(suppliers.length).toBeGreaterThanOrEqual(2);
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

  it('"Enviar ao fornecedor" e-mails the ordem to the supplier with the document attached; without an e-mail, the history says so', async () => {
    const email = `vendas+${suppliers[0].slice(0, 8)}@fornecedor.example.test`;
    await sql`UPDATE persons SET email = ${email} WHERE id = ${suppliers[0]}`.execute(env.db);
    const since = env.smtp.messages.length;
    const po = await sentOrder(3);
    const mail = await env.smtp.next(email, since);
    expect(mail.subject).toMatch(new RegExp(`^Ordem de compra nº ${po.number} — `));
    expect(mail.text).toContain('xPed');
    expect(mail.raw).toContain(`filename=ordem-de-compra-${po.number}.html`);
    expect((await get(buyer, `${PRICING}/purchase-orders/${po.id}/history`)).at(-1).input.note).toBe(`Enviada por e-mail a ${email}.`);
    await sql`UPDATE persons SET email = NULL WHERE id = ${suppliers[0]}`.execute(env.db);
    const silent = await sentOrder(1);
    expect((await get(buyer, `${PRICING}/purchase-orders/${silent.id}/history`)).at(-1).input.note).toBe('O fornecedor não tem e-mail cadastrado: envie a ordem impressa (Solicitação).');
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
    // The list's "Criado por" names who registered it, not their id.
    const listed = (await call(env, 'GET', `${PRICING}/receipts?perPage=100`, { session: buyer })).body.find((row: { id: string }) => row.id === first.body.id);
    const creator = (await sql<{ name: string }>`SELECT u.name FROM users u JOIN receipts r ON r.created_by = u.id WHERE r.id = ${first.body.id}`.execute(env.db)).rows[0].name;
    expect(listed._refs.createdBy).toEqual([{ id: first.body.createdBy, label: creator }]);

    const other = await sentOrder(2);
    expect((await receive(other, 1)).status).toBe(201);
    const cancel = await act(buyer, `${PRICING}/purchase-orders`, await get(buyer, `${PRICING}/purchase-orders/${other.id}`), 'cancel', { reason: 'Fornecedor atrasou.' });
    expect(cancel.status).toBe(409);
  });

  it('the organisation\'s tolerance lets a little more in, never more than it allows', async () => {
    const settings = await get(admin, `${PRICING}/settings`);
    expect(settings).toMatchObject({ receiptTolerance: 0, priceTolerance: 0, priceToleranceAmount: 0, quantityTolerance: 0 });
    const { receiptTolerance: _r, ...rest } = Object.fromEntries(Object.entries(settings).filter(([k]) => ['priceTolerance', 'priceToleranceAmount', 'quantityTolerance', 'receiptTolerance'].includes(k)));
    const saved = await call(env, 'PUT', `${PRICING}/settings`, { session: admin, body: { ...rest, receiptTolerance: 1000 }, headers: { 'if-match': ifMatch(settings.version) } });
    expect(saved.status, saved.raw).toBe(200);
    expect((await call(env, 'PUT', `${PRICING}/settings`, { session: buyer, body: { ...rest, receiptTolerance: 5000 }, headers: { 'if-match': ifMatch(saved.body.version) } })).status).toBe(403);
    try {
      const po = await sentOrder(10);
      expect((await receive(po, 12)).body.errors).toEqual({ 'lines.0.received': ['Quantidade acima do pedido: ainda cabem 11 (com a tolerância).'] });
      expect((await receive(po, 11)).status).toBe(201);
      expect((await get(buyer, `${PRICING}/purchase-orders/${po.id}`)).status).toBe('received');
    } finally {
      await sql`UPDATE purchasing_settings SET receipt_tolerance = 0`.execute(env.db);
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

  describe('faturamentos', () => {
    let approver: { user: { id: string }; session: Session };
    let categoryId: string;
    const importNfe = (po: { id: string }, xml: string) => call(env, 'POST', `${PRICING}/invoices/import-nfe`, { session: buyer, body: { purchaseOrderId: po.id, xml, categoryId } });
    /** An NF-e of the ordem's one line (5 units at `price`, one duplicata), from its supplier to this organisation. */
    const nfeOf = (po: { number: number; lines: { description: string }[] }, price: string, nNF: string, overrides: Record<string, unknown> = {}) =>
      buildNfeXml(nfeFixture({
        ide: { cUF: '35', cNF: '48151623', mod: '55', serie: '1', nNF, dhEmi: '2026-12-21T10:30:00-03:00', tpEmis: '1', natOp: 'Venda de mercadoria' },
        items: [{ cProd: 'X-1', xProd: po.lines[0].description, qCom: '5.0000', vUnCom: price, xPed: String(po.number), nItemPed: '1' }],
        cobr: { dup: [{ nDup: '001', dVenc: '2027-01-20' }] },
        ...overrides,
      }));
    /** An ordem de compra of 5 units at R$ 10,00 from the NF-e fixtures' supplier, all received. */
    const receivedOrder = async () => {
      const po = await sentOrder(5);
      await sql`UPDATE persons SET document = ${COMPANIES.supplier.CNPJ} WHERE id = ${po.supplierId}`.execute(env.db);
      expect((await receive(po, 5)).status).toBe(201);
      return get(buyer, `${PRICING}/purchase-orders/${po.id}`);
    };

    beforeAll(async () => {
      // The seeded queue of divergent faturamentos is switched off: this suite adds its own.
      await sql`UPDATE approval_queues SET is_active = false WHERE resource = 'invoices'`.execute(env.db);
      await sql`UPDATE organizations SET cnpj = ${COMPANIES.buyer.CNPJ} WHERE id = ${DEMO_ORG_ID}`.execute(env.db);
      // The fixtures' supplier is the first supplier of this suite (sentOrder awards suppliers[0]).
      await sql`UPDATE persons SET document = ${COMPANIES.supplier.CNPJ} WHERE id = ${suppliers[0]}`.execute(env.db);
      categoryId = (await call(env, 'GET', '/api/finance/expense-categories?perPage=1', { session: admin })).body[0].id;
      approver = await userInGroups(env, ['Aprovador']);
    });

    it('an NF-e of an ordem whose supplier was inactivated since is still imported; an inactive category chosen is a 400 on it, nothing stored', async () => {
      const po = await receivedOrder();
      const name = (await sql<{ name: string }>`SELECT name FROM expense_categories WHERE id = ${categoryId}`.execute(env.db)).rows[0].name;
      await sql`UPDATE persons SET is_active = false WHERE id = ${suppliers[0]}`.execute(env.db);
      await sql`UPDATE expense_categories SET is_active = false WHERE id = ${categoryId}`.execute(env.db);
      try {
        const refused = await importNfe(po, nfeOf(po, '10.00', '9301'));
        expect(refused.status, refused.raw).toBe(400);
        expect(refused.body.errors).toEqual({ categoryId: [inactiveReferenceMessage([name])] });
        expect((await sql`SELECT 1 FROM invoices WHERE purchase_order_id = ${po.id}`.execute(env.db)).rows).toEqual([]);
        await sql`UPDATE expense_categories SET is_active = true WHERE id = ${categoryId}`.execute(env.db);
        // The supplier is the ordem's, not a choice made here.
        const imported = await importNfe(po, nfeOf(po, '10.00', '9301'));
        expect(imported.status, imported.raw).toBe(201);
      } finally {
        await sql`UPDATE persons SET is_active = true WHERE id = ${suppliers[0]}`.execute(env.db);
        await sql`UPDATE expense_categories SET is_active = true WHERE id = ${categoryId}`.execute(env.db);
      }
    });

    it('an NF-e that matches is accepted at once and becomes the lançamento a pagar, with its parcelas from the duplicatas; the ordem is faturada', async () => {
      const po = await receivedOrder();
      const imported = await importNfe(po, nfeOf(po, '10.00', '9001'));
      expect(imported.status, imported.raw).toBe(201);
      const invoice = await get(buyer, `${PRICING}/invoices/${imported.body.id}`);
      expect(invoice).toMatchObject({ status: 'registered', matchStatus: 'conforming', divergences: [], supplierId: suppliers[0], number: '9001', total: 5000, kind: 'nfe' });
      expect(invoice.accessKey).toHaveLength(44);
      expect(invoice.lines).toEqual([expect.objectContaining({ purchaseOrderLineId: po.lines[0].id, quantity: 5, unitPrice: 1000 })]);
      // The same chave twice: 409, nothing stored.
      const again = await importNfe(po, nfeOf(po, '10.00', '9001'));
      expect(again.status, again.raw).toBe(409);
      expect(again.body.errors, again.raw).toEqual({ accessKey: ['Esta NF-e já foi importada.'] });
      const accepted = await act(buyer, `${PRICING}/invoices`, invoice, 'accept');
      expect(accepted.status, accepted.raw).toBe(200);
      expect(accepted.body.status).toBe('accepted');
      const payableId = (await get(buyer, `${PRICING}/invoices/${invoice.id}`)).payableId;
      // The faturamento's "Histórico" says it got its lançamento, and who accepted it (the link went through its service).
      const [linked] = await get(buyer, `${PRICING}/invoices/${invoice.id}/audit`);
      expect(linked).toMatchObject({ action: 'link', changes: [expect.objectContaining({ field: 'payableId', before: null, after: payableId })] });
      const payable = await get(admin, `/api/finance/payables/${payableId}`);
      expect(payable).toMatchObject({ status: 'open', invoiceId: invoice.id, supplierId: suppliers[0], categoryId, total: 5000, documentType: 'nfe', documentNumber: '9001', competence: '12/2026' });
      expect(payable.installments).toEqual([expect.objectContaining({ number: 1, dueDate: '2027-01-20', amount: 5000 })]);
      expect(payable.allocations).toEqual([expect.objectContaining({ costCenterId: centre, amount: 5000 })]);
      expect((await get(buyer, `${PRICING}/purchase-orders/${po.id}`)).status).toBe('invoiced');
      // An ordem already faturada takes no other faturamento.
      const after = await importNfe(po, nfeOf(po, '10.00', '9011'));
      expect([after.status, after.body.message]).toEqual([409, `A ordem de compra nº ${po.number} está faturada: só ordens enviadas ou entregues são faturadas.`]);
    });

    it('a faturamento typed in for an ordem of two pedidos splits its lançamento by the pedidos\' cost centres, freight included; a cost centre chosen on it takes it all; a duplicata due on a Sunday is due on Monday', async () => {
      const centres = (await call(env, 'GET', '/api/finance/cost-centers?perPage=3&sort=name', { session: admin })).body.map((c: { id: string }) => c.id) as string[];
      const [ti, fin] = [centres[0], centres[1]];
      const pedido = async (costCenterId: string, quantity: number) => {
        const created = await call(env, 'POST', ORDERS, { session: requester, body: { title: 'Copa', costCenterId, departmentId: null, neededBy: null, justification: null, lines: [{ productId: products[0].id, description: products[0].name, quantity, unit: 'UN', unitPrice: 1000, neededBy: null }] } });
        expect(created.status, created.raw).toBe(201);
        return (await act(requester, ORDERS, created.body, 'submit')).body as { id: string };
      };
      const bought = async () => {
        const [a, b] = [await pedido(ti, 3), await pedido(fin, 7)];
        const quote = await quoteOf([a.id, b.id]);
        const lineId = quote.lines[0].id;
        expect(quote.lines[0].quantity).toBe(10);
        const offer = await request(quote.id, suppliers[0], [{ lineId, unitPrice: 1000, quantity: 10 }], { freight: 1001 });
        await act(buyer, `${PRICING}/quotes`, quote, 'send');
        await answer(quote.id, offer);
        const analysing = (await act(buyer, `${PRICING}/quotes`, await get(buyer, `${PRICING}/quotes/${quote.id}`), 'analyse')).body;
        const concluded = await act(buyer, `${PRICING}/quotes`, analysing, 'conclude', { awards: [{ lineId, requestId: offer.id }] });
        expect(concluded.status, concluded.raw).toBe(200);
        const po = await get(buyer, `${PRICING}/purchase-orders/${concluded.body.awards[0].purchaseOrderId}`);
        const sent = (await act(buyer, `${PRICING}/purchase-orders`, (await act(buyer, `${PRICING}/purchase-orders`, po, 'submit')).body, 'send')).body;
        expect((await receive(sent, 10)).status).toBe(201);
        return sent as { id: string; lines: { id: string; description: string }[] };
      };
      const typedIn = async (po: { id: string; lines: { id: string; description: string }[] }, number: string, costCenterId: string | null, duplicates: unknown[] = []) => {
        const created = await call(env, 'POST', `${PRICING}/invoices`, {
          session: buyer,
          body: { purchaseOrderId: po.id, kind: 'bill', number, series: null, accessKey: null, issuedOn: '2026-12-21', categoryId, costCenterId, notes: null, lines: [{ purchaseOrderLineId: po.lines[0].id, description: po.lines[0].description, quantity: 10, unitPrice: 1000 }], total: 10_000 + 1001, duplicates },
        });
        expect(created.status, created.raw).toBe(201);
        const accepted = await act(buyer, `${PRICING}/invoices`, created.body, 'accept');
        expect(accepted.body.status, accepted.raw).toBe('accepted');
        return (await get(admin, `/api/finance/payables/${(await get(buyer, `${PRICING}/invoices/${created.body.id}`)).payableId}`)) as { allocations: { costCenterId: string; percent: number; amount: number }[]; installments: { dueDate: string }[] };
      };
      // 3 of the 10 units were TI's, 7 Financeiro's: R$ 110,01 (freight included) splits 30/70, centavo-exact
      // (the centavo left over goes to the first pedido's centre, as splitAmount gives it).
      expect((await typedIn(await bought(), 'F-301', null)).allocations).toEqual([
        expect.objectContaining({ costCenterId: fin, percent: 7000, amount: 7700 }),
        expect.objectContaining({ costCenterId: ti, percent: 3000, amount: 3301 }),
      ]);
      // A duplicata due on a Sunday (17/01/2027) becomes a parcela due the next business day, as the bank takes it.
      const chosen = await typedIn(await bought(), 'F-302', fin, [{ number: '1', dueDate: '2027-01-17', amount: 11_001 }]);
      expect(chosen.allocations).toEqual([expect.objectContaining({ costCenterId: fin, percent: 10_000, amount: 11_001 })]);
      expect(chosen.installments.map((installment) => installment.dueDate)).toEqual(['2027-01-18']);
    });

    it('two NF-e of the same units accepted at once: one becomes the lançamento, the other is refused; never two payables', async () => {
      const po = await receivedOrder();
      const first = await importNfe(po, nfeOf(po, '10.00', '9101'));
      const second = await importNfe(po, nfeOf(po, '10.00', '9102'));
      expect([first.status, second.status], second.raw).toEqual([201, 201]);
      const invoices = await Promise.all([first, second].map((answer) => get(buyer, `${PRICING}/invoices/${answer.body.id}`)));
      const accepted = await Promise.all(invoices.map((invoice) => act(buyer, `${PRICING}/invoices`, invoice, 'accept')));
      expect(accepted.map((answer) => answer.status).sort(), accepted.map((answer) => answer.raw).join('\n')).toEqual([200, 409]);
      const payables = await sql<{ n: string }>`SELECT count(*)::text AS n FROM finance_entries WHERE invoice_id IN (${invoices[0].id}, ${invoices[1].id})`.execute(env.db);
      expect(payables.rows[0].n).toBe('1');
      expect((await get(buyer, `${PRICING}/purchase-orders/${po.id}`)).status).toBe('invoiced');
    });

    it('a divergent NF-e waits for its approval queue — refused while none applies, never accepted automatically', async () => {
      const po = await receivedOrder();
      const imported = await importNfe(po, nfeOf(po, '12.00', '9002'));
      const invoice = await get(buyer, `${PRICING}/invoices/${imported.body.id}`);
      expect(invoice.matchStatus).toBe('divergent');
      expect(invoice.divergences).toEqual([{ line: 1, message: `Preço ${formatMoney(1200)}; na ordem de compra, ${formatMoney(1000)}.` }]);
      const refused = await act(buyer, `${PRICING}/invoices`, invoice, 'accept');
      expect([refused.status, refused.body.message]).toEqual([409, 'Faturamento divergente precisa de aprovação, e nenhuma fila de aprovação de faturamentos se aplica a ele. Peça ao administrador para configurar uma.']);
      expect((await get(buyer, `${PRICING}/invoices/${invoice.id}`)).status).toBe('registered');

      const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
        session: admin,
        body: { name: `Faturamentos divergentes ${invoice.id.slice(0, 6)}`, resource: 'invoices', priority: 1, isActive: true, description: null, triggers: [],
          stages: [{ name: 'Controladoria', minApprovals: 1, approverUserIds: [approver.user.id], approverGroupIds: [] }] },
      });
      expect(queue.status, queue.raw).toBe(201);
      try {
        const waiting = await act(buyer, `${PRICING}/invoices`, await get(buyer, `${PRICING}/invoices/${invoice.id}`), 'accept');
        expect(waiting.body.status, waiting.raw).toBe('awaitingApproval');
        expect((await get(buyer, `${PRICING}/invoices/${invoice.id}`)).payableId).toBeNull();
        const flow = await sql<{ id: string }>`SELECT id FROM approval_flows WHERE record_id = ${invoice.id} AND status = 'pending'`.execute(env.db);
        const decided = await call(env, 'POST', `${APPROVALS}/flows/${flow.rows[0].id}/approve`, { session: approver.session, body: {} });
        expect(decided.status, decided.raw).toBe(200);
        const accepted = await get(buyer, `${PRICING}/invoices/${invoice.id}`);
        expect(accepted.status).toBe('accepted');
        expect((await get(admin, `/api/finance/payables/${accepted.payableId}`)).total).toBe(6000);
      } finally {
        await call(env, 'DELETE', `${APPROVALS}/queues/${queue.body.id}`, { session: admin });
      }
    });

    it('an NFS-e of the national layout invoices an ordem of one service line', async () => {
      const po = await receivedOrder();
      const imported = await importNfe(po, buildNfseXml(nfseFixture({ vServ: '50.00', vISSQN: '2.50', vLiq: '47.50' })));
      expect(imported.status, imported.raw).toBe(201);
      const invoice = await get(buyer, `${PRICING}/invoices/${imported.body.id}`);
      expect(invoice).toMatchObject({ kind: 'nfse', number: '1234', total: 5000, matchStatus: 'conforming' });
      expect(invoice.accessKey).toHaveLength(50);
      expect(invoice.lines).toEqual([expect.objectContaining({ purchaseOrderLineId: po.lines[0].id, quantity: 5, unitPrice: 1000 })]);
      const stranger = await importNfe(po, buildNfseXml(nfseFixture({ chave: '35503081211222333000181000000000123426071234567892', tomador: COMPANIES.otherBuyer })));
      expect(stranger.status).toBe(400);
    });

    it('refuses a bad NF-e with a message naming the problem, storing nothing', async () => {
      const po = await receivedOrder();
      const before = await sql<{ n: string }>`SELECT count(*)::text AS n FROM invoices`.execute(env.db);
      const cases: [string, string][] = [
        ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', 'DOCTYPE'],
        ['<nfeProc><NFe>', 'XML'],
        [nfeOf(po, '10.00', '9003', { emit: COMPANIES.otherBuyer }), 'emitente'],
        [nfeOf(po, '10.00', '9004', { dest: COMPANIES.otherBuyer }), 'destinatário'],
        [nfeOf(po, '10.00', '9005', { items: [{ cProd: 'Z', xProd: 'Outra coisa', qCom: '5.0000', vUnCom: '10.00' }] }), 'não corresponde'],
        [nfeOf(po, '10.00', '9006', { protocol: null }), 'autoriza'],
      ];
      for (const [xml, words] of cases) {
        const answer = await importNfe(po, xml);
        expect(answer.status, `${words}: ${answer.raw}`).toBe(400);
        expect(answer.body.errors.xml[0], words).toMatch(new RegExp(words, 'i'));
      }
      expect((await sql<{ n: string }>`SELECT count(*)::text AS n FROM invoices`.execute(env.db)).rows[0].n).toBe(before.rows[0].n);
    });
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

/**
 * Storage of the cotações (`quotes`, lines in `quote_lines`) and their solicitações
 * (`quote_requests`, answered prices in `quote_answers`), and the two links of the chain around
 * them:
 * - pedidos → cotação (`quoteFromOrders`): the approved pedidos are locked in id order, their lines
 *   mapped (`ordersToQuote`: the same product merged, each pedido line linked), and each pedido
 *   goes "em cotação" through its own transition;
 * - the award → ordens de compra (`conclude`): the award is checked line by line (a supplier that
 *   did not quote the line: 400; not the lowest price without a justification: 400), kept in
 *   `quote_awards`, and mapped (`quoteAwardToPurchaseOrders`: one ordem per supplier); each pedido
 *   whose every line reached an ordem de compra becomes "atendido" through its own transition.
 * Concluding locks the cotação row first: two conclusions at once make one set of ordens.
 */
import { sql } from 'kysely';
import type { MapSource } from '../../src/contracts/mapping.js';
import { quoteAwardToPurchaseOrders } from '../../src/contracts/resources/purchaseOrders.js';
import { quoteRequests } from '../../src/contracts/resources/quoteRequests.js';
import { QUOTE_MESSAGES, QUOTE_TAKES_SUPPLIERS, ordersToQuote, quotes, type AwardInput } from '../../src/contracts/resources/quotes.js';
import { LIVE_PHASES } from '../../src/contracts/workflow.js';
import { orders } from '../../src/contracts/resources/orders.js';
import { todayIn } from '../approvals/engine.js';
import { HttpError, MESSAGES, type FieldErrors } from '../errors.js';
import { declaredStorage, parentIn } from '../registry/declared.js';
import { dropStaleLinks, makeFrom } from '../registry/mapper.js';
import { inPhases } from '../registry/phases.js';
import type { Call, ResourceStorage, Trx, WireRecord } from '../registry/storage.js';
import { issueSupplierLinks, resendSupplierLink } from './supplier-link.js';

const DEFAULT_DEADLINE_DAYS = 7;

/** `YYYY-MM-DD` `days` after today in Brasília. */
function inDays(now: Date, days: number): string {
  const date = new Date(`${todayIn(now)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface QuoteHeader {
  title?: string | null;
  deadline?: string | null;
  notes?: string | null;
}

/**
 * One cotação for the lines of these pedidos (ids), each moved to "em cotação". `locked`: the
 * pedidos are already locked and checked by the caller (a pedido's own "Iniciar cotação").
 */
export async function quoteFromOrders(trx: Trx, call: Call, orderIds: readonly string[], header: QuoteHeader, locked = false): Promise<WireRecord> {
  const ids = [...new Set(orderIds)].sort();
  if (!ids.length) throw new HttpError(400, QUOTE_MESSAGES.noOrders, { orderIds: [QUOTE_MESSAGES.noOrders] });
  const rows = await sql<{ id: string; number: string; title: string; status: string }>`SELECT id, number::text, title, status FROM orders
    WHERE org_id = ${call.orgId} AND id IN (${sql.join(ids.map((id) => id.slice(0, 64)))}) ORDER BY id ${locked ? sql`` : sql`FOR UPDATE`}`.execute(trx);
  if (rows.rows.length !== ids.length) throw new HttpError(404, MESSAGES.notFound);
  const refused = rows.rows.find((row) => row.status !== 'approved');
  if (refused) throw new HttpError(409, QUOTE_MESSAGES.orderNotApproved(Number(refused.number)));
  const lines = await sql<{ id: string; order_id: string; product_id: string | null; description: string; quantity: string; unit: string }>`SELECT id, order_id, product_id, description,
      quantity::text, unit FROM order_lines WHERE org_id = ${call.orgId} AND order_id IN (${sql.join(ids)}) ORDER BY order_id, position`.execute(trx);
  const first = rows.rows[0];
  const title = header.title?.trim() || (rows.rows.length === 1 ? first.title : `Pedidos nº ${rows.rows.map((row) => row.number).join(', ')}`);
  const sources: MapSource[] = rows.rows.map((row) => ({
    record: { id: row.id, title: title.slice(0, 160), deadline: header.deadline ?? inDays(call.ctx.clock(), DEFAULT_DEADLINE_DAYS), notes: header.notes ?? null },
    lines: lines.rows.filter((line) => line.order_id === row.id).map((line) => ({ id: line.id, productId: line.product_id, description: line.description, quantity: Number(line.quantity), unit: line.unit })),
  }));
  const [quote] = await makeFrom(trx, call, ordersToQuote, sources);
  if (!locked) {
    const service = call.ctx.records(orders.name);
    for (const id of ids) await service.runAction(trx, service.callFrom(call), id, 'startQuoting', {}, undefined, { system: true });
  }
  return quote;
}

/** Whether a pedido already stands in a live cotação (its lines linked to one). */
export async function liveQuoteOf(trx: Trx, call: Call, orderId: string): Promise<string | undefined> {
  const found = await sql<{ id: string }>`SELECT q.id FROM record_links l JOIN quotes q ON q.id = l.target_id
    WHERE l.org_id = ${call.orgId} AND l.source_type = 'orders' AND l.source_id = ${orderId} AND l.target_type = 'quotes'
      AND ${inPhases(sql.ref('q.status'), quotes.workflow!, LIVE_PHASES)} LIMIT 1`.execute(trx);
  return found.rows[0]?.id;
}

interface AnswerRow {
  line_id: string;
  request_id: string;
  supplier_id: string;
  unit_price: string | null;
  quantity: string;
}

/** 400 with every wrong award named by its index; the chosen answers otherwise. */
async function checkAward(trx: Trx, call: Call, quoteId: string, input: AwardInput): Promise<AnswerRow[]> {
  const lines = new Set((await sql<{ id: string }>`SELECT id FROM quote_lines WHERE quote_id = ${quoteId} AND org_id = ${call.orgId}`.execute(trx)).rows.map((row) => row.id));
  const requests = new Set((await sql<{ id: string }>`SELECT id FROM quote_requests WHERE quote_id = ${quoteId} AND org_id = ${call.orgId}`.execute(trx)).rows.map((row) => row.id));
  const answers = (await sql<AnswerRow>`SELECT a.line_id, a.request_id, r.supplier_id, a.unit_price::text, a.quantity::text FROM quote_answers a
      JOIN quote_requests r ON r.id = a.request_id
    WHERE r.quote_id = ${quoteId} AND r.org_id = ${call.orgId} AND r.status = 'answered' AND a.unit_price IS NOT NULL`.execute(trx)).rows;
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const chosen: AnswerRow[] = [];
  input.awards.forEach((award, index) => {
    const at = `awards.${index}`;
    if (!lines.has(award.lineId)) return void (errors[`${at}.lineId`] = [QUOTE_MESSAGES.unknownLine]);
    if (seen.has(award.lineId)) return void (errors[`${at}.lineId`] = [QUOTE_MESSAGES.twice]);
    seen.add(award.lineId);
    if (!requests.has(award.requestId)) return void (errors[`${at}.requestId`] = [QUOTE_MESSAGES.unknownRequest]);
    const answer = answers.find((a) => a.line_id === award.lineId && a.request_id === award.requestId);
    if (!answer) return void (errors[`${at}.requestId`] = [QUOTE_MESSAGES.notQuoted]);
    const lowest = Math.min(...answers.filter((a) => a.line_id === award.lineId).map((a) => Number(a.unit_price)));
    if (Number(answer.unit_price) > lowest && !award.justification?.trim()) return void (errors[`${at}.justification`] = [QUOTE_MESSAGES.justify]);
    chosen.push(answer);
  });
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
  return chosen;
}

/** The ordens de compra of a concluded cotação's award, and the pedidos it fulfilled. */
async function placeOrders(trx: Trx, call: Call, quote: WireRecord): Promise<void> {
  const awarded = await sql<{ line_id: string; request_id: string; supplier_id: string; unit_price: string; quantity: string; product_id: string | null; description: string; unit: string;
      freight: string | null; payment_terms: string | null; cost_center_id: string | null; department_id: string | null }>`SELECT w.line_id, w.request_id, r.supplier_id,
      a.unit_price::text, a.quantity::text, ql.product_id, ql.description, ql.unit, r.freight::text, r.payment_terms,
      (SELECT o.cost_center_id FROM record_links l JOIN orders o ON o.id = l.source_id WHERE l.target_line_id = ql.id AND l.source_type = 'orders' ORDER BY o.number LIMIT 1) AS cost_center_id,
      (SELECT o.department_id FROM record_links l JOIN orders o ON o.id = l.source_id WHERE l.target_line_id = ql.id AND l.source_type = 'orders' ORDER BY o.number LIMIT 1) AS department_id
    FROM quote_awards w JOIN quote_lines ql ON ql.id = w.line_id JOIN quote_requests r ON r.id = w.request_id
      JOIN quote_answers a ON a.request_id = w.request_id AND a.line_id = w.line_id
    WHERE w.quote_id = ${quote.id} AND w.org_id = ${call.orgId} ORDER BY r.supplier_id, ql.position`.execute(trx);
  const source: MapSource = {
    record: { id: quote.id, quoteId: quote.id, notes: `Cotação nº ${quote.number}.` },
    lines: awarded.rows.map((row) => ({
      id: row.line_id, supplierId: row.supplier_id, productId: row.product_id, description: row.description, quantity: Number(row.quantity), unit: row.unit, unitPrice: Number(row.unit_price),
      freight: row.freight === null ? null : Number(row.freight), paymentTerms: row.payment_terms, costCenterId: row.cost_center_id, departmentId: row.department_id,
    })),
  };
  await makeFrom(trx, call, quoteAwardToPurchaseOrders, [source]);
  await sql`UPDATE quote_awards w SET purchase_order_id = l.target_id FROM record_links l
    WHERE w.quote_id = ${quote.id} AND l.org_id = ${call.orgId} AND l.mapping = ${quoteAwardToPurchaseOrders.name} AND l.source_line_id = w.line_id`.execute(trx);
  await fulfilOrders(trx, call, quote.id);
}

/** Each pedido of the cotação whose every line reached an ordem de compra: "atendido", through its own transition. */
async function fulfilOrders(trx: Trx, call: Call, quoteId: string): Promise<void> {
  const service = call.ctx.records(orders.name);
  await service.transitionWhere(trx, service.callFrom(call), [
    sql`t.id IN (SELECT l.source_id FROM record_links l WHERE l.org_id = ${call.orgId} AND l.source_type = 'orders' AND l.target_type = 'quotes' AND l.target_id = ${quoteId})`,
    sql`NOT EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = t.id AND NOT EXISTS (
      SELECT 1 FROM record_links l1 JOIN record_links l2 ON l2.source_line_id = l1.target_line_id AND l2.target_type = 'purchaseOrders'
      WHERE l1.source_line_id = ol.id AND l1.target_type = 'quotes'))`,
  ], 'fulfil', {}, { system: true });
}

export const quotesStorage: ResourceStorage = declaredStorage(quotes, 'quotes', {
  children: { lines: { table: 'quote_lines', own: 'quote_id' } },
  // Its pedidos wait in it: a cotação is cancelled (they go back to "aprovado"), never deleted.
  async beforeDelete() {
    throw new HttpError(409, QUOTE_MESSAGES.noDelete);
  },
  computed: {
    origins: sql`COALESCE((SELECT jsonb_agg(jsonb_build_object('lineId', l.target_line_id, 'orderId', l.source_id, 'orderNumber', o.number, 'quantity', l.quantity) ORDER BY o.number, l.source_line_id)
      FROM record_links l JOIN orders o ON o.id = l.source_id WHERE l.target_type = 'quotes' AND l.target_id = t.id AND l.source_type = 'orders'), '[]'::jsonb)`,
    awards: sql`COALESCE((SELECT jsonb_agg(jsonb_build_object('lineId', w.line_id, 'requestId', w.request_id, 'supplierId', r.supplier_id, 'purchaseOrderId', w.purchase_order_id,
      'justification', w.justification) ORDER BY ql.position) FROM quote_awards w JOIN quote_requests r ON r.id = w.request_id JOIN quote_lines ql ON ql.id = w.line_id WHERE w.quote_id = t.id), '[]'::jsonb)`,
  },
  async afterUpdate(trx, call, record) {
    await dropStaleLinks(trx, call, quotes.name, record.id, 'quote_lines', 'quote_id');
  },
  transitions: {
    async send(trx, call, before) {
      const live = await sql`SELECT 1 FROM quote_requests WHERE quote_id = ${before.id} AND org_id = ${call.orgId} AND status <> 'declined' LIMIT 1`.execute(trx);
      if (!live.rows.length) throw new HttpError(409, QUOTE_MESSAGES.noRequests);
      // Each supplier with an e-mail gets its answer link (mailed after the commit).
      await issueSupplierLinks(trx, call, before.id);
    },
    async analyse(trx, call, before) {
      const answered = await sql`SELECT 1 FROM quote_requests WHERE quote_id = ${before.id} AND org_id = ${call.orgId} AND status = 'answered' LIMIT 1`.execute(trx);
      if (!answered.rows.length) throw new HttpError(409, QUOTE_MESSAGES.noAnswers);
    },
    async conclude(trx, call, before, input) {
      const award = input as unknown as AwardInput;
      await checkAward(trx, call, before.id, award);
      const rows = award.awards.map((a) => sql`(gen_random_uuid()::text, ${call.orgId}, ${before.id}, ${a.lineId}, ${a.requestId}, ${a.justification?.trim() || null}, ${call.ctx.clock()}, ${call.userId})`);
      await sql`INSERT INTO quote_awards (id, org_id, quote_id, line_id, request_id, justification, created_at, created_by) VALUES ${sql.join(rows)}`.execute(trx);
      // Before the state is written, so the answer already shows each line's ordem de compra.
      await placeOrders(trx, call, before);
    },
    async cancel(trx, call, before) {
      // The pedidos go back to wait for a cotação, each through its own transition.
      const service = call.ctx.records(orders.name);
      await service.transitionWhere(trx, service.callFrom(call), [
        sql`t.id IN (SELECT l.source_id FROM record_links l WHERE l.org_id = ${call.orgId} AND l.source_type = 'orders' AND l.target_type = 'quotes' AND l.target_id = ${before.id})`,
      ], 'stopQuoting', { note: `Cotação nº ${before.number} cancelada.` }, { system: true });
    },
  },
});

/** Solicitações: answers only for lines of their own cotação; a cotação past "aberta" still takes new suppliers until the analysis. */
export const quoteRequestsStorage: ResourceStorage = declaredStorage(quoteRequests, 'quote_requests', {
  parent: parentIn('quotes', 'quote_id'),
  children: { answers: { table: 'quote_answers', own: 'request_id' } },
  actions: { resendLink: resendSupplierLink },
  async beforeCreate(trx, call, values) {
    await checkRequest(trx, call, values);
  },
  async beforeUpdate(trx, call, values) {
    await checkRequest(trx, call, values);
  },
  async afterTransition(trx, call, record, transition) {
    if (transition !== 'answer') return;
    // The cotação says "orçamentos recebidos" once every live solicitação answered.
    const service = call.ctx.records(quotes.name);
    await service.transitionWhere(trx, service.callFrom(call), [
      sql`t.id = (SELECT r.quote_id FROM quote_requests r WHERE r.id = ${record.id})`,
      sql`NOT EXISTS (SELECT 1 FROM quote_requests r WHERE r.quote_id = t.id AND r.status = 'pending')`,
    ], 'receive', {}, { system: true });
  },
});

const REQUEST_MESSAGES = {
  closed: 'A cotação não recebe mais orçamentos.',
  lineTwice: 'Este item já tem preço nesta solicitação.',
} as const;

async function checkRequest(trx: Trx, call: Call, values: Record<string, unknown>): Promise<void> {
  const quote = await sql<{ status: string }>`SELECT status FROM quotes WHERE id = ${call.parentId ?? ''} AND org_id = ${call.orgId} FOR UPDATE`.execute(trx);
  const status = quote.rows[0]?.status;
  if (!status || !(QUOTE_TAKES_SUPPLIERS as readonly string[]).includes(status)) throw new HttpError(409, REQUEST_MESSAGES.closed);
  const answers = (values.answers as { lineId: string }[] | undefined) ?? [];
  if (!answers.length) return;
  const lines = new Set((await sql<{ id: string }>`SELECT id FROM quote_lines WHERE quote_id = ${call.parentId ?? ''}`.execute(trx)).rows.map((row) => row.id));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  answers.forEach((answer, index) => {
    if (!lines.has(answer.lineId)) errors[`answers.${index}.lineId`] = [QUOTE_MESSAGES.unknownLine];
    else if (seen.has(answer.lineId)) errors[`answers.${index}.lineId`] = [REQUEST_MESSAGES.lineTwice];
    seen.add(answer.lineId);
  });
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}

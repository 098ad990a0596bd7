/**
 * A service line is received by the requester's confirmation (src/contracts/serviceConfirmation.ts).
 *
 * The lines of a pedido that are services are found through the links the mappings wrote: pedido
 * line → cotação line (`ordersToQuote`) → ordem de compra line (`quoteAwardToPurchaseOrders`),
 * whose product is a service. The pedido's share of an ordem line is what its own lines brought
 * to the cotação line (Σ link quantities), never more than the ordem line still takes.
 *
 * Confirming locks the ordem de compra row first (the same lock an entrega takes), then reads the
 * confirmation: two confirmations at once make exactly one entrega. The entrega is recorded
 * through the entregas' record service (its checks, numbering, audit) in the requester's name, and
 * the ordem follows through its own system transition `receive`. Contesting holds the line's
 * faturamento (invoices.ts `accept`) until the requester confirms.
 */
import { sql } from 'kysely';
import { purchaseOrders } from '../../src/contracts/resources/purchaseOrders.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { orders } from '../../src/contracts/resources/orders.js';
import { receipts } from '../../src/contracts/resources/receipts.js';
import { SERVICE_MESSAGES, type ServiceLine } from '../../src/contracts/serviceConfirmation.js';
import { HttpError } from '../errors.js';
import type { Call, Trx } from '../registry/storage.js';
import { allowServiceReceipt } from './purchase-orders.js';

interface Row {
  line_id: string;
  purchase_order_id: string;
  po_number: string;
  po_status: string;
  description: string;
  position: number;
  quantity: string;
  received: string;
  share: string;
  confirmation: 'confirmed' | 'contested' | null;
  performed_on: string | null;
  note: string | null;
  reason: string | null;
}

/** The service lines the pedido led to (one ordem line when `lineId` is given). */
async function serviceRows(trx: Trx, orgId: string, orderId: string, lineId?: string): Promise<Row[]> {
  const rows = await sql<Row>`SELECT pl.id AS line_id, pl.purchase_order_id, po.number::text AS po_number, po.status AS po_status, pl.description, pl.position,
      pl.quantity::text, COALESCE((SELECT sum(rl.received) FROM receipt_lines rl WHERE rl.purchase_order_line_id = pl.id), 0)::text AS received,
      sum(l1.quantity)::text AS share, sc.status AS confirmation, sc.performed_on::text, sc.note, sc.reason
    FROM order_lines ol
      JOIN record_links l1 ON l1.source_line_id = ol.id AND l1.org_id = ${orgId} AND l1.source_type = 'orders' AND l1.target_type = 'quotes'
      JOIN record_links l2 ON l2.source_line_id = l1.target_line_id AND l2.org_id = ${orgId} AND l2.source_type = 'quotes' AND l2.target_type = 'purchaseOrders'
      JOIN purchase_order_lines pl ON pl.id = l2.target_line_id
      JOIN purchase_orders po ON po.id = pl.purchase_order_id AND po.status <> 'cancelled'
      JOIN products p ON p.id = pl.product_id AND p.kind = 'service'
      LEFT JOIN service_confirmations sc ON sc.org_id = ${orgId} AND sc.order_id = ol.order_id AND sc.purchase_order_line_id = pl.id
    WHERE ol.order_id = ${orderId} AND ol.org_id = ${orgId} ${lineId === undefined ? sql`` : sql`AND pl.id = ${lineId}`}
    GROUP BY pl.id, po.id, sc.id ORDER BY po.number, pl.position`.execute(trx);
  return rows.rows;
}

const RECEIVABLE = findTransition(purchaseOrders.workflow!, 'receive')!.from;

const view = (row: Row, mine: boolean): ServiceLine => ({
  purchaseOrderLineId: row.line_id,
  purchaseOrderId: row.purchase_order_id,
  purchaseOrderNumber: Number(row.po_number),
  purchaseOrderStatus: row.po_status,
  description: row.description,
  quantity: Number(row.share),
  status: row.confirmation ?? 'pending',
  performedOn: row.performed_on,
  note: row.note,
  reason: row.reason,
  mayConfirm: mine && row.confirmation !== 'confirmed' && RECEIVABLE.includes(row.po_status),
});

/** The pedido, if the caller is its requester: 404 when it is not in the organisation, 403 when it is someone else's. */
async function ownOrder(trx: Trx, call: Call, orderId: string, mayRead: boolean): Promise<{ id: string; number: number }> {
  const found = await sql<{ id: string; number: string; created_by: string | null }>`SELECT id, number::text, created_by FROM orders
    WHERE id = ${orderId.slice(0, 64)} AND org_id = ${call.orgId}`.execute(trx);
  const order = found.rows[0];
  if (!order || (order.created_by !== call.userId && !mayRead)) throw new HttpError(404, 'Pedido não encontrado.');
  if (order.created_by !== call.userId) throw new HttpError(403, SERVICE_MESSAGES.notOwn);
  return { id: order.id, number: Number(order.number) };
}

/** The pedido's service lines (its requester, or whoever reads pedidos). */
export async function serviceLines(trx: Trx, call: Call, orderId: string, mayRead: boolean): Promise<ServiceLine[]> {
  const found = await sql<{ id: string; created_by: string | null }>`SELECT id, created_by FROM orders WHERE id = ${orderId.slice(0, 64)} AND org_id = ${call.orgId}`.execute(trx);
  const order = found.rows[0];
  if (!order || (order.created_by !== call.userId && !mayRead)) throw new HttpError(404, 'Pedido não encontrado.');
  return (await serviceRows(trx, call.orgId, order.id)).map((row) => view(row, order.created_by === call.userId));
}

/** Locks the ordem de compra of the line, then reads the pedido's service line on it: still open to a confirmation or a contest. */
async function lockedLine(trx: Trx, call: Call, orderId: string, lineId: string): Promise<Row> {
  await sql`SELECT po.id FROM purchase_orders po JOIN purchase_order_lines pl ON pl.purchase_order_id = po.id
    WHERE pl.id = ${lineId.slice(0, 64)} AND po.org_id = ${call.orgId} FOR UPDATE OF po`.execute(trx);
  const [row] = await serviceRows(trx, call.orgId, orderId, lineId.slice(0, 64));
  if (!row) throw new HttpError(404, SERVICE_MESSAGES.notService);
  if (row.confirmation === 'confirmed') throw new HttpError(409, SERVICE_MESSAGES.already);
  if (!RECEIVABLE.includes(row.po_status)) {
    throw new HttpError(409, SERVICE_MESSAGES.notReceivable(Number(row.po_number), purchaseOrders.workflow!.states[row.po_status]?.label ?? row.po_status));
  }
  return row;
}

async function record(trx: Trx, call: Call, orderId: string, row: Row, values: { status: string; performedOn: string | null; note: string | null; reason: string | null; receiptId: string | null }) {
  const now = call.ctx.clock();
  await sql`INSERT INTO service_confirmations (id, org_id, order_id, purchase_order_line_id, status, performed_on, note, reason, receipt_id, created_at, updated_at, created_by, updated_by)
    VALUES (gen_random_uuid()::text, ${call.orgId}, ${orderId}, ${row.line_id}, ${values.status}, ${values.performedOn}, ${values.note}, ${values.reason}, ${values.receiptId}, ${now}, ${now}, ${call.userId}, ${call.userId})
    ON CONFLICT (org_id, order_id, purchase_order_line_id) DO UPDATE SET status = EXCLUDED.status, performed_on = EXCLUDED.performed_on, note = EXCLUDED.note,
      reason = EXCLUDED.reason, receipt_id = EXCLUDED.receipt_id, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`.execute(trx);
  const service = call.ctx.records(orders.name);
  await service.log(trx, service.callFrom(call), {
    action: `orders.${values.status === 'confirmed' ? 'confirmService' : 'contestService'}`,
    entityId: orderId,
    after: { purchaseOrderLineId: row.line_id, purchaseOrderNumber: Number(row.po_number), description: row.description, ...values },
  });
}

/** "Confirmar prestação do serviço": the entrega of the pedido's share, on the requester's behalf. */
export async function confirmService(trx: Trx, call: Call, orderId: string, lineId: string, input: { performedOn: string; note?: string | null }, mayRead: boolean): Promise<ServiceLine> {
  const order = await ownOrder(trx, call, orderId, mayRead);
  const row = await lockedLine(trx, call, order.id, lineId);
  const quantity = Math.min(Number(row.share), Number(row.quantity) - Number(row.received));
  if (quantity <= 0) throw new HttpError(409, SERVICE_MESSAGES.nothing);
  const note = input.note?.trim() || null;
  const service = call.ctx.records(receipts.name);
  const receiptCall = allowServiceReceipt(service.callFrom(call));
  const receipt = await service.create(trx, receiptCall, {
    purchaseOrderId: row.purchase_order_id, receivedOn: input.performedOn, document: null, notes: SERVICE_MESSAGES.receiptNote(order.number, note),
    lines: [{ purchaseOrderLineId: row.line_id, received: quantity, rejected: 0, rejectionReason: null }],
  });
  await record(trx, call, order.id, row, { status: 'confirmed', performedOn: input.performedOn, note, reason: null, receiptId: receipt.id });
  return view((await serviceRows(trx, call.orgId, order.id, row.line_id))[0], true);
}

/** "Contestar": the line's faturamento waits until the requester confirms. */
export async function contestService(trx: Trx, call: Call, orderId: string, lineId: string, input: { reason: string }, mayRead: boolean): Promise<ServiceLine> {
  const order = await ownOrder(trx, call, orderId, mayRead);
  const row = await lockedLine(trx, call, order.id, lineId);
  await record(trx, call, order.id, row, { status: 'contested', performedOn: null, note: null, reason: input.reason.trim(), receiptId: null });
  return view((await serviceRows(trx, call.orgId, order.id, row.line_id))[0], true);
}

/** The first line of this faturamento whose service its requester contested (accept refuses it). */
export async function contestedLine(trx: Trx, invoiceId: string): Promise<{ position: number; description: string } | undefined> {
  const found = await sql<{ position: number; description: string }>`SELECT pl.position, pl.description FROM invoice_lines il
      JOIN purchase_order_lines pl ON pl.id = il.purchase_order_line_id
    WHERE il.invoice_id = ${invoiceId} AND EXISTS (SELECT 1 FROM service_confirmations sc WHERE sc.purchase_order_line_id = pl.id AND sc.status = 'contested')
    ORDER BY pl.position LIMIT 1`.execute(trx);
  return found.rows[0];
}

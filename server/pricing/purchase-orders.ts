/**
 * Storage of the ordens de compra (`purchase_orders`, lines in `purchase_order_lines`) and the
 * entregas (`receipts`, lines in `receipt_lines`).
 *
 * "Enviar ao fornecedor" e-mails the ordem to the supplier once the transaction commits
 * (purchase-order-mail.ts), its history saying to whom — or that the supplier has no e-mail.
 *
 * An entrega locks its ordem de compra before it reads what was already received, so two entregas
 * of the last units at once never receive more than ordered (with the organisation's tolerance);
 * the ordem follows through its own system transition `receive` (parcialmente entregue, or entregue
 * when every line is received in full). An ordem with an entrega cannot be cancelled. Entregas are
 * facts: never edited nor deleted.
 */
import { sql } from 'kysely';
import { purchaseOrderLineIssues, purchaseOrders } from '../../src/contracts/resources/purchaseOrders.js';
import { RECEIPT_MESSAGES, receipts } from '../../src/contracts/resources/receipts.js';
import { SERVICE_MESSAGES } from '../../src/contracts/serviceConfirmation.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { HttpError, MESSAGES, fieldError, type FieldErrors } from '../errors.js';
import { declaredStorage } from '../registry/declared.js';
import type { Call, ResourceStorage, Trx } from '../registry/storage.js';
import { purchaseOrderMail, SEND_NOTES } from './purchase-order-mail.js';

export const PURCHASE_ORDER_MESSAGES = {
  received: 'Esta ordem de compra já tem entregas e não pode ser cancelada.',
} as const;

/** What each line received and rejected so far (Σ of the entregas). */
const receivedSql = sql`COALESCE((SELECT jsonb_agg(jsonb_build_object('lineId', pl.id, 'received', COALESCE(r.received, 0), 'rejected', COALESCE(r.rejected, 0)) ORDER BY pl.position)
  FROM purchase_order_lines pl LEFT JOIN (SELECT rl.purchase_order_line_id, sum(rl.received) AS received, sum(rl.rejected) AS rejected FROM receipt_lines rl GROUP BY rl.purchase_order_line_id) r
    ON r.purchase_order_line_id = pl.id WHERE pl.purchase_order_id = t.id), '[]'::jsonb)`;

export const purchaseOrdersStorage: ResourceStorage = declaredStorage(purchaseOrders, 'purchase_orders', {
  children: { lines: { table: 'purchase_order_lines', own: 'purchase_order_id' } },
  computed: { received: receivedSql },
  validate: (values) => purchaseOrderLineIssues(values),
  transitions: {
    async receive(trx, call, before) {
      const open = await sql<{ pending: string }>`SELECT count(*)::text AS pending FROM purchase_order_lines pl
        WHERE pl.purchase_order_id = ${before.id} AND pl.quantity > COALESCE((SELECT sum(rl.received) FROM receipt_lines rl WHERE rl.purchase_order_line_id = pl.id), 0)`.execute(trx);
      return { to: Number(open.rows[0].pending) === 0 ? 'received' : 'partiallyReceived' };
    },
    async send(trx, call, before) {
      const message = await purchaseOrderMail(trx, call, before);
      if (!message) return { note: SEND_NOTES.noEmail };
      call.afterCommit.push(() => call.ctx.mailer.send(message));
      return { note: SEND_NOTES.sent(message.to) };
    },
    async cancel(trx, call, before) {
      const any = await sql`SELECT 1 FROM receipts WHERE purchase_order_id = ${before.id} AND org_id = ${call.orgId} LIMIT 1`.execute(trx);
      if (any.rows.length) throw new HttpError(409, PURCHASE_ORDER_MESSAGES.received);
    },
  },
});

/** The organisation's over-receipt tolerance in basis points (0 when never set). */
async function receiptTolerance(trx: Trx, orgId: string): Promise<number> {
  const row = await sql<{ bp: number }>`SELECT receipt_tolerance AS bp FROM purchasing_settings WHERE org_id = ${orgId}`.execute(trx);
  return Number(row.rows[0]?.bp ?? 0);
}

interface ReceiptLine {
  purchaseOrderLineId: string;
  received: number;
  rejected: number;
  rejectionReason?: string | null;
}

/** Calls that record a service's entrega on its requester's confirmation (service-confirmations.ts). */
const serviceReceipts = new WeakSet<Call>();

/** Lets this call receive service lines: only the requester's confirmation makes such a call. */
export function allowServiceReceipt(call: Call): Call {
  serviceReceipts.add(call);
  return call;
}

/**
 * Locks the ordem de compra, then checks every line against what it still takes. A service line
 * (its product a service) is received only by its requester's confirmation: 409 naming the line.
 */
async function checkReceipt(trx: Trx, call: Call, values: Record<string, unknown>): Promise<void> {
  const orderId = String(values.purchaseOrderId ?? '');
  const order = await sql<{ number: string; status: string }>`SELECT number::text, status FROM purchase_orders WHERE id = ${orderId.slice(0, 64)} AND org_id = ${call.orgId} FOR UPDATE`.execute(trx);
  const row = order.rows[0];
  if (!row) throw fieldError('purchaseOrderId', MESSAGES.notFound);
  const receivable = findTransition(purchaseOrders.workflow!, 'receive')!.from;
  if (!receivable.includes(row.status)) {
    throw new HttpError(409, RECEIPT_MESSAGES.notReceivable(Number(row.number), purchaseOrders.workflow!.states[row.status]?.label ?? row.status));
  }
  const lines = (await sql<{ id: string; quantity: string; received: string; position: number; description: string; service: boolean }>`SELECT pl.id, pl.quantity::text,
      COALESCE((SELECT sum(rl.received) FROM receipt_lines rl WHERE rl.purchase_order_line_id = pl.id), 0)::text AS received, pl.position, pl.description,
      EXISTS (SELECT 1 FROM products p WHERE p.id = pl.product_id AND p.kind = 'service') AS service
    FROM purchase_order_lines pl WHERE pl.purchase_order_id = ${orderId}`.execute(trx)).rows;
  const items = (values.lines as ReceiptLine[] | undefined) ?? [];
  if (!serviceReceipts.has(call)) {
    const service = lines.find((line) => line.service && items.some((item) => item.purchaseOrderLineId === line.id));
    if (service) throw new HttpError(409, SERVICE_MESSAGES.byRequester(service.position + 1, service.description));
  }
  const tolerance = await receiptTolerance(trx, call.orgId);
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const line = lines.find((l) => l.id === item.purchaseOrderLineId);
    if (!line) return void (errors[`lines.${index}.purchaseOrderLineId`] = [RECEIPT_MESSAGES.unknownLine]);
    if (seen.has(line.id)) return void (errors[`lines.${index}.purchaseOrderLineId`] = [RECEIPT_MESSAGES.twice]);
    seen.add(line.id);
    if (item.rejected > 0 && !item.rejectionReason?.trim()) errors[`lines.${index}.rejectionReason`] = [RECEIPT_MESSAGES.reason];
    // Integer arithmetic: the ceiling of quantity × (1 + tolerance).
    const ordered = Number(line.quantity);
    const limit = ordered + Math.floor((ordered * tolerance) / 10_000);
    const room = limit - Number(line.received);
    if (item.received > room) errors[`lines.${index}.received`] = [RECEIPT_MESSAGES.tooMuch(Math.max(0, room))];
  });
  if (!items.some((item) => item.received > 0 || item.rejected > 0)) errors.lines = [RECEIPT_MESSAGES.nothing];
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}

export const receiptsStorage: ResourceStorage = declaredStorage(receipts, 'receipts', {
  children: { lines: { table: 'receipt_lines', own: 'receipt_id' } },
  async beforeCreate(trx, call, values) {
    await checkReceipt(trx, call, values);
  },
  async afterCreate(trx, call, record) {
    const service = call.ctx.records(purchaseOrders.name);
    await service.runAction(trx, service.callFrom(call), String(record.purchaseOrderId), 'receive', {}, undefined, { system: true });
  },
  async beforeUpdate() {
    throw new HttpError(409, RECEIPT_MESSAGES.immutable);
  },
  async beforeDelete() {
    throw new HttpError(409, RECEIPT_MESSAGES.immutable);
  },
});

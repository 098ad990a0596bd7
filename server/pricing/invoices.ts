/**
 * Storage of the faturamentos (`invoices`, lines in `invoice_lines`, duplicatas in
 * `invoice_duplicates`) and their three-way match.
 *
 * Every write matches each line with its ordem de compra line — the price within the organisation's
 * price tolerance (percent or absolute, whichever is larger), the quantity invoiced so far within
 * what the entregas received (plus the quantity tolerance) — and keeps `matchStatus` and the
 * `divergences` line by line. "Aceitar" locks the ordem de compra and matches again, so the
 * approval (declared: only a divergent faturamento goes to a queue, and never auto-approved) sees
 * the figures as they are. Once accepted, the lançamento a pagar is made from it (mapping
 * `invoiceToPayable`: parcelas from the duplicatas, else from the ordem's payment terms), linked
 * both ways, and the ordem de compra becomes "faturada" through its own transition.
 */
import { sql } from 'kysely';
import { nextBusinessDay } from '../../src/contracts/brazil/businessDays.js';
import { formatMoney } from '../../src/contracts/money.js';
import type { MapSource, RecordMapping } from '../../src/contracts/mapping.js';
import { buildInstallments, parsePaymentCondition } from '../../src/contracts/paymentTerms.js';
import { INVOICE_MESSAGES, invoiceIssues, invoices } from '../../src/contracts/resources/invoices.js';
import { payables } from '../../src/contracts/resources/payables.js';
import { PURCHASE_ORDER_INVOICEABLE, purchaseOrders } from '../../src/contracts/resources/purchaseOrders.js';
import { SERVICE_MESSAGES } from '../../src/contracts/serviceConfirmation.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { HttpError, MESSAGES, fieldError, type FieldErrors } from '../errors.js';
import { declaredStorage } from '../registry/declared.js';
import { makeFrom } from '../registry/mapper.js';
import type { Call, ResourceStorage, Trx, Values, WireRecord } from '../registry/storage.js';
import { invoiceAllocations } from './invoiceAllocations.js';
import { contestedLine } from './service-confirmations.js';

/** A faturamento → its lançamento a pagar, one parcela per duplicata (or per term of the ordem's condition). */
export const invoiceToPayable: RecordMapping = {
  name: 'invoiceToPayable',
  from: 'invoices',
  to: 'payables',
  fields: {
    supplierId: 'supplierId', categoryId: 'categoryId', requesterId: 'requesterId', orderId: 'orderId', invoiceId: 'id', documentType: 'documentType',
    documentNumber: 'documentNumber', issueDate: 'issuedOn', competence: 'competence', description: 'description', total: 'total', paymentCondition: 'paymentTerms',
    allocations: 'allocations', notes: 'notes',
  },
  lines: { from: 'installments', to: 'installments', fields: { number: 'number', dueDate: 'dueDate', amount: 'amount', paymentMethod: 'paymentMethod' } },
  // The boleto arrives later: the lançamento's submission checks each parcela's payment data.
  deferLineChecks: true,
};

interface Tolerances {
  priceBp: number;
  priceCents: number;
  quantityBp: number;
}

async function tolerances(trx: Trx, orgId: string): Promise<Tolerances> {
  const row = await sql<{ price_bp: number; price_cents: string; quantity_bp: number }>`SELECT price_tolerance AS price_bp, price_tolerance_amount::text AS price_cents,
    quantity_tolerance AS quantity_bp FROM purchasing_settings WHERE org_id = ${orgId}`.execute(trx);
  const found = row.rows[0];
  return { priceBp: Number(found?.price_bp ?? 0), priceCents: Number(found?.price_cents ?? 0), quantityBp: Number(found?.quantity_bp ?? 0) };
}

interface OrderLine {
  id: string;
  position: number;
  unit_price: string;
  received: string;
  invoiced: string;
}

/** The ordem de compra (checked invoiceable; `lock` takes its row) and its lines with what was received and invoiced by other live faturamentos. */
async function orderOf(trx: Trx, call: Call, orderId: string, invoiceId: string | null, lock: boolean) {
  const found = await sql<{ id: string; number: string; status: string; supplier_id: string; cost_center_id: string | null; payment_terms: string | null }>`SELECT id, number::text, status,
      supplier_id, cost_center_id, payment_terms FROM purchase_orders WHERE id = ${orderId.slice(0, 64)} AND org_id = ${call.orgId} ${lock ? sql`FOR UPDATE` : sql``}`.execute(trx);
  const order = found.rows[0];
  if (!order) throw fieldError('purchaseOrderId', MESSAGES.notFound);
  const lines = (await sql<OrderLine>`SELECT pl.id, pl.position, pl.unit_price::text,
      COALESCE((SELECT sum(rl.received) FROM receipt_lines rl WHERE rl.purchase_order_line_id = pl.id), 0)::text AS received,
      COALESCE((SELECT sum(il.quantity) FROM invoice_lines il JOIN invoices i ON i.id = il.invoice_id
        WHERE il.purchase_order_line_id = pl.id AND i.status IN ('awaitingApproval', 'accepted') AND i.id IS DISTINCT FROM ${invoiceId}), 0)::text AS invoiced
    FROM purchase_order_lines pl WHERE pl.purchase_order_id = ${order.id} ORDER BY pl.position`.execute(trx)).rows;
  return { order, lines };
}

/** Matches the lines: 400 for a line of another ordem; the divergences (empty when conforming) otherwise. */
function match(values: Values, lines: OrderLine[], tolerance: Tolerances): { matchStatus: string; divergences: { line: number; message: string }[] } {
  const items = (values.lines as { purchaseOrderLineId: string; quantity: number; unitPrice: number }[] | undefined) ?? [];
  const errors: FieldErrors = {};
  const divergences: { line: number; message: string }[] = [];
  const invoicedNow = new Map<string, number>();
  items.forEach((item, index) => {
    const line = lines.find((l) => l.id === item.purchaseOrderLineId);
    if (!line) return void (errors[`lines.${index}.purchaseOrderLineId`] = [INVOICE_MESSAGES.unknownLine]);
    const ordered = Number(line.unit_price);
    const allowed = Math.max(tolerance.priceCents, Math.floor((ordered * tolerance.priceBp) / 10_000));
    if (Math.abs(item.unitPrice - ordered) > allowed) divergences.push({ line: index + 1, message: `Preço ${formatMoney(item.unitPrice)}; na ordem de compra, ${formatMoney(ordered)}.` });
    const received = Number(line.received);
    const invoiced = Number(line.invoiced) + (invoicedNow.get(line.id) ?? 0) + item.quantity;
    invoicedNow.set(line.id, (invoicedNow.get(line.id) ?? 0) + item.quantity);
    const room = received + Math.floor((received * tolerance.quantityBp) / 10_000);
    if (invoiced > room) divergences.push({ line: index + 1, message: `Quantidade faturada ${invoiced}; recebida ${received}.` });
  });
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
  return { matchStatus: divergences.length ? 'divergent' : 'conforming', divergences };
}

async function matched(trx: Trx, call: Call, values: Values, invoiceId: string | null, lock: boolean): Promise<Values> {
  const { order, lines } = await orderOf(trx, call, String(values.purchaseOrderId ?? ''), invoiceId, lock);
  if (!(PURCHASE_ORDER_INVOICEABLE as readonly string[]).includes(order.status)) {
    throw new HttpError(409, INVOICE_MESSAGES.notInvoiceable(Number(order.number), purchaseOrders.workflow!.states[order.status]?.label ?? order.status));
  }
  const result = match(values, lines, await tolerances(trx, call.orgId));
  return { supplierId: order.supplier_id, ...result };
}

const columnsOf = (values: Values) => ({ supplier_id: values.supplierId, match_status: values.matchStatus, divergences: JSON.stringify(values.divergences) });

/** `MM/YYYY` of a date. */
const competenceOf = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The lançamento a pagar of an accepted faturamento, and the ordem de compra "faturada". */
async function makePayable(trx: Trx, call: Call, invoice: WireRecord): Promise<void> {
  const context = await sql<{ cost_center_id: string | null; payment_terms: string | null; order_id: string | null; requester_id: string | null; supplier: string | null }>`SELECT po.cost_center_id,
      po.payment_terms,
      (SELECT l1.source_id FROM record_links l2 JOIN record_links l1 ON l1.target_line_id = l2.source_line_id AND l1.source_type = 'orders'
        WHERE l2.target_id = po.id AND l2.target_type = 'purchaseOrders' ORDER BY l1.source_id LIMIT 1) AS order_id,
      (SELECT o.created_by FROM record_links l2 JOIN record_links l1 ON l1.target_line_id = l2.source_line_id AND l1.source_type = 'orders' JOIN orders o ON o.id = l1.source_id
        WHERE l2.target_id = po.id AND l2.target_type = 'purchaseOrders' ORDER BY l1.source_id LIMIT 1) AS requester_id,
      (SELECT p.name FROM persons p WHERE p.id = po.supplier_id) AS supplier
    FROM purchase_orders po WHERE po.id = ${String(invoice.purchaseOrderId)} AND po.org_id = ${call.orgId}`.execute(trx);
  const po = context.rows[0];
  const total = Number(invoice.total);
  const duplicates = (invoice.duplicates as { number: string; dueDate: string; amount: number }[]) ?? [];
  let plan: { number: number; dueDate: string; amount: number }[];
  // A duplicata due on a weekend or holiday is paid on the next business day (as the bank takes it): the parcela is due then.
  if (duplicates.length) plan = duplicates.map((d, i) => ({ number: i + 1, dueDate: nextBusinessDay(d.dueDate), amount: d.amount }));
  else {
    const parsed = parsePaymentCondition(po.payment_terms ?? '30');
    const condition = parsed.ok ? parsed.condition : { days: [30] };
    plan = buildInstallments({ total, condition, startDate: String(invoice.issuedOn) }).map((p) => ({ number: p.number, dueDate: p.dueDate, amount: p.amount }));
  }
  const kind = String(invoice.kind);
  const source: MapSource = {
    record: {
      id: invoice.id, supplierId: invoice.supplierId, categoryId: invoice.categoryId, requesterId: po.requester_id, orderId: po.order_id,
      documentType: kind === 'bill' ? 'invoice' : kind, documentNumber: invoice.number, issuedOn: invoice.issuedOn, competence: competenceOf(String(invoice.issuedOn)),
      description: `${kind === 'nfe' ? 'NF-e' : kind === 'nfse' ? 'NFS-e' : 'Fatura'} nº ${invoice.number} — ${po.supplier ?? ''}`.slice(0, 240), total,
      paymentTerms: duplicates.length ? null : po.payment_terms, notes: null,
      // By the pedidos' cost centres (invoiceAllocations.ts); a cost centre chosen on the faturamento takes it all.
      allocations: await invoiceAllocations(trx, call, invoice, total, po.cost_center_id),
    },
    lines: plan.map((p) => ({ id: `${invoice.id}:${p.number}`, ...p, paymentMethod: 'boleto' })),
  };
  const [payable] = await makeFrom(trx, call, invoiceToPayable, [source]);
  // The faturamento names its lançamento through its own service: a version, and the link in its audit ("Vínculo com o registro gerado").
  const invoices$ = call.ctx.records(invoices.name);
  await invoices$.updateWhere(trx, invoices$.callFrom(call), [sql`t.id = ${invoice.id}`], () => ({ payableId: payable.id }), 'link');
  const orders = call.ctx.records(purchaseOrders.name);
  const invoiceable = findTransition(purchaseOrders.workflow!, 'invoice')!;
  await orders.transitionWhere(trx, orders.callFrom(call), [sql`t.id = ${String(invoice.purchaseOrderId)}`, sql`t.status IN (${sql.join(invoiceable.from)})`], 'invoice', {}, { system: true });
}

export const invoicesStorage: ResourceStorage = declaredStorage(invoices, 'invoices', {
  children: {
    lines: { table: 'invoice_lines', own: 'invoice_id' },
    duplicates: { table: 'invoice_duplicates', own: 'invoice_id' },
  },
  validate: (values) => invoiceIssues(values),
  async beforeCreate(trx, call, values) {
    return columnsOf(await matched(trx, call, values, null, false));
  },
  async beforeUpdate(trx, call, values, before) {
    return columnsOf(await matched(trx, call, values, before.id, false));
  },
  transitions: {
    async accept(trx, call, before) {
      if (!before.categoryId) throw fieldError('categoryId', INVOICE_MESSAGES.noCategory);
      const again = await matched(trx, call, before, before.id, true);
      // A service its requester contested waits for their confirmation (service-confirmations.ts).
      const contested = await contestedLine(trx, before.id);
      if (contested) throw new HttpError(409, SERVICE_MESSAGES.contested(contested.position + 1, contested.description));
      const costCenter = before.costCenterId ?? (await sql<{ c: string | null }>`SELECT cost_center_id AS c FROM purchase_orders WHERE id = ${String(before.purchaseOrderId)}`.execute(trx)).rows[0]?.c;
      if (!costCenter) throw fieldError('costCenterId', INVOICE_MESSAGES.noCostCenter);
      return { values: { matchStatus: again.matchStatus, divergences: again.divergences } };
    },
  },
  async afterTransition(trx, call, record, _transition, from) {
    if (record.status === 'accepted' && from !== 'accepted') await makePayable(trx, call, record);
  },
});

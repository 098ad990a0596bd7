/**
 * The rateio of the lançamento a pagar an accepted faturamento becomes: by the cost centres of the
 * pedidos its lines were bought for. Each faturamento line's amount goes to the pedidos behind its
 * ordem line (record_links: pedido line → cotação line → ordem line), in proportion to the
 * quantity each pedido brought; a line with no pedido behind it (an ordem typed in) goes to the
 * ordem's cost centre. Freight and whatever else the total holds beyond its lines follows the same
 * proportions. A cost centre chosen on the faturamento takes it all, as its form says. Centavo-exact
 * (splitAmount): the amounts always add up to the total.
 */
import { sql } from 'kysely';
import { lineAmount, splitAmount } from '../../src/contracts/money.js';
import type { Call, Trx, WireRecord } from '../registry/storage.js';

export type Allocation = { costCenterId: string | null; percent: number; amount: number };

export async function invoiceAllocations(trx: Trx, call: Call, invoice: WireRecord, total: number, orderCentre: string | null): Promise<Allocation[]> {
  const whole = (costCenterId: string | null): Allocation[] => [{ costCenterId, percent: 10_000, amount: total }];
  if (invoice.costCenterId) return whole(String(invoice.costCenterId));
  const rows = (
    await sql<{ line: string; quantity: string; unit_price: string; cost_center_id: string | null; brought: string | null }>`SELECT il.id AS line, il.quantity::text, il.unit_price::text, o.cost_center_id, l1.quantity::text AS brought
      FROM invoice_lines il
      LEFT JOIN record_links l2 ON l2.org_id = ${call.orgId} AND l2.target_type = 'purchaseOrders' AND l2.source_type = 'quotes' AND l2.target_line_id = il.purchase_order_line_id
      LEFT JOIN record_links l1 ON l1.org_id = ${call.orgId} AND l1.target_type = 'quotes' AND l1.source_type = 'orders' AND l1.target_line_id = l2.source_line_id
      LEFT JOIN orders o ON o.id = l1.source_id AND o.org_id = ${call.orgId}
     WHERE il.invoice_id = ${invoice.id}
     ORDER BY il.position, o.number`.execute(trx)
  ).rows;
  const byCentre = new Map<string | null, number>();
  const add = (centre: string | null, amount: number) => byCentre.set(centre, (byCentre.get(centre) ?? 0) + amount);
  const lines = new Map<string, typeof rows>();
  for (const row of rows) lines.set(row.line, [...(lines.get(row.line) ?? []), row]);
  for (const origins of lines.values()) {
    const amount = lineAmount(Number(origins[0].quantity), Number(origins[0].unit_price)) ?? 0;
    const pedidos = origins.filter((origin) => origin.brought !== null && Number(origin.brought) > 0 && origin.cost_center_id);
    if (!amount) continue;
    if (!pedidos.length) add(orderCentre, amount);
    else splitAmount(amount, pedidos.map((origin) => Number(origin.brought))).forEach((share, index) => add(pedidos[index].cost_center_id, share));
  }
  const centres = [...byCentre].filter(([, weight]) => weight > 0);
  if (centres.length <= 1 || centres.some(([centre]) => centre === null)) return whole(centres.length === 1 ? centres[0][0] : orderCentre);
  const amounts = splitAmount(total, centres.map(([, weight]) => weight));
  const percents = splitAmount(10_000, centres.map(([, weight]) => weight));
  return centres.map(([costCenterId], index) => ({ costCenterId, percent: percents[index], amount: amounts[index] })).sort((a, b) => b.amount - a.amount);
}

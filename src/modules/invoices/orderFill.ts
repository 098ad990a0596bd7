/**
 * What an ordem de compra brings to a faturamento typed in: one line per ordem line (the line's
 * own id, which the server matches three ways, its description, the quantity received — the
 * ordered one while nothing was received — and its price) and the total with the freight. The
 * cost centre stays empty: the lançamento's rateio then follows the pedidos' cost centres. Nobody
 * types an ordem line's id.
 */
import { lineAmount, sumAmounts } from '../../contracts/money';
import type { FillMap } from '../../core/resources/fills';
import type { Row } from '../../core/resources/useList';

type OrderLine = { id: string; description?: string; quantity?: number; unitPrice?: number };

function invoiceLines(order: Row) {
  const received = new Map(((order.received as { lineId: string; received: number }[] | undefined) ?? []).map((entry) => [entry.lineId, entry.received]));
  return ((order.lines as OrderLine[] | undefined) ?? []).map((line) => ({
    purchaseOrderLineId: line.id,
    description: line.description ?? '',
    quantity: received.get(line.id) || line.quantity || 0,
    unitPrice: line.unitPrice ?? 0,
  }));
}

export const ORDER_TO_INVOICE: FillMap = {
  lines: invoiceLines,
  // Exact centavos (BigInt inside): NaN past the money limit, which the form's total refuses.
  total: (order: Row) => sumAmounts([...invoiceLines(order).map((line) => lineAmount(line.quantity, line.unitPrice)), Number(order.freight ?? 0)]),
};

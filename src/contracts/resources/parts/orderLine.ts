import type { LineOf } from '../../resource';

/** An entrega's or a faturamento's line names the ordem de compra's line it answers: chosen from the record's ordem, shown by its description. */
export const ORDER_LINE: LineOf = { reference: 'purchaseOrderId', list: 'lines', label: 'description' };

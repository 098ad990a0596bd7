/** A faturamento typed in starts from its ordem de compra: its lines (with their ids), the quantities received, the total with freight. */
import { describe, expect, it } from 'vitest';
import { patchFrom } from '../../../src/core/resources/fills';
import { ORDER_TO_INVOICE } from '../../../src/modules/invoices/orderFill';

const order = {
  id: 'po1',
  version: 3,
  createdAt: '2026-11-20T12:00:00Z',
  updatedAt: '2026-11-21T12:00:00Z',
  number: 7,
  costCenterId: 'cc-ti',
  freight: 2500,
  lines: [
    { id: 'l1', description: 'Água mineral 500 ml', quantity: 10, unitPrice: 150 },
    { id: 'l2', description: 'Papel toalha', quantity: 13, unitPrice: 1100 },
  ],
  received: [{ lineId: 'l2', received: 10, rejected: 2 }],
};

describe('an ordem de compra filling a faturamento', () => {
  it('brings each line with its id, the quantity received (the ordered one while none was), its price, and the total with the freight; not a cost centre', () => {
    const patch = patchFrom(order, ORDER_TO_INVOICE, { lines: [], total: null, costCenterId: null }, { lines: [], total: null, costCenterId: null });
    expect(patch.lines).toEqual([
      { purchaseOrderLineId: 'l1', description: 'Água mineral 500 ml', quantity: 10, unitPrice: 150 },
      { purchaseOrderLineId: 'l2', description: 'Papel toalha', quantity: 10, unitPrice: 1100 },
    ]);
    expect(patch.total).toBe(10 * 150 + 10 * 1100 + 2500);
    // The cost centre is left empty: the lançamento's rateio follows the pedidos' (server/pricing/invoiceAllocations.ts).
    expect(patch).not.toHaveProperty('costCenterId');
  });

  it('never overwrites what the person already typed', () => {
    const typed = { lines: [{ purchaseOrderLineId: 'l1', description: 'Água', quantity: 3, unitPrice: 150 }], total: 450, costCenterId: 'cc-fin' };
    expect(patchFrom(order, ORDER_TO_INVOICE, typed, { lines: [], total: null, costCenterId: null })).toEqual({});
  });
});

/**
 * Storage of the supply family's registries (`/v1/supply`):
 * - the product department tree (`categories` → `product_categories`; the slug is unique among
 *   siblings, a node cannot move under itself or a descendant, a node with children or products is
 *   not deleted);
 * - pedidos (`orders`, lines in `order_lines` with stable ids), numbered per organisation (one
 *   atomic counter); its approval plug is declared (registry/families.ts plugs it).
 */
import { sql } from 'kysely';
import { categories, orders } from '../../src/contracts/resources/index.js';
import { orderLineIssues } from '../../src/contracts/resources/orders.js';
import { declaredStorage } from '../registry/declared.js';
import type { Call, Storages, Trx } from '../registry/storage.js';

/** The next number of a per-organisation sequence (`orders` → 1, 2, 3…), taken atomically. */
export async function nextNumber(trx: Trx, call: Call, name: string): Promise<number> {
  const row = await sql<{ value: string | number }>`INSERT INTO org_counters (org_id, name, value) VALUES (${call.orgId}, ${name}, 1)
    ON CONFLICT (org_id, name) DO UPDATE SET value = org_counters.value + 1 RETURNING value`.execute(trx);
  return Number(row.rows[0].value);
}

export const supplyStorages: Storages = {
  categories: declaredStorage(categories, 'product_categories'),
  orders: declaredStorage(orders, 'orders', {
    children: {
      lines: {
        table: 'order_lines',
        own: 'order_id',
        columns: { productId: 'product_id', description: 'description', quantity: 'quantity', unit: 'unit', unitPrice: 'unit_price', neededBy: 'needed_by' },
      },
    },
    async beforeCreate(trx, call) {
      return { number: await nextNumber(trx, call, 'orders') };
    },
    validate: (values) => orderLineIssues(values),
  }),
};

/**
 * Storage of the supply family's registries (`/v1/supply`):
 * - the product department tree (`categories` → `product_categories`; the slug is unique among
 *   siblings, a node cannot move under itself or a descendant, a node with children or products is
 *   not deleted);
 * - pedidos (`orders`, lines in `order_lines` with stable ids), numbered per organisation (one
 *   atomic counter); numbering and the approval plug are declared (the service and
 *   registry/families.ts apply them).
 */
import { categories, orders } from '../../src/contracts/resources/index.js';
import { orderLineIssues } from '../../src/contracts/resources/orders.js';
import { declaredStorage } from '../registry/declared.js';
import type { Storages } from '../registry/storage.js';

export const supplyStorages: Storages = {
  categories: declaredStorage(categories, 'product_categories'),
  orders: declaredStorage(orders, 'orders', {
    children: {
      lines: { table: 'order_lines', own: 'order_id' },
    },
    validate: (values) => orderLineIssues(values),
  }),
};

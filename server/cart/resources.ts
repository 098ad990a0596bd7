/**
 * Storage of the cart family's registries (`/v1/cart`): products (`products`; SKU unique per
 * organisation, price in centavos, media and variants as jsonb lists, department from the
 * supply family's `categories`; filtering by a department includes its sub-departments).
 */
import { products } from '../../src/contracts/resources/index.js';
import { declaredStorage } from '../registry/declared.js';
import type { Storages } from '../registry/storage.js';

export const cartStorages: Storages = {
  products: declaredStorage(products, 'products', {
    foldedColumns: { name: 'name_folded' },
    treeFilters: { categoryId: { table: 'product_categories', parentColumn: 'parent_id' } },
  }),
};

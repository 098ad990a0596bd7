/**
 * Storage of the supply family's registries (`/v1/supply`): the product department tree
 * (`categories` → `product_categories`; the slug is unique among siblings, a node cannot move
 * under itself or a descendant, a node with children or products is not deleted).
 */
import { categories } from '../../src/contracts/resources/index.js';
import { declaredStorage } from '../registry/declared.js';
import type { Storages } from '../registry/storage.js';

export const supplyStorages: Storages = {
  categories: declaredStorage(categories, 'product_categories'),
};

/** The pricing family's records (`/v1/pricing`): cotações, solicitações, ordens de compra, entregas. */
import type { Storages } from '../registry/storage.js';
import { purchaseOrdersStorage, receiptsStorage } from './purchase-orders.js';
import { quoteRequestsStorage, quotesStorage } from './quotes.js';

export const pricingStorages: Storages = {
  quotes: quotesStorage,
  quoteRequests: quoteRequestsStorage,
  purchaseOrders: purchaseOrdersStorage,
  receipts: receiptsStorage,
};

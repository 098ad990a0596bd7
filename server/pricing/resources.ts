/** The pricing family's records (`/v1/pricing`): cotações, solicitações, ordens de compra, entregas, faturamentos. */
import type { Storages } from '../registry/storage.js';
import { purchasingSettings } from '../../src/contracts/resources/purchasingSettings.js';
import { declaredSingleton } from '../registry/singleton.js';
import { invoicesStorage } from './invoices.js';
import { purchaseOrdersStorage, receiptsStorage } from './purchase-orders.js';
import { quoteRequestsStorage, quotesStorage } from './quotes.js';

export const pricingStorages: Storages = {
  quotes: quotesStorage,
  quoteRequests: quoteRequestsStorage,
  purchaseOrders: purchaseOrdersStorage,
  receipts: receiptsStorage,
  invoices: invoicesStorage,
  purchasingSettings: declaredSingleton(purchasingSettings, 'purchasing_settings'),
};

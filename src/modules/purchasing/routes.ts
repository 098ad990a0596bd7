/** Ordens de compra and entregas with their screens (`<bo-ordens-de-compra>` and the portal). */
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { purchaseOrdersRouteData, receiptsRouteData } from './routes.data';

export const purchaseOrdersRoutes = withRegistryLoaders(purchaseOrdersRouteData, {
  orderDetails: () => import('./PurchaseOrderDetails'),
  orderList: () => import('./PurchaseOrderListPage'),
  orderDocument: () => import('./PurchaseOrderDocument'),
  addItems: () => import('../quotes/AddItemsRedirect'),
  proposal: () => import('./ProposalPage'),
});

export const receiptsRoutes = withRegistryLoaders(receiptsRouteData, {
  receiptForm: () => import('./ReceiptFormPage'),
});

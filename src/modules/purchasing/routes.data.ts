/**
 * Ordens de compra and entregas (issue 24), as data: the ordens registry with the printable
 * ordem (`solicitacao`) and its lines with what was received as the details body, the queue of
 * ordens waiting for the buyer (rascunho, aprovada, enviada), the supplier's proposal that led
 * to an ordem, and the entregas (/receipts), registered from an ordem with its lines prefilled.
 * `<bo-ordens-de-compra>` serves these same routes.
 */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';
import { resourceRouteData } from '../registry/routeData';

export const purchaseOrdersRouteData: RouteData[] = [
  // Ordens waiting for the buyer: to submit, to send, to receive (a queue: nothing added nor deleted here).
  ...resourceRouteData('purchaseOrders', { base: '/ordens-de-compra/fila', title: 'Ordens de Compra', fixedQuery: { status: ['draft', 'approved', 'sent', 'partiallyReceived'] }, defaultSort: 'createdAt', bornOf: true }),
  ...resourceRouteData('purchaseOrders', {
    pages: [{ path: 'solicitacao', label: 'purchasing.tabs.document', view: 'orderDocument' }],
    details: 'orderDetails',
    views: { list: 'orderList' },
  }),
  page('/ordens-de-compra/{purchaseOrderId}/adicionar-itens', 'Ordens de Compra', { view: 'addItems' }),
  page('/ordens-de-compra/{purchaseOrderId}/proposta/{requestId}', 'Ordens de Compra', { view: 'proposal' }),
];

export const receiptsRouteData: RouteData[] = [
  ...resourceRouteData('receipts', { views: { create: 'receiptForm' } }),
];

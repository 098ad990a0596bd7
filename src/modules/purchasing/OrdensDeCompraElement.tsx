/** `<bo-ordens-de-compra>`: the ordens de compra and their entregas on the element's own history (the shared area element). */
import { emit } from '../../core/elements/events';
import { createAreaElement } from '../area/AreaElement';
import { purchaseOrdersRoutes, receiptsRoutes } from './routes';

export const OrdensDeCompraElement = createAreaElement({
  routes: [...purchaseOrdersRoutes, ...receiptsRoutes],
  home: '/ordens-de-compra',
  resources: ['purchaseOrders', 'receipts'],
  events: (host) => ({
    created: (resource, record) => {
      if (resource === 'receipts') emit(host, 'bo-receipt-created', { id: record.id, number: (record.number as number | undefined) ?? null, purchaseOrderId: String(record.purchaseOrderId ?? '') });
    },
  }),
});

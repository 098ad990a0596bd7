/**
 * `<bo-pedidos>`: list → detail → form → catalogue on the element's own history (the shared
 * area element), with the pedido's own events.
 */
import { emit } from '../../core/elements/events';
import { createAreaElement } from '../area/AreaElement';
import { ordersRoutes } from './routes';

export const PedidosElement = createAreaElement({
  routes: ordersRoutes,
  home: '/pedidos',
  resources: ['orders'],
  events: (host) => ({
    created: (resource, record) => {
      if (resource === 'orders') emit(host, 'bo-order-created', { id: record.id, number: (record.number as number | undefined) ?? null, title: String(record.title ?? '') });
    },
    transition: (resource, transition, record) => {
      if (resource === 'orders' && transition === 'submit') emit(host, 'bo-order-submitted', { id: record.id, number: (record.number as number | undefined) ?? null, status: String(record.status ?? '') });
    },
  }),
});

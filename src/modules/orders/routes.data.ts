/**
 * Pedidos, as data: the generic registry (list with "Meus / Todos", show with the workflow, form
 * with keyed lines and the live total) plus its own pages — the printable request and the approval
 * flows as show sub-pages, the services the requester confirms under the details, the catalogue,
 * the product page. `<bo-pedidos>` serves these same routes.
 */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';
import { resourceRouteData } from '../registry/routeData';

export const ordersRouteData: RouteData[] = [
  ...resourceRouteData('orders', {
    pages: [
      { path: 'solicitacao', label: 'orders.tabs.request', view: 'request' },
      { path: 'analises', label: 'orders.tabs.approvals', view: 'approvals' },
    ],
    details: 'details',
    views: { list: 'list', create: 'form', edit: 'form' },
  }),
  page('/pedidos/catalogo', 'Catálogo', { view: 'catalogue' }),
  page('/pedidos/catalogo/busca', 'Catálogo', { view: 'catalogue' }),
  page('/pedidos/catalogo/{categorySlug*}', 'Catálogo', { view: 'catalogue' }),
  page('/pedidos/produto/{productId*}', 'Produto', { view: 'product' }),
];

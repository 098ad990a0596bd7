/**
 * Cotações (issue 24), as data: the queue of approved pedidos waiting for a cotação (the pedidos'
 * own list with a fixed filter), the cotações registry with its own pages (the análise, the
 * printable solicitação) and its lines with their pedidos as the details body, and the
 * solicitações nested under a cotação (`orcamentos`), each answered on its own page.
 * `<bo-cotacoes>` serves these same routes.
 */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';
import { resourceRouteData } from '../registry/routeData';

export const quotesRouteData: RouteData[] = [
  // Pedidos aprovados aguardando cotação: select several → "Iniciar cotação". Nothing is added
  // nor deleted from a queue (`bornOf`: no "Novo pedido", no adicionar, no delete).
  ...resourceRouteData('orders', { base: '/cotacoes/fila', title: 'Cotações', fixedQuery: { status: ['approved'] }, defaultSort: 'createdAt', bornOf: true, views: { list: 'queue' } }),
  ...resourceRouteData('quotes', {
    pages: [
      { path: 'analises', label: 'quotes.tabs.analysis', view: 'analysis' },
      { path: 'solicitacao', label: 'quotes.tabs.request', view: 'quoteDocument' },
    ],
    details: 'quoteDetails',
    // "Concluir e gerar ordens de compra" takes the award per line: on the análise.
    transitionPages: { conclude: 'analises' },
    views: { list: 'quoteList' },
  }),
  page('/cotacoes/{quoteId}/adicionar-itens', 'Cotações', { view: 'addItems' }),
  // The solicitações (one per supplier) and each supplier's orçamento, typed in by the buyer.
  ...resourceRouteData('quoteRequests', { title: 'Cotações', views: { create: 'answer', show: 'answer', edit: 'answer' } }),
];

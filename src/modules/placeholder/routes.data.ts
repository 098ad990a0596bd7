/** The areas of the spec (§2) still to come, as data: each path shows the "em construção" screen inside the portal layout. */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';

export const placeholderRouteData: RouteData[] = [
  // Procurement: cotações, ordens de compra and entregas (modules/quotes, modules/purchasing), faturamentos (modules/invoices)
  // Finance
  // extrato-de-movimentacoes: the registry bankStatementLines (modules/registry)
  // BI
  ...['', '/dfc', '/dre', '/dre1', '/dre2'].map((sub) => page(`/bi/dashboards${sub}`, 'Painéis')),
  // dre and fluxo-de-caixa: the BI area (modules/bi)
  ...['analitico', 'dfc'].map((sub) => page(`/bi/relatorios/${sub}`, 'Relatórios')),
  // tokens-de-conta: the BI area (modules/bi)
  // Settings
  page('/configuracoes', 'Configurações'),
];

/** The areas of the spec (§2) still to come, as data: each path shows the "em construção" screen inside the portal layout. */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';

export const placeholderRouteData: RouteData[] = [
  // Procurement: cotações, ordens de compra and entregas (modules/quotes, modules/purchasing), faturamentos (modules/invoices)
  // Finance
  // extrato-de-movimentacoes: the registry bankStatementLines (modules/registry)
  // BI: painéis (modules/bi/dashboards); relatorios (analitico, dre, dfc, fluxo-de-caixa) and tokens-de-conta (modules/bi)
  // /configuracoes: the settings hub (modules/settings)
];

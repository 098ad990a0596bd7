/** The BI area's routes as data (issue 26): saldos de conta (a registry) and the reports (the report screen kind). */
import { REPORTS } from '../../contracts/reports';
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';
import { resourceRouteData } from '../registry/routeData';

export const biRouteData: RouteData[] = [
  ...resourceRouteData('accountBalances'),
  // Tokens de conta: the generic screens; the secret shown once after the create (tokensShow.tsx).
  ...resourceRouteData('accountTokens', { views: { create: 'tokenCreate', show: 'tokenShow' } }),
  page(REPORTS.dre.route, REPORTS.dre.title, { view: 'dre' }),
  page(REPORTS.cashFlow.route, REPORTS.cashFlow.title, { view: 'cashFlow' }),
];

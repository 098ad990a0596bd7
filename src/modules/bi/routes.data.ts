/** The BI area's routes as data (issue 26): saldos de conta (a registry), the reports (the report screen kind) and the painéis. */
import { REPORT_PAGES } from '../../contracts/reportPages';
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';
import { resourceRouteData } from '../registry/routeData';

export const biRouteData: RouteData[] = [
  ...resourceRouteData('accountBalances'),
  // Tokens de conta: the generic screens; the secret shown once after the create (tokensShow.tsx).
  ...resourceRouteData('accountTokens', { views: { create: 'tokenCreate', show: 'tokenShow' } }),
  // Analítico: the registry's list of every parcela, read-only (contracts/resources/analyticInstallments.ts).
  ...resourceRouteData('analyticInstallments'),
  page(REPORT_PAGES.dre.route, REPORT_PAGES.dre.title, { view: 'dre' }),
  page(REPORT_PAGES.dreByCostCenter.route, REPORT_PAGES.dreByCostCenter.title, { view: 'dreByCostCenter' }),
  page(REPORT_PAGES.dfc.route, REPORT_PAGES.dfc.title, { view: 'dfc' }),
  page(REPORT_PAGES.cashFlow.route, REPORT_PAGES.cashFlow.title, { view: 'cashFlow' }),
  // The painéis (dashboards/painels.ts names them; the route table keeps to the paths).
  ...['', '/dfc', '/dre', '/dre1', '/dre2'].map((sub) => page(`/bi/dashboards${sub}`, 'Painéis', { view: 'dashboard' })),
];

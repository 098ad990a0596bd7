/**
 * `<bo-painel>`: the painéis as an area element, starting on the painel its `painel` attribute
 * names (the treasurer's overview by default); a new value starts it again. Its routes are the
 * painéis, the reports they drill into and the lists behind their numbers (contas a pagar / a
 * receber, contas financeiras), so every number opens inside the element, never the host's path.
 * The painéis and the two reports are declared and bound here, not taken from bi/routes(.data).ts:
 * those modules stay the portal's own (in bo-portal.js), not in what every signed-in element loads.
 */
import { useMemo } from 'react';
import { createAreaElement, type AreaElementProps } from '../area/AreaElement';
import { payablesRoutes, receivablesRoutes } from '../finance/routes';
import { registryRoutes } from '../registry/routes';
import { PAINEL_NAMES, PAINELS, type PainelName } from './dashboards/painels';
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { REPORT_PAGES } from '../../contracts/reportPages';
import { page } from '../area/routeData';

// The accounts the treasurer's painel links to (their balance page), as the portal binds them.
const accounts = registryRoutes.filter((route) => route.path === '/contas-financeiras' || route.path.startsWith('/contas-financeiras/'));
const painelRoutes = withRegistryLoaders(
  [
    ...PAINEL_NAMES.map((name) => page(PAINELS[name].path, 'Painéis', { view: 'dashboard' })),
    page(REPORT_PAGES.dre.route, REPORT_PAGES.dre.title, { view: 'dre' }),
    page(REPORT_PAGES.cashFlow.route, REPORT_PAGES.cashFlow.title, { view: 'cashFlow' }),
  ],
  {
    dashboard: () => import('./dashboards/DashboardPage'),
    dre: () => import('./ReportPage').then(({ reportScreen }) => ({ default: reportScreen('dre') })),
    cashFlow: () => import('./ReportPage').then(({ reportScreen }) => ({ default: reportScreen('cashFlow') })),
  },
);
const routes = [...painelRoutes, ...payablesRoutes, ...receivablesRoutes, ...accounts];

export function PainelElement({ painel, ...props }: AreaElementProps & { painel?: string }) {
  const home = PAINELS[(painel && painel in PAINELS ? painel : 'tesouraria') as PainelName].path;
  const Area = useMemo(() => createAreaElement({ routes, home, resources: ['financeReports'] }), [home]);
  return <Area {...props} />;
}

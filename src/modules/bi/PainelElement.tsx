/**
 * `<bo-painel>`: the painéis as an area element, starting on the painel its `painel` attribute
 * names (the treasurer's overview by default); a new value starts it again. Its routes are the BI
 * area's (painéis, reports, saldos) and the lists the painéis drill into (contas a pagar / a
 * receber, contas financeiras), so every number opens inside the element, never the host's path.
 */
import { useMemo } from 'react';
import { createAreaElement, type AreaElementProps } from '../area/AreaElement';
import { payablesRoutes, receivablesRoutes } from '../finance/routes';
import { registryRoutes } from '../registry/routes';
import { PAINELS, type PainelName } from './dashboards/painels';
import { biRoutes } from './routes';

// The accounts the treasurer's painel links to (their balance page), as the portal binds them.
const accounts = registryRoutes.filter((route) => route.path === '/contas-financeiras' || route.path.startsWith('/contas-financeiras/'));
const routes = [...biRoutes, ...payablesRoutes, ...receivablesRoutes, ...accounts];

export function PainelElement({ painel, ...props }: AreaElementProps & { painel?: string }) {
  const home = PAINELS[(painel && painel in PAINELS ? painel : 'tesouraria') as PainelName].path;
  const Area = useMemo(() => createAreaElement({ routes, home, resources: ['financeReports'] }), [home]);
  return <Area {...props} />;
}

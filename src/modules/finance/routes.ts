/** Contas a pagar / a receber with their screens (`<bo-contas-a-pagar>`, `<bo-contas-a-receber>` and the portal). */
import type { Loaders } from '../area/withLoaders';
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { payablesRouteData, receivablesRouteData, remittancesRouteData } from './routes.data';

const loaders: Loaders = {
  list: () => import('./FinanceListPage'),
  entryForm: () => import('./EntryFormPage'),
};

export const payablesRoutes = withRegistryLoaders(payablesRouteData, loaders);
export const receivablesRoutes = withRegistryLoaders(receivablesRouteData, loaders);

export const remittancesRoutes = withRegistryLoaders(remittancesRouteData, {
  remittanceQueue: () => import('./RemittanceQueuePage'),
  remittanceList: () => import('./RemittanceListPage'),
  remittanceFile: () => import('./RemittanceFilePage'),
});

/** The portal's route table with its screens: every area's routes (the same parts, in the same order, as routes.data.ts). */
import type { RouteDef } from '../../core/router';
import { accountRoutes } from '../account/routes';
import { withLoaders } from '../area/withLoaders';
import { approvalsRoutes } from '../approvals/routes';
import { authRoutes } from '../auth/routes';
import { payablesRoutes, receivablesRoutes, remittancesRoutes } from '../finance/routes';
import { importsRoutes } from '../imports/routes';
import { invoicesRoutes } from '../invoices/routes';
import { ordersRoutes } from '../orders/routes';
import { purchaseOrdersRoutes, receiptsRoutes } from '../purchasing/routes';
import { quotesRoutes } from '../quotes/routes';
import { placeholderRoutes } from '../placeholder/routes';
import { registryRoutes } from '../registry/routes';
import { biRoutes } from '../bi/routes';
import { settingsRoutes } from '../settings/routes';
import { homeRouteData } from './routes.data';

const homeRoutes = withLoaders(homeRouteData, {
  home: () => import('./HomePage'),
});

export const routes: RouteDef[] = [
  ...homeRoutes,
  ...settingsRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...ordersRoutes,
  ...quotesRoutes,
  ...purchaseOrdersRoutes,
  ...receiptsRoutes,
  ...approvalsRoutes,
  ...payablesRoutes,
  ...receivablesRoutes,
  ...remittancesRoutes,
  ...registryRoutes,
  ...importsRoutes,
  ...invoicesRoutes,
  ...biRoutes,
  ...placeholderRoutes,
];

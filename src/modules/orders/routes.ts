/** Pedidos' routes with their screens (`<bo-pedidos>` and the portal). */
import { withLoaders } from '../area/withLoaders';
import { ordersRouteData } from './routes.data';

export const ordersRoutes = withLoaders(ordersRouteData, {
  list: () => import('./OrderListPage'),
  form: () => import('./OrderFormPage'),
  request: () => import('./RequestDocument'),
  approvals: () => import('./OrderApprovals'),
  catalogue: () => import('./CataloguePage'),
  product: () => import('./ProductPage'),
});

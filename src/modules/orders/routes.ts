/** Pedidos' routes with their screens (`<bo-pedidos>` and the portal). */
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { ordersRouteData } from './routes.data';

export const ordersRoutes = withRegistryLoaders(ordersRouteData, {
  list: () => import('./OrderListPage'),
  form: () => import('./OrderFormPage'),
  details: () => import('./OrderDetails'),
  request: () => import('./RequestDocument'),
  approvals: () => import('./OrderApprovals'),
  catalogue: () => import('./CataloguePage'),
  product: () => import('./ProductPage'),
});

/** The registries that need no screen of their own, with the generic screens. */
import { withRegistryLoaders } from './resourceRoutes';
import { registryRouteData } from './routes.data';

export const registryRoutes = withRegistryLoaders(registryRouteData, {
  accountBalance: () => import('../finance/AccountBalancePage'),
  reconciliation: () => import('../reconciliation/ReconciliationPage'),
  profilePermissions: () => import('../permissions/ProfilePermissionsPage'),
  userPermissions: () => import('../permissions/UserPermissionsPage'),
});

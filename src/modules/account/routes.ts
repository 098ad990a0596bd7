/** Minha conta's pages with their screens. */
import { withLoaders } from '../area/withLoaders';
import { accountRouteData } from './routes.data';

export const accountRoutes = withLoaders(accountRouteData, {
  overview: () => import('./AccountOverviewPage'),
  edit: () => import('./EditProfilePage'),
  password: () => import('./ChangePasswordPage'),
  policies: () => import('./MyPoliciesPage'),
  twoFactor: () => import('./TwoFactorPage'),
});

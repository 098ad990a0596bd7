/** The login layout's pages with their screens; `signInRoutes` are those an element's guard may send to (not /logout). */
import { withLoaders } from '../area/withLoaders';
import { authRouteData } from './routes.data';

export const authRoutes = withLoaders(authRouteData, {
  login: () => import('./LoginPage'),
  authorized: () => import('./AuthorizedPage'),
  code: () => import('./CodePage'),
  setup: () => import('./SetupPage'),
  recover: () => import('./RecoverPage'),
  logout: () => import('./LogoutPage'),
});

export const signInRoutes = authRoutes.filter((route) => route.path !== '/logout');

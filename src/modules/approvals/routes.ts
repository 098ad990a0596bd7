/** The approval inbox with its screens. */
import { withLoaders } from '../area/withLoaders';
import { approvalsRouteData } from './routes.data';

export const approvalsRoutes = withLoaders(approvalsRouteData, {
  inbox: () => import('./InboxPage'),
  flow: () => import('./FlowPage'),
});

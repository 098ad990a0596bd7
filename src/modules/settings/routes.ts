/** The settings area's pages bound to their screens (the same data as routes.data.ts). */
import { withLoaders } from '../area/withLoaders';
import { settingsRouteData } from './routes.data';

export const settingsRoutes = withLoaders(settingsRouteData, {
  hub: () => import('./SettingsHubPage'),
  styleGuide: () => import('./StyleGuidePage'),
});

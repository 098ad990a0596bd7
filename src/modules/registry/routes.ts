/** The registries that need no screen of their own, with the generic screens. */
import { withLoaders } from '../area/withLoaders';
import { registryRouteData } from './routes.data';

export const registryRoutes = withLoaders(registryRouteData, {});

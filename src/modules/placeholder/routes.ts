/** The areas still to come, on the "em construção" screen. */
import { withLoaders } from '../area/withLoaders';
import { placeholderRouteData } from './routes.data';

export const placeholderRoutes = withLoaders(placeholderRouteData, {});

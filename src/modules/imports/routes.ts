/** Importações em lote with their screens. */
import { withLoaders } from '../area/withLoaders';
import { importsRouteData } from './routes.data';

export const importsRoutes = withLoaders(importsRouteData, {
  wizard: () => import('./ImportWizardPage'),
  batch: () => import('./ImportBatchPage'),
});

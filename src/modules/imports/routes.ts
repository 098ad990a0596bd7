/** Importações em lote with their screens. */
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { importsRouteData } from './routes.data';

export const importsRoutes = withRegistryLoaders(importsRouteData, {
  wizard: () => import('./ImportWizardPage'),
  batch: () => import('./ImportBatchPage'),
});

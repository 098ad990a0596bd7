/** Importações em lote, as data: the registry, with the wizard as its create view and the batch's progress as its show. */
import type { RouteData } from '../../core/routeMatch';
import { resourceRouteData } from '../registry/routeData';

export const importsRouteData: RouteData[] = resourceRouteData('importBatches', { views: { create: 'wizard', show: 'batch' } });

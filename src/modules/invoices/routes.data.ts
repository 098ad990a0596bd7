/**
 * Faturamentos, as data: the registry (list with "Importar NF-e", show with the three-way match,
 * the typed-in form) and the NF-e import page.
 */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';
import { resourceRouteData } from '../registry/routeData';

export const invoicesRouteData: RouteData[] = [
  page('/invoices/importar-nfe', 'Faturamentos', { view: 'importNfe' }),
  ...resourceRouteData('invoices', { views: { list: 'invoiceList', create: 'invoiceForm', edit: 'invoiceForm' } }),
];

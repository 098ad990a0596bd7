/** Faturamentos with their screens. */
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { invoicesRouteData } from './routes.data';

export const invoicesRoutes = withRegistryLoaders(invoicesRouteData, {
  invoiceList: () => import('./InvoiceListPage'),
  invoiceForm: () => import('./InvoiceFormPage'),
  importNfe: () => import('./ImportNfePage'),
});

/** The BI area's routes bound to their screens: one report screen for every report declaration. */
import { withRegistryLoaders } from '../registry/resourceRoutes';
import { biRouteData } from './routes.data';

export const biRoutes = withRegistryLoaders(biRouteData, {
  dre: () => import('./ReportPage').then(({ reportScreen }) => ({ default: reportScreen('dre') })),
  dreByCostCenter: () => import('./ReportPage').then(({ reportScreen }) => ({ default: reportScreen('dreByCostCenter') })),
  dfc: () => import('./ReportPage').then(({ reportScreen }) => ({ default: reportScreen('dfc') })),
  cashFlow: () => import('./ReportPage').then(({ reportScreen }) => ({ default: reportScreen('cashFlow') })),
  dashboard: () => import('./dashboards/DashboardPage'),
  tokenCreate: () => import('./tokensCreate'),
  tokenShow: () => import('./tokensShow'),
});

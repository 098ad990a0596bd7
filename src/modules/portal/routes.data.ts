/**
 * The portal's own page (home) and the portal's route table as data: every
 * area's part, each kept by its area (`<area>/routes.data.ts`). What the server reads
 * (server/http/firstPage.ts: the first page of a list path, its modulepreload links); the portal
 * binds the same parts to their screens in routes.ts (same order: a unit test holds them equal).
 */
import { matchRoute, type RouteData } from '../../core/routeMatch';
import { accountRouteData } from '../account/routes.data';
import { approvalsRouteData } from '../approvals/routes.data';
import { authRouteData } from '../auth/routes.data';
import { payablesRouteData, receivablesRouteData, remittancesRouteData } from '../finance/routes.data';
import { importsRouteData } from '../imports/routes.data';
import { invoicesRouteData } from '../invoices/routes.data';
import { ordersRouteData } from '../orders/routes.data';
import { purchaseOrdersRouteData, receiptsRouteData } from '../purchasing/routes.data';
import { quotesRouteData } from '../quotes/routes.data';
import { placeholderRouteData } from '../placeholder/routes.data';
import { registryRouteData } from '../registry/routes.data';
import { biRouteData } from '../bi/routes.data';
import { settingsRouteData } from '../settings/routes.data';

export const homeRouteData: RouteData[] = [{ path: '/', layout: 'portal', title: 'Início', view: 'home' }];

export const portalRouteData: RouteData[] = [
  ...homeRouteData,
  ...settingsRouteData,
  ...authRouteData,
  ...accountRouteData,
  ...ordersRouteData,
  ...quotesRouteData,
  ...purchaseOrdersRouteData,
  ...receiptsRouteData,
  ...approvalsRouteData,
  ...payablesRouteData,
  ...receivablesRouteData,
  ...remittancesRouteData,
  ...registryRouteData,
  ...importsRouteData,
  ...invoicesRouteData,
  ...biRouteData,
  ...placeholderRouteData,
];

/** True when `path` opens a screen of its own: a route that is neither missing nor the "em construção" placeholder. */
export function hasScreen(path: string): boolean {
  const match = matchRoute(portalRouteData, path);
  return Boolean(match && match.route.view !== 'placeholder');
}

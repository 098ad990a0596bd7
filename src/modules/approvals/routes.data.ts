/** The approval inbox, as data: open to every signed-in user (being named an approver is what counts). */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';

export const approvalsRouteData: RouteData[] = [
  page('/filas-de-aprovacao', 'Filas de Aprovação', { view: 'inbox' }),
  page('/filas-de-aprovacao/{approvalId}', 'Filas de Aprovação', { view: 'flow' }),
  page('/filas-de-aprovacao/{approvalId}/etapas/{approvalStageId}', 'Filas de Aprovação', { view: 'flow' }),
];

/**
 * Contas a pagar / a receber (issue 8), as data: the lançamentos and their parcelas as registries,
 * the requester's queue (parcelas awaiting their atesto, lançamentos naming them) and the payment
 * queue (parcelas on the queue / authorised, lançamentos approved). `<bo-contas-a-pagar>` and
 * `<bo-contas-a-receber>` serve these same routes.
 */
import type { RouteData } from '../../core/routeMatch';
import { page, redirect } from '../area/routeData';
import { resourceRouteData, type ListName } from '../registry/routeData';

const financeList = { list: 'list' };
const entryViews = { ...financeList, create: 'entryForm', edit: 'entryForm' };

/** The lists of a queue: the same list screens with fixed filters, sorted by due date, totals per day and per account. */
const queue = <R extends 'payables' | 'payableInstallments'>(resource: R, list: ListName<R>, base: string, title: string, fixedQuery: Record<string, string[]>, sorted = true) =>
  resourceRouteData(resource, { base, title, list, fixedQuery, views: financeList, ...(sorted ? { defaultSort: 'dueDate', totalsGroups: true } : {}) }).filter((route) => !route.path.endsWith('/adicionar'));

export const payablesRouteData: RouteData[] = [
  redirect('/contas-a-pagar', '/contas-a-pagar/lancamentos', 'Contas a Pagar'),
  ...resourceRouteData('payables', { views: entryViews }),
  ...resourceRouteData('payableInstallments', { views: financeList }),
  redirect('/fila-do-solicitante', '/fila-do-solicitante/parcelamentos', 'Fila do Solicitante'),
  ...queue('payableInstallments', 'requesterQueue', '/fila-do-solicitante/parcelamentos', 'Fila do Solicitante', { status: ['awaiting_requester'], mine: ['true'] }),
  ...queue('payables', 'requesterQueue', '/fila-do-solicitante/lancamentos', 'Fila do Solicitante', { mine: ['true'] }, false),
  redirect('/fila-de-pagamentos', '/fila-de-pagamentos/parcelamentos/fila', 'Fila de Pagamentos'),
  redirect('/fila-de-pagamentos/parcelamentos', '/fila-de-pagamentos/parcelamentos/fila', 'Fila de Pagamentos'),
  redirect('/fila-de-pagamentos/lancamentos', '/fila-de-pagamentos/lancamentos/fila', 'Fila de Pagamentos'),
  ...queue('payableInstallments', 'paymentQueue', '/fila-de-pagamentos/parcelamentos/fila', 'Fila de Pagamentos', { status: ['queued', 'awaiting_approval', 'payment_rejected'] }),
  ...queue('payableInstallments', 'paymentAuthorized', '/fila-de-pagamentos/parcelamentos/autorizados', 'Fila de Pagamentos', { status: ['authorized'] }),
  ...queue('payables', 'paymentQueue', '/fila-de-pagamentos/lancamentos/fila', 'Fila de Pagamentos', { status: ['approved'] }, false),
  ...queue('payables', 'paymentAuthorized', '/fila-de-pagamentos/lancamentos/autorizados', 'Fila de Pagamentos', { status: ['approved'] }, false),
];

export const receivablesRouteData: RouteData[] = [
  redirect('/contas-a-receber', '/contas-a-receber/lancamentos', 'Contas a Receber'),
  ...resourceRouteData('receivables', { views: entryViews }),
  ...resourceRouteData('receivableInstallments', { views: financeList }),
];

/** Arquivos de remessa (issue 25): the fila (own screen) and the remessas as a registry, each with its file and retorno page. */
export const remittancesRouteData: RouteData[] = [
  redirect('/arquivos-de-remessa', '/arquivos-de-remessa/fila', 'Arquivos de Remessa'),
  page('/arquivos-de-remessa/fila', 'Arquivos de Remessa', { view: 'remittanceQueue' }),
  ...resourceRouteData('remittances', { views: { list: 'remittanceList' }, pages: [{ path: 'arquivo', label: 'remittances.tabs.file', view: 'remittanceFile' }] }),
];

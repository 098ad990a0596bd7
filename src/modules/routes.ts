/**
 * Every route of the spec (§2), declared as data. Areas that arrive later share one
 * placeholder screen inside the portal layout; builders below expand the spec's repeated
 * shapes (registry: lista/adicionar/{id}/editar) so no route is written twice by hand.
 * Registries with a declaration (contracts/resources) are mounted with `resourceRoutes(name)`:
 * the generic list/show/form screens at the declaration's own route base, id parameter, title
 * (`labels.many`) and tabs; overrides only for what differs (a second base, fixed params, a
 * single-record mode, one view: `views: {show: () => import(…)}`).
 */
import { matchRoute, type RouteDef } from '../core/router';
import { CATALOGUE, type ResourceName } from '../core/catalogue';
import { resourceRoutes, type ListName } from './registry/resourceRoutes';

type Loader = RouteDef['load'];

const placeholder: Loader = () => import('./placeholder/PlaceholderPage');
const page = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  layout: 'portal',
  load: placeholder,
  ...extra,
});

/** `base`, `base/lista`, `base/adicionar`, `base/{id}`, `base/{id}/editar` (+ more under {id}). */
function registry(base: string, idParam: string, title: string, under: string[] = [], extra: string[] = []): RouteDef[] {
  const id = `${base}/{${idParam}}`;
  return [
    page(base, title),
    page(`${base}/lista`, title),
    page(`${base}/adicionar`, title),
    page(id, title),
    page(`${id}/editar`, title),
    ...under.map((sub) => page(`${id}/${sub}`, title)),
    ...extra.map((sub) => page(`${base}/${sub}`, title)),
  ];
}

const loginLayout = (path: string, load: Loader, title: string): RouteDef => ({ path, layout: 'login', public: true, load, title });
const login: Loader = () => import('./auth/LoginPage');
const account = (sub: string, load: Loader, title: string): RouteDef => ({ path: `/minha-conta${sub}`, layout: 'portal', load, title });

/** What an application holds: mounted under /configuracoes/aplicacoes/{applicationId} and under the current one. */
const applicationChildren: ResourceName[] = ['applicationAcls', 'applicationPolicies', 'applicationResources'];
/** The same screens for the current application (id `current`): `/configuracoes/aplicacao/acls`. */
const currentApplication = (resource: ResourceName) =>
  resourceRoutes(resource, { base: CATALOGUE[resource].route.base.replace('/aplicacoes/{applicationId}/', '/aplicacao/'), params: { applicationId: 'current' } });

const flowPage: Loader = () => import('./approvals/FlowPage');
const catalogue: Loader = () => import('./orders/CataloguePage');

/**
 * Pedidos: the generic registry (list with "Meus / Todos", show with the workflow, form with
 * keyed lines and the live total) plus its own pages — the printable request and the approval
 * flows as show sub-pages, the catalogue, the product page. `<bo-pedidos>` serves these same routes.
 */
export const ordersRoutes: RouteDef[] = [
  ...resourceRoutes('orders', {
    pages: [
      { path: 'solicitacao', label: 'orders.tabs.request', load: () => import('./orders/RequestDocument') },
      { path: 'analises', label: 'orders.tabs.approvals', load: () => import('./orders/OrderApprovals') },
    ],
    views: { list: () => import('./orders/OrderListPage'), create: () => import('./orders/OrderFormPage'), edit: () => import('./orders/OrderFormPage') },
  }),
  page('/pedidos/catalogo', 'Catálogo', { load: catalogue }),
  page('/pedidos/catalogo/busca', 'Catálogo', { load: catalogue }),
  page('/pedidos/catalogo/{categorySlug*}', 'Catálogo', { load: catalogue }),
  page('/pedidos/produto/{productId*}', 'Produto', { load: () => import('./orders/ProductPage') }),
];

const redirect = (path: string, to: string, title: string): RouteDef => ({
  path,
  title,
  layout: 'portal',
  load: () => import('./registry/RedirectPage').then(({ redirectTo }) => ({ default: redirectTo(to) })),
});
const financeList = { list: () => import('./finance/FinanceListPage') };
const entryViews = { ...financeList, create: () => import('./finance/EntryFormPage'), edit: () => import('./finance/EntryFormPage') };

/** The lists of a queue: the same list screens with fixed filters, sorted by due date, totals per day and per account. */
const queue = <R extends 'payables' | 'payableInstallments'>(resource: R, list: ListName<R>, base: string, title: string, fixedQuery: Record<string, string[]>, sorted = true) =>
  resourceRoutes(resource, { base, title, list, fixedQuery, views: financeList, ...(sorted ? { defaultSort: 'dueDate', totalsGroups: true } : {}) }).filter((route) => !route.path.endsWith('/adicionar'));

/**
 * Contas a pagar / a receber (issue 8): the lançamentos and their parcelas as registries, the
 * requester's queue (parcelas awaiting their atesto, lançamentos naming them) and the payment
 * queue (parcelas on the queue / authorised, lançamentos approved). `<bo-contas-a-pagar>` and
 * `<bo-contas-a-receber>` serve these same routes.
 */
export const payablesRoutes: RouteDef[] = [
  redirect('/contas-a-pagar', '/contas-a-pagar/lancamentos', 'Contas a Pagar'),
  ...resourceRoutes('payables', { views: entryViews }),
  ...resourceRoutes('payableInstallments', { views: financeList }),
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

export const receivablesRoutes: RouteDef[] = [
  redirect('/contas-a-receber', '/contas-a-receber/lancamentos', 'Contas a Receber'),
  ...resourceRoutes('receivables', { views: entryViews }),
  ...resourceRoutes('receivableInstallments', { views: financeList }),
];

const financeRoutes = [...payablesRoutes, ...receivablesRoutes];

export const routes: RouteDef[] = [
  { path: '/', layout: 'portal', title: 'Início', load: () => import('./portal/HomePage') },

  // Login layout (public)
  loginLayout('/login', login, 'Entrar'),
  loginLayout('/autenticacao', login, 'Autenticação'),
  loginLayout('/auth/authorized', () => import('./auth/AuthorizedPage'), 'Autorizado'),
  loginLayout('/auth/callback', () => import('./auth/AuthorizedPage'), 'Autorizado'),
  loginLayout('/auth/codigo', () => import('./auth/CodePage'), 'Verificação em duas etapas'),
  loginLayout('/auth/configurar-verificacao-em-duas-etapas', () => import('./auth/SetupPage'), 'Configurar verificação em duas etapas'),
  loginLayout('/auth/recuperar-senha', () => import('./auth/RecoverPage'), 'Recuperar senha'),
  loginLayout('/logout', () => import('./auth/LogoutPage'), 'Sair'),

  // Account
  account('', () => import('./account/AccountOverviewPage'), 'Minha conta'),
  account('/editar', () => import('./account/EditProfilePage'), 'Editar perfil'),
  account('/alterar-senha', () => import('./account/ChangePasswordPage'), 'Alterar senha'),
  account('/politicas', () => import('./account/MyPoliciesPage'), 'Minhas políticas'),
  account('/verificacao-em-duas-etapas', () => import('./account/TwoFactorPage'), 'Verificação em duas etapas'),

  // Procurement
  ...ordersRoutes,
  ...registry('/cotacoes', 'quoteId', 'Cotações', ['adicionar-itens', 'analises', 'orcamentos', 'orcamentos/{requestId}', 'solicitacao'], ['fila']),
  ...registry('/ordens-de-compra', 'purchaseOrderId', 'Ordens de Compra', ['adicionar-itens', 'solicitacao', 'proposta/{requestId}'], ['fila']),
  page('/receipts', 'Entregas'),
  page('/invoices', 'Faturamentos'),
  ...resourceRoutes('categories'),
  // The approval inbox: open to every signed-in user (being named an approver is what counts).
  page('/filas-de-aprovacao', 'Filas de Aprovação', { load: () => import('./approvals/InboxPage') }),
  page('/filas-de-aprovacao/{approvalId}', 'Filas de Aprovação', { load: flowPage }),
  page('/filas-de-aprovacao/{approvalId}/etapas/{approvalStageId}', 'Filas de Aprovação', { load: flowPage }),
  ...resourceRoutes('userGroups'),

  // Finance
  ...financeRoutes,
  ...resourceRoutes('bankAccounts'),
  ...resourceRoutes('bankAccountAgreements'),
  ...['conciliacao-de-conta', 'extrato-de-movimentacoes', 'extrato-de-movimentacoes/adicionar'].map((sub) => page(`/contas-financeiras/{bankAccountId}/${sub}`, 'Contas Financeiras')),
  ...['', '/fila', '/remessas-geradas'].map((sub) => page(`/arquivos-de-remessa${sub}`, 'Arquivos de Remessa')),

  // BI
  ...['', '/dfc', '/dre', '/dre1', '/dre2'].map((sub) => page(`/bi/dashboards${sub}`, 'Painéis')),
  ...['analitico', 'dfc', 'dre', 'fluxo-de-caixa'].map((sub) => page(`/bi/relatorios/${sub}`, 'Relatórios')),
  ...registry('/bi/saldos-de-conta', 'accountBalanceId', 'Saldos de Conta'),
  ...registry('/bi/tokens-de-conta', 'accountTokenId', 'Tokens de Conta'),

  // Registries
  ...resourceRoutes('persons'),
  ...resourceRoutes('customers'),
  ...resourceRoutes('suppliers'),
  // /empresas and /gestao-de-empresas: the company types to choose from (and a new one), then
  // the companies of the chosen type; the types themselves are managed at /configuracoes/tipos-de-empresa.
  ...['/empresas', '/gestao-de-empresas'].flatMap((base) => {
    const title = base === '/empresas' ? 'Empresas' : 'Gestão de Empresas';
    const types = resourceRoutes('companyTypes', { base, title });
    return [
      ...types.filter((route) => route.path === base || route.path === `${base}/lista` || route.path === `${base}/adicionar`),
      ...resourceRoutes('companies', { base: `${base}/{companyTypeId}`, title }),
    ];
  }),
  ...resourceRoutes('products'),
  ...resourceRoutes('users'),

  // Settings
  page('/configuracoes', 'Configurações'),
  ...resourceRoutes('settings'),
  // The current application (id `current`) and its resources, ACLs and policies.
  ...resourceRoutes('applications', { base: '/configuracoes/aplicacao', title: 'Aplicação', permission: 'application', single: { mode: 'show', fixedId: 'current' } }),
  ...resourceRoutes('applications'),
  ...applicationChildren.flatMap((resource) => [...currentApplication(resource), ...resourceRoutes(resource)]),
  ...resourceRoutes('organizations'),
  ...resourceRoutes('banks'),
  ...resourceRoutes('companyTypes'),
  ...(['expenseCategories', 'revenueCategories', 'costCenters', 'ledgerAccounts', 'departments', 'companyBills', 'accountingGroups', 'chartAccounts'] as const).flatMap((resource) =>
    resourceRoutes(resource),
  ),
  ...resourceRoutes('approvalQueues'),
  ...resourceRoutes('approvalDelegations'),
  ...resourceRoutes('importBatches', {
    views: { create: () => import('./imports/ImportWizardPage'), show: () => import('./imports/ImportBatchPage') },
  }),

  // Developer pages
  ...['/table', '/test-icon', '/tests', '/theme'].map((path) => page(path, 'Desenvolvimento', { load: () => import('./portal/DeveloperPage') })),
];

/** True when `path` opens a screen of its own: a route that is neither missing nor the "em construção" placeholder. */
export function hasScreen(path: string): boolean {
  const match = matchRoute(routes, path);
  return Boolean(match && match.route.load !== placeholder);
}

/**
 * Every route of the spec (§2), declared as data. Areas that arrive later share one
 * placeholder screen inside the portal layout; builders below expand the spec's repeated
 * shapes (registry: lista/adicionar/{id}/editar) so no route is written twice by hand.
 * Registries with a declaration (contracts/resources) are mounted with `resourceRoutes`: the
 * generic list/show/form screens, overridable view by view (`views: {show: () => import(…)}`).
 */
import type { RouteDef } from '../core/router';
import { resourceRoutes } from './registry/resourceRoutes';

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

/** [declaration, sub-path, id parameter, title] of what an application holds. */
const applicationChildren: [string, string, string, string][] = [
  ['applicationAcls', 'acls', 'applicationAclId', 'Grupos de Agências'],
  ['applicationPolicies', 'politicas', 'applicationPolicyId', 'Políticas'],
  ['applicationResources', 'recursos', 'applicationResourceId', 'Recursos'],
];

const flowPage: Loader = () => import('./approvals/FlowPage');
const catalogue: Loader = () => import('./orders/CataloguePage');

/**
 * Pedidos: the generic registry (list with "Meus / Todos", show with the workflow, form with
 * keyed lines and the live total) plus its own pages — the printable request and the approval
 * flows as show sub-pages, the catalogue, the product page. `<bo-pedidos>` serves these same routes.
 */
export const ordersRoutes: RouteDef[] = [
  ...resourceRoutes({
    resource: 'orders',
    base: '/pedidos',
    idParam: 'orderId',
    title: 'Pedidos',
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
  ...resourceRoutes({ resource: 'categories', base: '/departamentos', idParam: 'categoryId', title: 'Departamentos' }),
  // The approval inbox: open to every signed-in user (being named an approver is what counts).
  page('/filas-de-aprovacao', 'Filas de Aprovação', { load: () => import('./approvals/InboxPage') }),
  page('/filas-de-aprovacao/{approvalId}', 'Filas de Aprovação', { load: flowPage }),
  page('/filas-de-aprovacao/{approvalId}/etapas/{approvalStageId}', 'Filas de Aprovação', { load: flowPage }),
  ...resourceRoutes({ resource: 'userGroups', base: '/grupos-de-usuario', idParam: 'userGroupId', title: 'Perfis de Usuário', tabs: ['membros', 'politicas'] }),

  // Finance
  ...['/contas-a-pagar', '/contas-a-receber'].flatMap((base) => {
    const title = base === '/contas-a-pagar' ? 'Contas a Pagar' : 'Contas a Receber';
    return [page(base, title), page(`${base}/lancamentos`, title), page(`${base}/parcelamentos`, title)];
  }),
  ...resourceRoutes({ resource: 'bankAccounts', base: '/contas-financeiras', idParam: 'bankAccountId', title: 'Contas Financeiras' }),
  ...resourceRoutes({ resource: 'bankAccountAgreements', base: '/contas-financeiras/{bankAccountId}/convenios', idParam: 'bankAccountAgreementId', title: 'Convênios' }),
  ...['conciliacao-de-conta', 'extrato-de-movimentacoes', 'extrato-de-movimentacoes/adicionar'].map((sub) => page(`/contas-financeiras/{bankAccountId}/${sub}`, 'Contas Financeiras')),
  ...['', '/lancamentos', '/parcelamentos', '/lancamentos/autorizados', '/lancamentos/fila', '/parcelamentos/autorizados', '/parcelamentos/fila'].map((sub) =>
    page(`/fila-de-pagamentos${sub}`, 'Fila de Pagamentos'),
  ),
  ...['', '/lancamentos', '/parcelamentos'].map((sub) => page(`/fila-do-solicitante${sub}`, 'Fila do Solicitante')),
  ...['', '/fila', '/remessas-geradas'].map((sub) => page(`/arquivos-de-remessa${sub}`, 'Arquivos de Remessa')),

  // BI
  ...['', '/dfc', '/dre', '/dre1', '/dre2'].map((sub) => page(`/bi/dashboards${sub}`, 'Painéis')),
  ...['analitico', 'dfc', 'dre', 'fluxo-de-caixa'].map((sub) => page(`/bi/relatorios/${sub}`, 'Relatórios')),
  ...registry('/bi/saldos-de-conta', 'accountBalanceId', 'Saldos de Conta'),
  ...registry('/bi/tokens-de-conta', 'accountTokenId', 'Tokens de Conta'),

  // Registries
  ...resourceRoutes({ resource: 'persons', base: '/cadastros', idParam: 'personId', title: 'Clientes & Fornecedores' }),
  ...resourceRoutes({ resource: 'customers', base: '/clientes', idParam: 'customerId', title: 'Clientes' }),
  ...resourceRoutes({ resource: 'suppliers', base: '/fornecedores', idParam: 'supplierId', title: 'Fornecedores' }),
  // /empresas and /gestao-de-empresas: the company types to choose from (and a new one), then
  // the companies of the chosen type; the types themselves are managed at /configuracoes/tipos-de-empresa.
  ...['/empresas', '/gestao-de-empresas'].flatMap((base) => {
    const title = base === '/empresas' ? 'Empresas' : 'Gestão de Empresas';
    const types = resourceRoutes({ resource: 'companyTypes', base, idParam: 'companyTypeId', title });
    return [
      ...types.filter((route) => route.path === base || route.path === `${base}/lista` || route.path === `${base}/adicionar`),
      ...resourceRoutes({ resource: 'companies', base: `${base}/{companyTypeId}`, idParam: 'companyId', title }),
    ];
  }),
  ...resourceRoutes({ resource: 'products', base: '/produtos', idParam: 'productId', title: 'Produtos', tabs: ['midias', 'variantes'] }),
  ...resourceRoutes({ resource: 'users', base: '/usuarios', idParam: 'userId', title: 'Usuários', tabs: ['perfis-ativos', 'politicas'] }),

  // Settings
  page('/configuracoes', 'Configurações'),
  ...resourceRoutes({ resource: 'settings', base: '/configuracoes/configuracoes', title: 'Configurações', single: { mode: 'form' } }),
  // The current application (id `current`) and its resources, ACLs and policies.
  ...resourceRoutes({ resource: 'applications', base: '/configuracoes/aplicacao', title: 'Aplicação', permission: 'application', single: { mode: 'show', fixedId: 'current' } }),
  ...resourceRoutes({ resource: 'applications', base: '/configuracoes/aplicacoes', idParam: 'applicationId', title: 'Aplicações' }),
  ...applicationChildren.flatMap(([resource, sub, idParam, title]) => [
    ...resourceRoutes({ resource, base: `/configuracoes/aplicacao/${sub}`, idParam, title, params: { applicationId: 'current' }, tabs: sub === 'acls' ? ['items'] : [] }),
    ...resourceRoutes({ resource, base: `/configuracoes/aplicacoes/{applicationId}/${sub}`, idParam, title, tabs: sub === 'acls' ? ['items'] : [] }),
  ]),
  ...resourceRoutes({ resource: 'organizations', base: '/configuracoes/organizacoes', idParam: 'organizationId', title: 'Organizações' }),
  ...resourceRoutes({ resource: 'banks', base: '/configuracoes/bancos', idParam: 'bankId', title: 'Bancos' }),
  ...resourceRoutes({ resource: 'companyTypes', base: '/configuracoes/tipos-de-empresa', idParam: 'companyTypeId', title: 'Tipos de empresa' }),
  ...[
    ['expenseCategories', 'categorias-de-despesas', 'expenseCategoryId', 'Categorias de Despesas'],
    ['revenueCategories', 'categorias-de-receitas', 'revenueCategoryId', 'Categorias de Receitas'],
    ['costCenters', 'centros-de-custos', 'costCenterId', 'Centros de Custos'],
    ['ledgerAccounts', 'contas-contabeis', 'ledgerAccountId', 'Contas Contábeis'],
    ['departments', 'departamentos', 'departmentId', 'Departamentos'],
    ['companyBills', 'faturas-de-empresas', 'companyBillId', 'Faturas'],
    ['accountingGroups', 'grupos-contabeis', 'accountingGroupId', 'Grupos Contábeis'],
    ['chartAccounts', 'planos-de-contas', 'chartAccountId', 'Planos de Contas'],
  ].flatMap(([resource, sub, idParam, title]) => resourceRoutes({ resource, base: `/configuracoes/${sub}`, idParam, title })),
  ...resourceRoutes({ resource: 'approvalQueues', base: '/configuracoes/filas-de-aprovacao', idParam: 'approvalId', title: 'Filas de Aprovação', tabs: ['etapas', 'gatilhos'] }),
  ...resourceRoutes({ resource: 'approvalDelegations', base: '/configuracoes/substituicoes-de-aprovadores', idParam: 'delegationId', title: 'Substituições de Aprovadores' }),
  ...resourceRoutes({
    resource: 'importBatches',
    base: '/configuracoes/importacoes-em-lote',
    idParam: 'importBatchId',
    title: 'Importações em Lote',
    views: { create: () => import('./imports/ImportWizardPage'), show: () => import('./imports/ImportBatchPage') },
  }),

  // Developer pages
  ...['/table', '/test-icon', '/tests', '/theme'].map((path) => page(path, 'Desenvolvimento', { load: () => import('./portal/DeveloperPage') })),
];

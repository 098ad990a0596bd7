/**
 * The registries that need no screen of their own (cadastros, settings, access), as data: each
 * mounted where its declaration says, with overrides only for real differences.
 */
import { CATALOGUE, type ResourceName } from '../../core/catalogue';
import type { RouteData } from '../../core/routeMatch';
import { resourceRouteData } from './routeData';

/** What an application holds: mounted under /configuracoes/aplicacoes/{applicationId} and under the current one. */
const applicationChildren: ResourceName[] = ['applicationAcls', 'applicationPolicies', 'applicationResources'];
/** The same screens for the current application (id `current`): `/configuracoes/aplicacao/acls`. */
const currentApplication = (resource: ResourceName) =>
  resourceRouteData(resource, { base: CATALOGUE[resource].route.base.replace('/aplicacoes/{applicationId}/', '/aplicacao/'), params: { applicationId: 'current' } });

export const registryRouteData: RouteData[] = [
  ...resourceRouteData('categories'),
  // The permission matrix of a profile and a user's effective permissions (issue 27).
  ...resourceRouteData('userGroups', { pages: [{ path: 'permissoes', label: 'permissions.tab', view: 'profilePermissions' }] }),
  // The account's "saldo em <data>" (issue 25): a show sub-page of the finance area.
  ...resourceRouteData('bankAccounts', { pages: [{ path: 'saldo', label: 'balances.tab', view: 'accountBalance' }, { path: 'conciliacao-de-conta', label: 'reconciliation.tab', view: 'reconciliation' }] }),
  ...resourceRouteData('bankAccountAgreements'),
  ...resourceRouteData('bankAccountChanges'),
  ...resourceRouteData('bankStatementLines'),
  ...resourceRouteData('reconciliationRules'),
  ...resourceRouteData('persons'),
  ...resourceRouteData('customers'),
  ...resourceRouteData('suppliers'),
  // /empresas and /gestao-de-empresas: the company types to choose from (and a new one), then
  // the companies of the chosen type; the types themselves are managed at /configuracoes/tipos-de-empresa.
  ...['/empresas', '/gestao-de-empresas'].flatMap((base) => {
    const title = base === '/empresas' ? 'Empresas' : 'Gestão de Empresas';
    const types = resourceRouteData('companyTypes', { base, title });
    return [
      ...types.filter((route) => route.path === base || route.path === `${base}/lista` || route.path === `${base}/adicionar`),
      ...resourceRouteData('companies', { base: `${base}/{companyTypeId}`, title }),
    ];
  }),
  ...resourceRouteData('products'),
  ...resourceRouteData('users', { pages: [{ path: 'permissoes', label: 'permissions.tab', view: 'userPermissions' }] }),
  ...resourceRouteData('settings'),
  // The current application (id `current`) and its resources, ACLs and policies.
  ...resourceRouteData('applications', { base: '/configuracoes/aplicacao', title: 'Aplicação', permission: 'application', single: { mode: 'show', fixedId: 'current' } }),
  ...resourceRouteData('applications'),
  ...applicationChildren.flatMap((resource) => [...currentApplication(resource), ...resourceRouteData(resource)]),
  ...resourceRouteData('organizations'),
  ...resourceRouteData('banks'),
  ...resourceRouteData('companyTypes'),
  ...(['expenseCategories', 'revenueCategories', 'costCenters', 'ledgerAccounts', 'departments', 'companyBills', 'accountingGroups', 'chartAccounts'] as const).flatMap((resource) =>
    resourceRouteData(resource),
  ),
  ...resourceRouteData('purchasingSettings'),
  ...resourceRouteData('approvalQueues'),
  ...resourceRouteData('approvalDelegations'),
];

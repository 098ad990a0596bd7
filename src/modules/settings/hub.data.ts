/**
 * The settings hub (/configuracoes, issue 27 §3) as data: groups of entries, each named by the
 * resource it opens (the catalogue's name) and, when the screen is mounted elsewhere than the
 * declaration says, the path of that mount. Titles, links and the permission come from the
 * catalogue and the route table (hubCards.ts); the one-line descriptions are texts of the
 * catalogue `settings.hub.<key>` (src/core/i18n/catalogue/settings.ts), the groups' titles
 * `settings.hub.group.<key>`.
 */
import type { ResourceName } from '../../core/catalogue';

export interface HubEntry {
  resource: ResourceName;
  /** Another mount of the resource (the current application's `/configuracoes/aplicacao/acls`); default: the declaration's route base. */
  path?: string;
  /** The entry's key (its description's text); default: the resource's name. */
  key?: string;
}

export interface HubGroupDeclaration {
  key: string;
  entries: readonly HubEntry[];
}

export const SETTINGS_HUB: readonly HubGroupDeclaration[] = [
  {
    key: 'organization',
    entries: [
      { resource: 'companyTypes', path: '/empresas', key: 'companies' },
      { resource: 'organizations' },
      { resource: 'settings' },
      { resource: 'applications', path: '/configuracoes/aplicacao', key: 'application' },
      { resource: 'applications' },
      { resource: 'companyTypes' },
    ],
  },
  {
    key: 'access',
    entries: [
      { resource: 'users' },
      { resource: 'userGroups' },
      { resource: 'applicationAcls', path: '/configuracoes/aplicacao/acls' },
      { resource: 'applicationPolicies', path: '/configuracoes/aplicacao/politicas' },
      { resource: 'applicationResources', path: '/configuracoes/aplicacao/recursos' },
    ],
  },
  {
    key: 'purchasing',
    entries: [{ resource: 'approvalQueues' }, { resource: 'approvalDelegations' }, { resource: 'purchasingSettings' }, { resource: 'categories' }],
  },
  {
    key: 'finance',
    entries: [
      { resource: 'banks' },
      { resource: 'bankAccounts' },
      { resource: 'chartAccounts' },
      { resource: 'expenseCategories' },
      { resource: 'revenueCategories' },
      { resource: 'costCenters' },
      { resource: 'departments' },
      { resource: 'ledgerAccounts' },
      { resource: 'accountingGroups' },
      { resource: 'companyBills' },
    ],
  },
  { key: 'data', entries: [{ resource: 'importBatches' }] },
];

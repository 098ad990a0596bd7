/**
 * The permissions the product checks, as data (issue 27 "Permissions", issue 28 "profiles"): every
 * name a policy may grant scopes on, grouped as an administrator thinks of them, with its pt-BR
 * title and the scopes that do something on it. The server answers it (with the application's own
 * additional resources) to the permission matrix of a profile and the effective permissions of a
 * user, and refuses a policy entry whose name is in neither (400). A contract test checks that
 * every declaration's permission is here.
 *
 * | Call (identity family) | Answer |
 * |---|---|
 * | `GET permissions/catalogue` | `PermissionCatalogue` — any signed-in user |
 * | `GET user-groups/{id}/permissions` | `ProfilePermissions` — `userGroups: read` |
 * | `PUT user-groups/{id}/permissions` | `ProfilePermissions` — `userGroups: update` and `applicationPolicies: update`; 412 when `version` is not the current one |
 * | `GET users/{id}/permissions` | `UserPermissions` — `users: read`, or the user themself |
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { SCOPES, type Scope } from './resource';

export interface PermissionDef {
  name: string;
  title: string;
  /** The scopes that do something on it (the matrix offers only these). */
  scopes: readonly Scope[];
}

export interface PermissionArea {
  key: string;
  title: string;
  entries: readonly PermissionDef[];
}

const REGISTRY: readonly Scope[] = ['read', 'create', 'update', 'delete', 'export'];
const SETTINGS: readonly Scope[] = ['read', 'update'];
const entry = (name: string, title: string, scopes: readonly Scope[] = REGISTRY): PermissionDef => ({ name, title, scopes });

export const PERMISSION_AREAS: readonly PermissionArea[] = [
  {
    key: 'purchasing',
    title: 'Compras',
    entries: [
      entry('orders', 'Pedidos'),
      entry('quotes', 'Cotações'),
      entry('purchaseOrders', 'Ordens de compra'),
      entry('receipts', 'Entregas'),
      entry('invoices', 'Faturamentos'),
      entry('approvals', 'Aprovações (caixa de entrada)', ['read', 'create']),
      entry('approvalQueues', 'Filas de aprovação e substituições'),
      entry('purchasingSettings', 'Configurações de compras', SETTINGS),
    ],
  },
  {
    key: 'finance',
    title: 'Financeiro',
    entries: [
      entry('payables', 'Contas a pagar'),
      entry('receivables', 'Contas a receber'),
      entry('requesterQueue', 'Fila do solicitante', ['read', 'create']),
      entry('paymentQueue', 'Fila de pagamentos (aprovar = autorizar pagamentos)', ['read', 'create', 'update', 'approve', 'export']),
      entry('remittanceFiles', 'Arquivos de remessa'),
      entry('bankAccounts', 'Contas financeiras, convênios, saldos e conciliação'),
      entry('banks', 'Bancos'),
      entry('financeReports', 'Relatórios financeiros e tokens de conta', ['read', 'create', 'update', 'export']),
    ],
  },
  {
    key: 'registries',
    title: 'Cadastros',
    entries: [
      entry('persons', 'Clientes & Fornecedores'),
      entry('customers', 'Clientes'),
      entry('suppliers', 'Fornecedores'),
      entry('companies', 'Empresas e tipos de empresa'),
      entry('products', 'Produtos'),
      entry('categories', 'Departamentos do catálogo'),
      entry('importBatches', 'Importações em lote'),
    ],
  },
  {
    key: 'accounting',
    title: 'Plano de contas',
    entries: [
      entry('chartAccounts', 'Planos de contas'),
      entry('expenseCategories', 'Categorias de despesas'),
      entry('revenueCategories', 'Categorias de receitas'),
      entry('costCenters', 'Centros de custos'),
      entry('departments', 'Departamentos'),
      entry('ledgerAccounts', 'Contas contábeis'),
      entry('accountingGroups', 'Grupos contábeis'),
      entry('companyBills', 'Faturas de empresas'),
    ],
  },
  {
    key: 'administration',
    title: 'Administração',
    entries: [
      entry('users', 'Usuários'),
      entry('userGroups', 'Perfis de usuário'),
      entry('applicationPolicies', 'Políticas'),
      entry('applicationAcls', 'Grupos de Agências'),
      entry('applicationResources', 'Recursos adicionais da aplicação'),
      entry('applications', 'Aplicações'),
      entry('application', 'Aplicação atual', SETTINGS),
      entry('applicationSettings', 'Configurações da aplicação', SETTINGS),
      entry('settings', 'Configurações da organização', SETTINGS),
      entry('myAccount', 'Minha conta', SETTINGS),
    ],
  },
];

/** Every permission of the catalogue, by name. */
export const PERMISSIONS: ReadonlyMap<string, PermissionDef> = new Map(PERMISSION_AREAS.flatMap((area) => area.entries.map((e) => [e.name, e] as const)));

// ---------------------------------------------------------------- wire shapes and endpoints

const scope = z.enum(SCOPES);
/** Scopes per name: `{orders: ['read', 'create']}`. */
export const grants = z.record(z.string().check(z.minLength(1), z.maxLength(120)), z.array(scope).check(z.maxLength(SCOPES.length)));
export type Grants = z.infer<typeof grants>;

const permissionDef = z.object({ name: z.string(), title: z.string(), scopes: z.array(scope) });

export const permissionCatalogue = z.object({
  areas: z.array(z.object({ key: z.string(), title: z.string(), entries: z.array(permissionDef) })),
  /** Grupos de Agências of the organisation's current application (a policy grants scopes on one by name). */
  acls: z.array(z.object({ name: z.string(), title: z.string() })),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogue>;

const policyRef = z.object({ id: z.string(), name: z.string() });

export const profilePermissions = z.object({
  profile: z.object({ id: z.string(), name: z.string() }),
  /** The profile's own policy, which the matrix edits (null until the first save creates it); `version` for the next save. */
  own: z.object({ policy: z.nullable(policyRef), version: z.nullable(z.int()), resources: grants, acls: grants }),
  /** The profile's other policies: shown, not edited here. */
  inherited: z.array(z.object({ policy: policyRef, resources: grants, acls: grants })),
});
export type ProfilePermissions = z.infer<typeof profilePermissions>;

export const saveProfilePermissions = z.object({ version: z.nullable(z.int()), resources: grants, acls: grants });
export type SaveProfilePermissions = z.infer<typeof saveProfilePermissions>;

/** Where a user's scope on a name comes from: a policy, held directly or through a profile. */
export const permissionSource = z.object({ policy: z.string(), profile: z.nullable(z.string()) });

export const userPermissions = z.object({
  user: z.object({ id: z.string(), name: z.string(), accessLevel: z.string() }),
  resources: z.array(z.object({ name: z.string(), scopes: z.array(z.object({ scope: z.string(), sources: z.array(permissionSource) })) })),
  acls: z.array(z.object({ name: z.string(), scopes: z.array(z.object({ scope: z.string(), sources: z.array(permissionSource) })) })),
});
export type UserPermissions = z.infer<typeof userPermissions>;

const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

export const permissionEndpoints = {
  catalogue: defineEndpoint({ family: 'identity', method: 'GET', path: 'permissions/catalogue', summary: 'Catálogo de permissões (recursos, escopos e grupos de agências)', answer: permissionCatalogue }),
  profile: defineEndpoint({ family: 'identity', method: 'GET', path: 'user-groups/{id}/permissions', summary: 'Matriz de permissões de um perfil', params: idParams, answer: profilePermissions }),
  saveProfile: defineEndpoint({
    family: 'identity',
    method: 'PUT',
    path: 'user-groups/{id}/permissions',
    summary: 'Altera a matriz de permissões de um perfil (a política própria do perfil)',
    params: idParams,
    body: saveProfilePermissions,
    answer: profilePermissions,
  }),
  user: defineEndpoint({ family: 'identity', method: 'GET', path: 'users/{id}/permissions', summary: 'Permissões efetivas de um usuário, com a origem de cada uma', params: idParams, answer: userPermissions }),
};

/**
 * Demo data of the identity family (idempotent: nothing happens when the demo organisation
 * exists). Every login's password is DEMO_PASSWORD, unless the caller gives each its own (a
 * production start with SEED_DEMO=1: random ones, printed once — main.ts). Two organisations (the second one is the
 * "other tenant" of the tests), each with its settings and default application "Retaguarda"
 * (resources = the modules; the demo one also has two Grupos de Agências), and the profiles
 * Solicitante, Comprador, Aprovador, Financeiro and Administrador as user groups holding the
 * policy of the same name, assigned to the demo users. Runs through the owner handle.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '../auth/passwords.js';
import { normaliseLogin } from '../identity/users.js';
import { insertProfile, type Scopes } from './profiles.js';
import { seedDemoProcurement } from './seed-procurement.js';
import { seedDemoRegistries, seedOrganisationBanks } from './seed-registries.js';
import type { Database } from './types.js';

export const DEMO_PASSWORD = 'Retaguarda#2025';
export const DEMO_ORG_ID = '00000000-0000-4000-8000-000000000001';
export const OTHER_ORG_ID = '00000000-0000-4000-8000-000000000002';
export const DEMO_ORG_NAME = 'Demo Compras e Finanças Ltda';
export const OTHER_ORG_NAME = 'Outra Organização Ltda';

const CRU = ['create', 'read', 'update'];
const CRUD = ['create', 'read', 'update', 'delete'];
const CRUDX = [...CRUD, 'export'];
const each = (names: string[], scopes: string[]): Scopes => Object.fromEntries(names.map((n) => [n, scopes]));

/**
 * Profiles (user groups), per organisation; each holds the policy of the same name, inside the
 * organisation's default application. Resource names are the permission names of the
 * declarations (src/contracts/resources) and of app.config.json's modules.
 */
export const DEMO_GROUPS: Record<string, Scopes> = {
  // A requester creates pedidos and sees only their own (orders: create, no read); the catalogue
  // and the selects of the pedido form need to read products, departments and cost centres.
  Solicitante: { orders: ['create'], requesterQueue: ['create', 'read'], ...each(['products', 'categories', 'costCenters', 'departments'], ['read']) },
  // approvals (create, read) puts "Aprovações" (the inbox) in the menu of buyers and treasury, who
  // decide stages of pedidos and pagamentos (the menu shows what one may create in); the approval
  // routes do not read this permission: what a flow shows follows the record's own read scope.
  Comprador: { ...each(['orders', 'quotes', 'purchaseOrders', 'receipts', 'invoices', 'suppliers', 'products'], CRU), ...each(['categories', 'costCenters', 'departments', 'expenseCategories'], ['read']), approvals: ['create', 'read'] },
  Aprovador: { approvals: ['create', 'read', 'approve'], ...each(['orders', 'quotes', 'purchaseOrders', 'invoices', 'payables'], ['read']), myAccount: ['read', 'update'] },
  Financeiro: {
    // Treasury authorises payments (never the ones they entered: the server refuses that).
    paymentQueue: [...CRU, 'approve', 'export'],
    ...each(
      ['payables', 'receivables', 'remittanceFiles', 'bankAccounts', 'banks', 'costCenters', 'chartAccounts', 'expenseCategories', 'revenueCategories', 'ledgerAccounts', 'accountingGroups', 'companyBills', 'customers', 'departments'],
      [...CRU, 'export'],
    ),
    ...each(['suppliers', 'persons', 'companies'], ['read', 'export']),
    // To name the requester who confirms receipt (atesto) of a lançamento.
    users: ['read'],
    myAccount: ['read', 'update'],
    // BI (issue 26): DRE and fluxo de caixa; tokens de conta (create, update: edit and revoke).
    financeReports: ['read', 'export', 'create', 'update'],
    approvals: ['create', 'read'],
  },
  Administrador: {
    ...each(['users', 'userGroups', 'applications', 'applicationResources', 'applicationAcls', 'applicationPolicies', 'approvalQueues', 'importBatches', 'companies', 'persons', 'departments', 'orders', 'quotes', 'purchaseOrders', 'receipts', 'invoices'], CRUDX),
    ...each(['payables', 'receivables', 'paymentQueue', 'requesterQueue'], [...CRUDX, 'approve']),
    // Arquivos de remessa (issue 25): generating, cancelling, importing retornos.
    ...each(['remittanceFiles'], CRUDX),
    // The registries (what the batch import writes needs create + update on it).
    ...each(
      ['suppliers', 'customers', 'products', 'categories', 'costCenters', 'expenseCategories', 'revenueCategories', 'banks', 'bankAccounts', 'chartAccounts', 'ledgerAccounts', 'accountingGroups', 'companyBills'],
      CRUDX,
    ),
    ...each(['settings', 'purchasingSettings', 'application', 'applicationSettings', 'myAccount'], ['read', 'update']),
    financeReports: ['read', 'export', 'create', 'update'],
  },
};

/** ACL grants (Grupos de Agências) of the profiles, by ACL name. */
export const DEMO_GROUP_ACLS: Record<string, Scopes> = {
  Financeiro: { agenciasSul: ['read', 'update'], agenciasSudeste: ['read', 'update'] },
  Aprovador: { agenciasSudeste: ['read', 'approve'] },
};

/** The default application's resources: the modules of app.config.json. */
export const DEMO_APPLICATION_RESOURCES: [name: string, title: string][] = [
  ['orders', 'Pedidos'],
  ['quotes', 'Cotações'],
  ['purchaseOrders', 'Ordens de Compra'],
  ['receipts', 'Entregas'],
  ['invoices', 'Faturamentos'],
  ['purchasingSettings', 'Configurações de compras'],
  ['payables', 'Contas a Pagar'],
  ['requesterQueue', 'Fila do Solicitante'],
  ['paymentQueue', 'Fila de Pagamentos'],
  ['remittanceFiles', 'Arquivos de Remessa'],
  ['receivables', 'Contas a Receber'],
  ['banks', 'Bancos'],
  ['bankAccounts', 'Contas Financeiras'],
  ['products', 'Produtos'],
  ['costCenters', 'Centros de Custos'],
  ['chartAccounts', 'Planos de Contas'],
  ['approvals', 'Aprovações'],
  ['approvalQueues', 'Filas de Aprovação'],
  ['suppliers', 'Fornecedores'],
  ['customers', 'Clientes'],
  ['persons', 'Clientes & Fornecedores'],
  ['companies', 'Empresas'],
  ['categories', 'Departamentos do catálogo'],
  ['expenseCategories', 'Categorias de Despesas'],
  ['revenueCategories', 'Categorias de Receitas'],
  ['departments', 'Departamentos'],
  ['companyBills', 'Faturas'],
  ['ledgerAccounts', 'Contas Contábeis'],
  ['accountingGroups', 'Grupos Contábeis'],
  ['importBatches', 'Importações em Lote'],
  ['users', 'Usuários'],
  ['userGroups', 'Perfis de Usuário'],
  ['applications', 'Aplicações'],
  ['application', 'Aplicação'],
  ['applicationResources', 'Recursos da Aplicação'],
  ['applicationAcls', 'Grupos de Agências'],
  ['applicationPolicies', 'Políticas da Aplicação'],
  ['settings', 'Configurações'],
  ['financeReports', 'Relatórios financeiros'],
];

/** Grupos de Agências of the default application. */
export const DEMO_ACLS: { name: string; title: string; description: string; items: { code: string; label: string }[] }[] = [
  {
    name: 'agenciasSul',
    title: 'Agências Região Sul',
    description: 'Agências bancárias das filiais do Sul.',
    items: [
      { code: '0001', label: 'Porto Alegre — Centro' },
      { code: '0002', label: 'Curitiba — Batel' },
      { code: '0003', label: 'Florianópolis — Centro' },
    ],
  },
  {
    name: 'agenciasSudeste',
    title: 'Agências Região Sudeste',
    description: 'Agências bancárias da matriz e das filiais do Sudeste.',
    items: [
      { code: '0101', label: 'São Paulo — Paulista' },
      { code: '0102', label: 'Rio de Janeiro — Centro' },
      { code: '0103', label: 'Belo Horizonte — Savassi' },
    ],
  },
];

interface DemoUser {
  email: string;
  name: string;
  orgId: string;
  accessLevel: 'SystemOwner' | 'Admin' | 'User';
  groups: string[];
  mandatory?: boolean;
  allowed?: ('Email' | 'TOTP')[];
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.com.br', name: 'Administrador Demo', orgId: DEMO_ORG_ID, accessLevel: 'SystemOwner', groups: ['Administrador'] },
  { email: 'compras@demo.com.br', name: 'Carla Compras', orgId: DEMO_ORG_ID, accessLevel: 'User', groups: ['Comprador'] },
  { email: 'solicitante@demo.com.br', name: 'Sérgio Solicitante', orgId: DEMO_ORG_ID, accessLevel: 'User', groups: ['Solicitante'] },
  { email: 'financeiro@demo.com.br', name: 'Fernanda Financeiro', orgId: DEMO_ORG_ID, accessLevel: 'User', groups: ['Financeiro'], mandatory: true, allowed: ['Email', 'TOTP'] },
  { email: 'tesouraria@demo.com.br', name: 'Tânia Tesouraria', orgId: DEMO_ORG_ID, accessLevel: 'User', groups: ['Financeiro'] },
  { email: 'gestor@demo.com.br', name: 'Gustavo Gestor', orgId: DEMO_ORG_ID, accessLevel: 'User', groups: ['Aprovador'], mandatory: true, allowed: ['Email'] },
  { email: 'admin@outra.com.br', name: 'Administradora Outra', orgId: OTHER_ORG_ID, accessLevel: 'Admin', groups: ['Administrador'] },
];

const ORG_GROUPS: Record<string, string[]> = {
  [DEMO_ORG_ID]: ['Comprador', 'Solicitante', 'Financeiro', 'Aprovador', 'Administrador'],
  [OTHER_ORG_ID]: ['Administrador'],
};

/** Creates the demo organisations, groups, policies and users. Returns false when already there. */
export async function seedDemo(db: Kysely<Database>, hasher: PasswordHasher, passwordOf: (email: string) => string = () => DEMO_PASSWORD): Promise<boolean> {
  const exists = await db.selectFrom('organizations').select('id').where('id', '=', DEMO_ORG_ID).executeTakeFirst();
  if (exists) return false;
  const hashes = await Promise.all(DEMO_USERS.map((user) => hasher.hash(passwordOf(user.email))));
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values([
        { id: DEMO_ORG_ID, name: DEMO_ORG_NAME, trade_name: 'Demo Compras', cnpj: '11222333000181', created_at: now, updated_at: now },
        { id: OTHER_ORG_ID, name: OTHER_ORG_NAME, trade_name: 'Outra', created_at: now, updated_at: now },
      ])
      .execute();
    // Settings and the default application (`applications/current`) with its resources and ACLs.
    const applicationIds = new Map<string, string>();
    for (const orgId of [DEMO_ORG_ID, OTHER_ORG_ID]) {
      await trx.insertInto('org_settings').values({ org_id: orgId, created_at: now, updated_at: now }).execute();
      const applicationId = randomUUID();
      applicationIds.set(orgId, applicationId);
      await trx
        .insertInto('applications')
        .values({ id: applicationId, org_id: orgId, name: 'Retaguarda', slug: 'retaguarda', description: 'Aplicação principal da organização.', is_default: true, created_at: now, updated_at: now })
        .execute();
      await trx
        .insertInto('application_resources')
        .values(DEMO_APPLICATION_RESOURCES.map(([name, title]) => ({ id: randomUUID(), org_id: orgId, application_id: applicationId, name, title, created_at: now, updated_at: now })))
        .execute();
      if (orgId === DEMO_ORG_ID) {
        await trx
          .insertInto('application_acls')
          .values(DEMO_ACLS.map((acl) => ({ id: randomUUID(), org_id: orgId, application_id: applicationId, ...acl, items: JSON.stringify(acl.items), created_at: now, updated_at: now })))
          .execute();
      }
    }
    const groupIds = new Map<string, string>();
    for (const [orgId, groups] of Object.entries(ORG_GROUPS)) {
      for (const name of groups) {
        const groupId = await insertProfile(trx, { orgId, applicationId: applicationIds.get(orgId)!, name, resources: DEMO_GROUPS[name], acls: DEMO_GROUP_ACLS[name], now });
        groupIds.set(`${orgId}/${name}`, groupId);
      }
    }
    const userIds = new Map<string, string>();
    for (const [index, user] of DEMO_USERS.entries()) {
      const id = randomUUID();
      userIds.set(user.email, id);
      await trx
        .insertInto('users')
        .values({
          id,
          org_id: user.orgId,
          email: user.email,
          login_key: normaliseLogin(user.email),
          name: user.name,
          access_level: user.accessLevel,
          password_hash: hashes[index],
          is_active: true,
          two_factor_mandatory: user.mandatory ?? false,
          two_factor_enabled_by_user: false,
          allowed_methods: user.allowed ?? ['Email', 'TOTP'],
          email_2fa_confirmed: false,
          password_changed_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const group of user.groups) {
        await trx.insertInto('user_group_members').values({ org_id: user.orgId, group_id: groupIds.get(`${user.orgId}/${group}`)!, user_id: id }).execute();
      }
    }
    // Registries: the official bank list for both organisations, demo records for the demo one.
    const registries = trx as unknown as Kysely<any>;
    for (const orgId of [DEMO_ORG_ID, OTHER_ORG_ID]) await seedOrganisationBanks(registries, orgId, now);
    await seedDemoRegistries(registries, DEMO_ORG_ID, now);
    await seedDemoProcurement(registries, DEMO_ORG_ID, userIds, now);
  });
  return true;
}

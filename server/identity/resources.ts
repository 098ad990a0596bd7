/**
 * Storage of the identity declarations (src/contracts/resources) for the registry plugin,
 * mapped onto the identity tables so that what admins edit IS what `requireScope` reads:
 * - users → users (+ user_group_members as `groups`, user_policies as `policies`; `lastLoginAt`
 *   is the newest session). Created without a password: the user receives a password-definition
 *   e-mail (the recovery link mechanism). Nobody but a SystemOwner grants or touches the
 *   SystemOwner level; nobody deactivates, deletes or demotes themselves;
 * - userGroups → user_groups (+ members, user_group_policies);
 * - users, userGroups, applicationPolicies: no change may leave the organisation without an active
 *   user able to edit permissions (409, permission-keepers.ts);
 * - applicationPolicies → policies (+ policy_permissions as `statements`), inside an application;
 * - applications, applicationResources, applicationAcls → their tables; `current` is the
 *   organisation's default application (created with the organisation; cannot be deleted);
 * - settings → org_settings + the organisation's name/trade name/CNPJ;
 * - organizations (SystemOwner, across tenants) → organizations; creating one also creates its
 *   settings, default application and official bank list; deactivating one ends its sessions.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CURRENT_APPLICATION } from '../../src/contracts/resources/index.js';
import { randomToken } from '../auth/crypto.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { forbidden, HttpError, MESSAGES } from '../errors.js';
import type { Call, ParentStorage, ResourceStorage, Trx, Values, WireRecord } from '../registry/storage.js';
import { issuePasswordLink } from './password-links.js';
import { keepingPermissionEditors } from './permission-keepers.js';
import { assertKnownNames, type NamedEntry } from './permission-names.js';
import { normaliseLogin } from './users.js';

const conflict = (message: string) => new HttpError(409, message);

// ---------------------------------------------------------------- applications (parent)

export async function defaultApplicationId(trx: Trx, orgId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('applications').select('id').where('org_id', '=', orgId).where('is_default', '=', true).executeTakeFirst();
  return row?.id;
}

const applicationParent: ParentStorage = {
  column: 'application_id',
  async resolve(trx, call, param) {
    if (param === CURRENT_APPLICATION) return defaultApplicationId(trx, call.orgId);
    const row = await trx.selectFrom('applications').select('id').where('org_id', '=', call.orgId).where('id', '=', param.slice(0, 64)).executeTakeFirst();
    return row?.id;
  },
};

/** A new organisation's default application (`applications/current`). */
export async function createDefaultApplication(trx: Trx, orgId: string, now: Date, id: string = randomUUID()): Promise<string> {
  await trx
    .insertInto('applications')
    .values({ id, org_id: orgId, name: 'Retaguarda', slug: 'retaguarda', description: 'Aplicação principal da organização.', is_active: true, is_default: true, created_at: now, updated_at: now })
    .execute();
  return id;
}

const applications: ResourceStorage = {
  table: 'applications',
  tenantColumn: 'org_id',
  uniques: { applications_org_slug_unique: { field: 'slug', message: 'Já existe uma aplicação com este identificador.' } },
  aliasIds: { [CURRENT_APPLICATION]: (trx, call) => defaultApplicationId(trx, call.orgId) },
  idPermissions: { [CURRENT_APPLICATION]: 'application' },
  async beforeUpdate(trx, _call, values, before) {
    if (values.isActive === false && (await isDefaultApplication(trx, before.id))) throw conflict('A aplicação atual da organização não pode ser desativada.');
  },
  async beforeDelete(trx, _call, before) {
    if (await isDefaultApplication(trx, before.id)) throw conflict('A aplicação atual da organização não pode ser excluída.');
  },
};

async function isDefaultApplication(trx: Trx, id: string): Promise<boolean> {
  const row = await trx.selectFrom('applications').select('is_default').where('id', '=', id).executeTakeFirst();
  return row?.is_default === true;
}

const applicationResources: ResourceStorage = {
  table: 'application_resources',
  tenantColumn: 'org_id',
  parent: applicationParent,
  uniques: { application_resources_name_unique: { field: 'name', message: 'Já existe um recurso com este nome técnico nesta aplicação.' } },
};

const applicationAcls: ResourceStorage = {
  table: 'application_acls',
  tenantColumn: 'org_id',
  parent: applicationParent,
  uniques: { application_acls_name_unique: { field: 'name', message: 'Já existe um grupo com este nome técnico nesta aplicação.' } },
};

const applicationPolicies: ResourceStorage = {
  table: 'policies',
  tenantColumn: 'org_id',
  parent: applicationParent,
  children: { statements: { table: 'policy_permissions', own: 'policy_id', columns: { kind: 'kind', name: 'name', scopes: 'scopes' } } },
  uniques: {
    policies_org_name_unique: { field: 'name', message: 'Já existe uma política com este nome.' },
    policy_permissions_unique: { field: 'statements', message: 'Há permissões repetidas (mesmo tipo e nome técnico).' },
  },
  async beforeCreate(trx, call, values) {
    await checkStatements(trx, call, values);
  },
  async beforeUpdate(trx, call, values, before) {
    await checkStatements(trx, call, values, before);
  },
};

/** One line per kind and name, each naming a resource or Grupo de Agências the application knows (permission-names.ts). */
async function checkStatements(trx: Trx, call: Call, values: Values, before?: WireRecord): Promise<void> {
  const seen = new Map<string, number>();
  const statements = (values.statements as NamedEntry[] | undefined) ?? [];
  for (const [index, statement] of statements.entries()) {
    const key = `${statement.kind}/${statement.name}`;
    if (seen.has(key)) throw new HttpError(400, MESSAGES.validation, { [`statements.${index}.name`]: ['Esta permissão já aparece acima; junte os escopos numa só linha.'] });
    seen.set(key, index);
  }
  const applicationId = call.parentId ?? (before?.applicationId as string | undefined);
  if (applicationId) await assertKnownNames(trx, applicationId, statements);
}

// ---------------------------------------------------------------- users and groups

const unusable = new WeakMap<PasswordHasher, Promise<string>>();
/**
 * The password hash of a user who has not defined one yet: a real argon2id hash of a random
 * secret nobody knows (so a login attempt costs the same as for any account).
 */
function unusableHash(hasher: PasswordHasher): Promise<string> {
  let hash = unusable.get(hasher);
  if (!hash) unusable.set(hasher, (hash = hasher.hash(randomToken(32))));
  return hash;
}

function protectLevels(call: Call, values: Values, before?: WireRecord): void {
  const owner = call.accessLevel === 'SystemOwner';
  if (!owner && before?.accessLevel === 'SystemOwner') throw forbidden('Somente um proprietário do sistema pode alterar outro proprietário do sistema.');
  if (!owner && values.accessLevel === 'SystemOwner') throw forbidden('Somente um proprietário do sistema pode conceder este nível de acesso.');
  if (before && before.id === call.userId) {
    if (values.isActive === false) throw conflict('Você não pode desativar a sua própria conta.');
    if (values.accessLevel !== before.accessLevel) throw conflict('Você não pode alterar o seu próprio nível de acesso.');
  }
}

const users: ResourceStorage = {
  table: 'users',
  tenantColumn: 'org_id',
  links: {
    groups: { table: 'user_group_members', own: 'user_id', other: 'group_id' },
    policies: { table: 'user_policies', own: 'user_id', other: 'policy_id' },
  },
  computed: { lastLoginAt: sql`SELECT max(s.created_at) FROM sessions AS s WHERE s.user_id = t.id` },
  uniques: {
    users_login_key_unique: { field: 'email', message: 'Já existe um usuário com este e-mail.' },
    users_email_unique: { field: 'email', message: 'Já existe um usuário com este e-mail.' },
  },
  async beforeCreate(_trx, call, values) {
    protectLevels(call, values);
    const now = call.ctx.clock();
    return {
      login_key: normaliseLogin(String(values.email)),
      password_hash: await unusableHash(call.ctx.hasher),
      two_factor_enabled_by_user: false,
      email_2fa_confirmed: false,
      password_changed_at: now,
    };
  },
  async afterCreate(_trx, call, record) {
    if (record.isActive !== true) return;
    const { ctx, request, tenant } = call;
    const user = { id: record.id, org_id: tenant!, email: String(record.email), name: String(record.name) };
    call.afterCommit.push(() => issuePasswordLink(ctx, user, 'definition', request));
  },
  async beforeUpdate(_trx, call, values, before) {
    protectLevels(call, values, before);
    if (values.email !== before.email) return { login_key: normaliseLogin(String(values.email)) };
  },
  async afterUpdate(trx, call, after, before) {
    if (after.email !== before.email) {
      // A link sent to the old address must not set the password any more.
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', after.id).where('used_at', 'is', null).execute();
    }
    if (before.isActive && !after.isActive) {
      await trx.updateTable('sessions').set({ revoked_at: call.ctx.clock(), revoked_reason: 'user-deactivated' }).where('user_id', '=', after.id).where('revoked_at', 'is', null).execute();
    }
  },
  async beforeDelete(trx, call, before) {
    if (call.accessLevel !== 'SystemOwner' && before.accessLevel === 'SystemOwner') throw forbidden('Somente um proprietário do sistema pode excluir outro proprietário do sistema.');
    if (before.id === call.userId) throw conflict('Você não pode excluir a sua própria conta.');
    const sessions = trx.selectFrom('sessions').select('id').where('user_id', '=', before.id);
    await trx.deleteFrom('refresh_tokens').where('session_id', 'in', sessions).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', before.id).execute();
    await trx.deleteFrom('email_codes').where('user_id', '=', before.id).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', before.id).execute();
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', before.id).execute();
    await trx.deleteFrom('second_factor_throttle').where('user_id', '=', before.id).execute();
  },
};

const userGroups: ResourceStorage = {
  table: 'user_groups',
  tenantColumn: 'org_id',
  links: {
    members: { table: 'user_group_members', own: 'group_id', other: 'user_id' },
    policies: { table: 'user_group_policies', own: 'group_id', other: 'policy_id' },
  },
  uniques: { user_groups_org_name_unique: { field: 'name', message: 'Já existe um perfil com este nome.' } },
};

// ---------------------------------------------------------------- organisations and settings

const ORG_UNIQUES = { organizations_cnpj_unique: { field: 'cnpj', message: 'Já existe uma organização com este CNPJ.' } };

const organizations: ResourceStorage = {
  table: 'organizations',
  tenantColumn: null,
  uniques: ORG_UNIQUES,
  async afterCreate(trx, call, record) {
    // The same start as the setup command's (settings, application, profiles, banks); loaded on
    // use: setup/organisation.ts imports this module.
    const { furnishOrganisation } = await import('../setup/organisation.js');
    await furnishOrganisation(trx, record.id, call.ctx.clock());
  },
  async beforeUpdate(_trx, call, values, before) {
    if (before.id === call.orgId && values.isActive === false) throw conflict('Você não pode desativar a sua própria organização.');
  },
  async afterUpdate(trx, call, after, before) {
    const now = call.ctx.clock();
    // Name, trade name and CNPJ are also the settings' fields: a stale settings form must see it.
    await trx.updateTable('org_settings').set({ version: sql`version + 1`, updated_at: now }).where('org_id', '=', after.id).execute();
    if (before.isActive && !after.isActive) {
      await trx.updateTable('sessions').set({ revoked_at: now, revoked_reason: 'organization-deactivated' }).where('org_id', '=', after.id).where('revoked_at', 'is', null).execute();
    }
  },
  async beforeDelete(trx, call, before) {
    if (before.id === call.orgId) throw conflict('Você não pode excluir a sua própria organização.');
    const member = await trx.selectFrom('users').select('id').where('org_id', '=', before.id).limit(1).executeTakeFirst();
    if (member) throw conflict('A organização tem usuários e não pode ser excluída. Desative-a.');
    await trx.deleteFrom('user_groups').where('org_id', '=', before.id).execute();
    await trx.deleteFrom('policies').where('org_id', '=', before.id).execute();
    await trx.deleteFrom('applications').where('org_id', '=', before.id).execute();
    await trx.deleteFrom('org_settings').where('org_id', '=', before.id).execute();
    // Only the seeded bank list may be left: any other registry record makes the FK refuse (409).
    await sql`DELETE FROM banks WHERE org_id = ${before.id}`.execute(trx);
  },
};

interface SettingsRow {
  org_id: string;
  name: string;
  trade_name: string | null;
  cnpj: string | null;
  timezone: string;
  two_factor_mandatory: boolean;
  two_factor_allowed_methods: string[];
  session_idle_minutes: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

async function readSettings(trx: Trx, orgId: string, lock: boolean): Promise<WireRecord> {
  const select = async () =>
    (
      await sql<SettingsRow>`SELECT s.org_id, o.name, o.trade_name, o.cnpj, s.timezone, s.two_factor_mandatory, s.two_factor_allowed_methods, s.session_idle_minutes, s.version, s.created_at,
          greatest(s.updated_at, o.updated_at) AS updated_at
        FROM org_settings AS s JOIN organizations AS o ON o.id = s.org_id
        WHERE s.org_id = ${orgId} ${lock ? sql`FOR UPDATE OF s, o` : sql``}`.execute(trx)
    ).rows[0];
  let row = await select();
  if (!row) {
    await sql`INSERT INTO org_settings (org_id) VALUES (${orgId}) ON CONFLICT (org_id) DO NOTHING`.execute(trx);
    row = await select();
  }
  if (!row) throw new HttpError(404, MESSAGES.notFound);
  return {
    id: row.org_id,
    version: Number(row.version),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    name: row.name,
    tradeName: row.trade_name,
    cnpj: row.cnpj,
    timezone: row.timezone,
    twoFactorMandatory: row.two_factor_mandatory,
    twoFactorAllowedMethods: row.two_factor_allowed_methods,
    sessionIdleMinutes: Number(row.session_idle_minutes),
  };
}

const settings: ResourceStorage = {
  table: 'org_settings',
  tenantColumn: 'org_id',
  uniques: ORG_UNIQUES,
  singleton: {
    get: (trx, call, lock) => readSettings(trx, call.tenant!, lock),
    async put(trx, call, values) {
      const orgId = call.tenant!;
      const now = call.ctx.clock();
      await trx
        .updateTable('organizations')
        .set({ name: String(values.name), trade_name: (values.tradeName as string | null) ?? null, cnpj: (values.cnpj as string | null) ?? null, version: sql`version + 1`, updated_at: now })
        .where('id', '=', orgId)
        .execute();
      await trx
        .updateTable('org_settings')
        .set({ two_factor_mandatory: values.twoFactorMandatory === true, two_factor_allowed_methods: values.twoFactorAllowedMethods as string[], ...(typeof values.sessionIdleMinutes === 'number' ? { session_idle_minutes: values.sessionIdleMinutes } : {}), version: sql`version + 1`, updated_at: now })
        .where('org_id', '=', orgId)
        .execute();
      return readSettings(trx, orgId, false);
    },
  },
};

export const identityStorages: Readonly<Record<string, ResourceStorage>> = {
  organizations,
  applications,
  applicationResources,
  applicationAcls,
  // Nobody locks the organisation out of its permissions (permission-keepers.ts).
  applicationPolicies: keepingPermissionEditors(applicationPolicies),
  users: keepingPermissionEditors(users),
  userGroups: keepingPermissionEditors(userGroups),
  settings,
};



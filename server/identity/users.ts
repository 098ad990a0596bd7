/** Users as the identity API shows them: logged user, two-factor state, effective permissions. */
import { scopesOn } from '../../src/contracts/permissions.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { TWO_FACTOR_METHODS, type EffectivePermission, type LoggedUser, type TwoFactorMethod } from '../../src/contracts/identity.js';
import type { Database, UsersTable } from '../db/types.js';

export type UserRow = Selectable<UsersTable>;

/** Normalised login: trimmed, lower case, and for e-mails without the `+alias` of the local part. */
export function normaliseLogin(login: string): string {
  const value = login.trim().normalize('NFC').toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0) return value;
  const local = value.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${value.slice(at)}`;
}

export interface TwoFactorState {
  /** Mandatory, or switched on by the user. */
  active: boolean;
  allowedMethods: TwoFactorMethod[];
  boundMethods: TwoFactorMethod[];
  /** Active but no allowed method is bound yet. */
  setupRequired: boolean;
}

export function twoFactorState(user: UserRow): TwoFactorState {
  const allowedMethods = TWO_FACTOR_METHODS.filter((m) => user.allowed_methods.includes(m));
  const boundMethods: TwoFactorMethod[] = [];
  if (user.email_2fa_confirmed) boundMethods.push('Email');
  if (user.totp_secret_enc) boundMethods.push('TOTP');
  const active = user.two_factor_mandatory || user.two_factor_enabled_by_user;
  const usable = boundMethods.filter((m) => allowedMethods.includes(m));
  return { active, allowedMethods, boundMethods, setupRequired: active && usable.length === 0 };
}

/** False when the organisation was deactivated (its users can neither sign in nor use a session). */
export async function organizationActive(db: Kysely<Database>, orgId: string): Promise<boolean> {
  const org = await db.selectFrom('organizations').select('is_active').where('id', '=', orgId).executeTakeFirst();
  return org?.is_active === true;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('login_key', '=', normaliseLogin(login)).executeTakeFirst();
}

export async function loggedUser(db: Kysely<Database>, user: UserRow): Promise<LoggedUser> {
  const org = await db.selectFrom('organizations').select(['id', 'name']).where('id', '=', user.org_id).executeTakeFirstOrThrow();
  const state = twoFactorState(user);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    accessLevel: user.access_level,
    organization: { id: org.id, name: org.name },
    twoFactorsSettings: {
      isMandatory: user.two_factor_mandatory,
      isEnabledByUser: user.two_factor_enabled_by_user,
      allowedMethods: state.allowedMethods,
      boundMethods: state.boundMethods,
    },
  };
}

/**
 * Effective permissions cached per user, tagged with their organisation's permission stamp
 * (migration 0019: any change of policies, groups or memberships gives it a new value in the same
 * transaction). One primary-key read per call instead of the policy joins; a change is seen on
 * the next request by every instance. The stamp is read BEFORE the permissions: an entry is never
 * tagged newer than its data.
 */
const PERMISSION_CACHE_MAX = 10_000;
const permissionCache = new Map<string, { stamp: string; permissions: EffectivePermission[] }>();

async function permissionStamp(db: Kysely<Database>, orgId: string): Promise<string | undefined> {
  const row = await sql<{ stamp: string }>`SELECT stamp FROM permission_epochs WHERE org_id = ${orgId}`.execute(db);
  return row.rows[0]?.stamp;
}

/**
 * Union of the user's own policies and the policies of their groups, one entry per policy,
 * within the user's organisation only.
 */
export async function effectivePermissions(db: Kysely<Database>, userId: string, orgId: string, knownStamp?: string): Promise<EffectivePermission[]> {
  // A stamp read with the request's session (guard.ts) is as fresh as reading it here.
  const stamp = knownStamp ?? (await permissionStamp(db, orgId));
  const key = `${orgId}:${userId}`;
  const cached = stamp === undefined ? undefined : permissionCache.get(key);
  if (cached && cached.stamp === stamp) return cached.permissions;
  const permissions = await loadPermissions(db, userId, orgId);
  if (stamp !== undefined) {
    // Oldest first out (a Map iterates in insertion order): a bounded cache, refreshed entries move to the end.
    permissionCache.delete(key);
    if (permissionCache.size >= PERMISSION_CACHE_MAX) permissionCache.delete(permissionCache.keys().next().value!);
    permissionCache.set(key, { stamp, permissions });
  }
  return permissions;
}

async function loadPermissions(db: Kysely<Database>, userId: string, orgId: string): Promise<EffectivePermission[]> {
  const direct = db.selectFrom('user_policies').select('policy_id').where('user_id', '=', userId).where('org_id', '=', orgId);
  const viaGroups = db
    .selectFrom('user_group_members as m')
    .innerJoin('user_group_policies as gp', 'gp.group_id', 'm.group_id')
    .select('gp.policy_id')
    .where('m.user_id', '=', userId)
    .where('m.org_id', '=', orgId)
    .where('gp.org_id', '=', orgId);
  const rows = await db
    .selectFrom('policy_permissions as pp')
    .innerJoin('policies as p', 'p.id', 'pp.policy_id')
    .select(['p.id as policyId', 'p.name as policyName', 'pp.kind', 'pp.name', 'pp.scopes'])
    .where('p.org_id', '=', orgId)
    .where('pp.policy_id', 'in', direct.union(viaGroups))
    .orderBy('p.name')
    .orderBy('pp.kind')
    .orderBy('pp.name')
    .execute();
  const byPolicy = new Map<string, EffectivePermission>();
  for (const row of rows) {
    let entry = byPolicy.get(row.policyId);
    if (!entry) byPolicy.set(row.policyId, (entry = { resources: [], acls: [] }));
    (row.kind === 'acl' ? entry.acls : entry.resources).push({ name: row.name, scopes: [...row.scopes] });
  }
  return [...byPolicy.values()];
}

/** Whose scopes: `stamp` is the organisation's permission stamp when the caller already read it (the request's session). */
export interface ScopeSubject {
  id: string;
  orgId: string;
  accessLevel: string;
  stamp?: string;
}

/** True when the user holds `scope` on `resource` (SystemOwner always does). For other families. */
export async function hasScope(db: Kysely<Database>, user: ScopeSubject, resource: string, scope: string): Promise<boolean> {
  const held = await heldScopes(db, user, resource);
  return held === 'all' || held.has(scope);
}

/** Every scope the user holds on `resource` in one read (SystemOwner: `'all'`). */
export async function heldScopes(db: Kysely<Database>, user: ScopeSubject, resource: string): Promise<Set<string> | 'all'> {
  if (user.accessLevel === 'SystemOwner') return 'all';
  const permissions = await effectivePermissions(db, user.id, user.orgId, user.stamp);
  return scopesOn(permissions, resource);
}

/**
 * Nobody locks the organisation out of its own permissions: after any change of who holds what —
 * a profile's matrix, a profile's members or policies, a policy's statements, a user's profiles,
 * policies, activation or removal — at least one active user of the organisation must still be able
 * to edit profiles and permissions (the scopes the permission matrix's save asks for), or the change
 * is refused with a 409 and nothing is written (the same transaction).
 *
 * Two administrators removing each other at the same moment: the organisation's permission-epoch row
 * (migration 0019, bumped by the triggers of every permission table) is locked before the count, so
 * the second change waits for the first to commit and then counts what it left.
 */
import { sql } from 'kysely';
import { scopesOn } from '../../src/contracts/permissions.js';
import { HttpError } from '../errors.js';
import { deleteRecord } from '../registry/records.js';
import type { Call, ResourceStorage, Trx } from '../registry/storage.js';

/** What editing profiles and permissions takes (permission-matrix.ts `saveProfile`). */
export const PERMISSION_EDITING: readonly (readonly [string, string])[] = [
  ['userGroups', 'update'],
  ['applicationPolicies', 'update'],
  ['applicationPolicies', 'create'],
];

export const KEEPER_MESSAGES = {
  lockout: 'Esta alteração deixaria a organização sem ninguém que possa editar perfis e permissões. Mantenha ao menos um usuário ativo com permissão para alterar perfis e políticas.',
} as const;

interface Row {
  user_id: string;
  access_level: string;
  kind: 'resource' | 'acl' | null;
  name: string | null;
  scopes: string[] | null;
}

/** Ids of the organisation's active users who can edit profiles and permissions (read inside the caller's transaction). */
export async function permissionEditors(trx: Trx, orgId: string): Promise<string[]> {
  const rows = await sql<Row>`
    WITH held AS (
      SELECT up.user_id, up.policy_id FROM user_policies up WHERE up.org_id = ${orgId}
      UNION
      SELECT m.user_id, gp.policy_id FROM user_group_members m JOIN user_group_policies gp ON gp.group_id = m.group_id AND gp.org_id = ${orgId} WHERE m.org_id = ${orgId}
    )
    SELECT u.id AS user_id, u.access_level, pp.kind, pp.name, pp.scopes
      FROM users u
      LEFT JOIN held h ON h.user_id = u.id
      LEFT JOIN policies p ON p.id = h.policy_id AND p.org_id = ${orgId}
      LEFT JOIN policy_permissions pp ON pp.policy_id = p.id
     WHERE u.org_id = ${orgId} AND u.is_active`.execute(trx);
  const byUser = new Map<string, { owner: boolean; resources: { name: string; scopes: string[] }[]; acls: { name: string; scopes: string[] }[] }>();
  for (const row of rows.rows) {
    let user = byUser.get(row.user_id);
    if (!user) byUser.set(row.user_id, (user = { owner: row.access_level === 'SystemOwner', resources: [], acls: [] }));
    if (row.name && row.scopes) (row.kind === 'acl' ? user.acls : user.resources).push({ name: row.name, scopes: [...row.scopes] });
  }
  return [...byUser]
    .filter(([, user]) => user.owner || PERMISSION_EDITING.every(([resource, scope]) => scopesOn([user], resource).has(scope)))
    .map(([id]) => id);
}

/**
 * Before a change: locks the organisation's permission-epoch row (two changes of permissions are
 * served one after the other) and says how many can edit permissions now.
 */
export async function lockPermissionEditors(trx: Trx, orgId: string): Promise<number> {
  await sql`SELECT org_id FROM permission_epochs WHERE org_id = ${orgId} FOR UPDATE`.execute(trx);
  return (await permissionEditors(trx, orgId)).length;
}

/**
 * After the change made in `trx`: 409 when it took the last editor of permissions away. An
 * organisation that had none before (a new one, before its first administrator) is not held to it.
 */
export async function assertPermissionEditors(trx: Trx, orgId: string, before: number): Promise<void> {
  if (before > 0 && (await permissionEditors(trx, orgId)).length === 0) throw new HttpError(409, KEEPER_MESSAGES.lockout);
}

/**
 * A storage whose writes can take someone's permissions away (users, profiles, policies): counted
 * before its update or DELETE (under the lock), judged after it — in the same transaction.
 */
export function keepingPermissionEditors(storage: ResourceStorage): ResourceStorage {
  const tenantOf = (call: Call) => call.tenant ?? call.orgId;
  const counted = new WeakMap<Call, number>();
  return {
    ...storage,
    async beforeUpdate(trx, call, values, before) {
      counted.set(call, await lockPermissionEditors(trx, tenantOf(call)));
      return storage.beforeUpdate?.(trx, call, values, before);
    },
    async afterUpdate(trx, call, record, before) {
      await storage.afterUpdate?.(trx, call, record, before);
      await assertPermissionEditors(trx, tenantOf(call), counted.get(call) ?? 1);
    },
    async remove(trx, call, before) {
      const editors = await lockPermissionEditors(trx, tenantOf(call));
      if (storage.remove) await storage.remove(trx, call, before);
      else await deleteRecord(trx, call, storage, before.id);
      await assertPermissionEditors(trx, tenantOf(call), editors);
    },
  };
}

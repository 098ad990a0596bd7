/**
 * A profile (perfil de usuário) of an organisation: a user group holding the policy of the same
 * name, inside the organisation's default application — what the demo seed and the first
 * administrator's organisation (setup/organisation.ts) both create.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './types.js';

export type Scopes = Record<string, string[]>;

export interface ProfileSpec {
  orgId: string;
  applicationId: string;
  name: string;
  /** Scopes per resource. */
  resources: Scopes;
  /** Scopes per ACL (Grupos de Agências), by ACL name. */
  acls?: Scopes;
  now: Date;
}

/** Inserts the policy and its statements, then the group holding it as its matrix policy; returns the group's id. */
export async function insertProfile(trx: Kysely<Database>, spec: ProfileSpec): Promise<string> {
  const { orgId, name, now } = spec;
  const groupId = randomUUID();
  const policyId = randomUUID();
  await trx
    .insertInto('policies')
    .values({ id: policyId, org_id: orgId, application_id: spec.applicationId, name, description: `Permissões do perfil ${name}`, created_at: now, updated_at: now })
    .execute();
  await trx.insertInto('user_groups').values({ id: groupId, org_id: orgId, name, description: `Perfil ${name}`, created_at: now, updated_at: now, matrix_policy_id: policyId }).execute();
  const statements = [
    ...Object.entries(spec.resources).map(([resource, scopes]) => ({ kind: 'resource' as const, name: resource, scopes })),
    ...Object.entries(spec.acls ?? {}).map(([acl, scopes]) => ({ kind: 'acl' as const, name: acl, scopes })),
  ];
  await trx
    .insertInto('policy_permissions')
    .values(statements.map((statement, position) => ({ id: randomUUID(), org_id: orgId, policy_id: policyId, position, ...statement })))
    .execute();
  await trx.insertInto('user_group_policies').values({ org_id: orgId, group_id: groupId, policy_id: policyId }).execute();
  return groupId;
}

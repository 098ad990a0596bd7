/**
 * The permission matrix (issue 27 "Permissions", issue 28 "profiles"): the catalogue of what a
 * policy may grant, a profile's own policy as a resource × scope grid (its other policies shown
 * beside it), and a user's effective permissions with where each scope comes from. Contract:
 * src/contracts/permissionCatalogue.ts.
 *
 * Saving a profile's matrix writes its own policy (`user_groups.matrix_policy_id`, migration 0038)
 * through the policies' record service — the same names check, audit and permission stamp as the
 * policy form — after locking the profile's row, so two administrators saving at once are served
 * one after the other and the second, holding an old version, gets a 412.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { PERMISSION_AREAS, PERMISSIONS, permissionEndpoints, type Grants, type PermissionCatalogue, type ProfilePermissions, type SaveProfilePermissions, type UserPermissions } from '../../src/contracts/permissionCatalogue.js';
import { SCOPES } from '../../src/contracts/resource.js';
import { audit } from '../audit.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { forbidden, HttpError, MESSAGES } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import type { Caller } from '../registry/service.js';
import type { Trx } from '../registry/storage.js';
import { scopeSubject } from './guard.js';
import { assertPermissionEditors, lockPermissionEditors } from './permission-keepers.js';
import { applicationAclTitles, applicationResourceTitles, assertKnownNames, type NamedEntry } from './permission-names.js';
import { defaultApplicationId } from './resources.js';
import { hasScope } from './users.js';

const TAGS = ['identity'];

interface Statement {
  policy_id: string;
  kind: 'resource' | 'acl';
  name: string;
  scopes: string[];
}

/** The scopes in the contract's order (`SCOPES`), each once. */
function order(scopes: Iterable<string>): (typeof SCOPES)[number][] {
  const held = new Set(scopes);
  return SCOPES.filter((scope) => held.has(scope));
}

function grantsOf(statements: readonly Statement[], kind: Statement['kind']): Grants {
  return Object.fromEntries(statements.filter((row) => row.kind === kind).map((row) => [row.name, order(row.scopes)]));
}

async function statementsOf(trx: Trx, policyIds: readonly string[]): Promise<Statement[]> {
  if (policyIds.length === 0) return [];
  return trx.selectFrom('policy_permissions').select(['policy_id', 'kind', 'name', 'scopes']).where('policy_id', 'in', policyIds).orderBy('position').execute() as Promise<Statement[]>;
}

async function currentApplication(trx: Trx, orgId: string): Promise<string> {
  const id = await defaultApplicationId(trx, orgId);
  if (!id) throw new HttpError(409, 'A organização não tem uma aplicação atual: crie-a em Configurações › Aplicações.');
  return id;
}

export async function permissionCatalogue(trx: Trx, orgId: string): Promise<PermissionCatalogue> {
  const applicationId = await currentApplication(trx, orgId);
  const extra = [...(await applicationResourceTitles(trx, applicationId))].filter(([name]) => !PERMISSIONS.has(name));
  const areas = PERMISSION_AREAS.map((area) => ({ key: area.key, title: area.title, entries: area.entries.map((entry) => ({ ...entry, scopes: [...entry.scopes] })) }));
  if (extra.length > 0) areas.push({ key: 'application', title: 'Recursos adicionais da aplicação', entries: extra.map(([name, title]) => ({ name, title, scopes: [...SCOPES] })) });
  const acls = [...(await applicationAclTitles(trx, applicationId))].map(([name, title]) => ({ name, title }));
  return { areas, acls };
}

async function profilePermissions(trx: Trx, orgId: string, groupId: string, lock = false): Promise<ProfilePermissions> {
  let query = trx.selectFrom('user_groups').select(['id', 'name', 'matrix_policy_id']).where('org_id', '=', orgId).where('id', '=', groupId.slice(0, 64));
  if (lock) query = query.forUpdate();
  const group = await query.executeTakeFirst();
  if (!group) throw new HttpError(404, MESSAGES.notFound);
  const policies = await trx
    .selectFrom('user_group_policies as gp')
    .innerJoin('policies as p', 'p.id', 'gp.policy_id')
    .select(['p.id', 'p.name', 'p.version'])
    .where('gp.group_id', '=', group.id)
    .where('gp.org_id', '=', orgId)
    .orderBy('p.name')
    .execute();
  const own = policies.find((policy) => policy.id === group.matrix_policy_id) ?? null;
  const statements = await statementsOf(trx, policies.map((policy) => policy.id));
  const of = (policyId: string) => statements.filter((row) => row.policy_id === policyId);
  return {
    profile: { id: group.id, name: group.name },
    own: {
      policy: own ? { id: own.id, name: own.name } : null,
      version: own ? own.version : null,
      resources: own ? grantsOf(of(own.id), 'resource') : {},
      acls: own ? grantsOf(of(own.id), 'acl') : {},
    },
    inherited: policies.filter((policy) => policy !== own).map((policy) => ({ policy: { id: policy.id, name: policy.name }, resources: grantsOf(of(policy.id), 'resource'), acls: grantsOf(of(policy.id), 'acl') })),
  };
}

/** The statements a saved matrix becomes: one per name with at least one scope, in the catalogue's scope order. */
function statementsFrom(body: SaveProfilePermissions): (NamedEntry & { scopes: string[] })[] {
  const lines = (kind: NamedEntry['kind'], grants: Grants) =>
    Object.entries(grants)
      .map(([name, scopes]) => ({ kind, name, scopes: order(new Set(scopes)) }))
      .filter((line) => line.scopes.length > 0);
  return [...lines('resource', body.resources), ...lines('acl', body.acls)];
}

/** A name the policies' unique index would refuse: the profile's name, else "Permissões do perfil …", numbered when taken. */
async function freePolicyName(trx: Trx, orgId: string, profile: string): Promise<string> {
  const taken = new Set((await sql<{ name: string }>`SELECT name FROM policies WHERE org_id = ${orgId}`.execute(trx)).rows.map((row) => row.name));
  const candidates = [profile, `Permissões do perfil ${profile}`];
  for (let n = 2; n < 100; n++) candidates.push(`Permissões do perfil ${profile} (${n})`);
  return candidates.find((name) => !taken.has(name)) ?? `Permissões do perfil ${profile} ${Date.now()}`;
}

export function permissionMatrixRoutes(ctx: AppContext) {
  async function allowed(request: FastifyRequest, scopes: [string, string][]): Promise<Caller> {
    const auth = request.auth!;
    const held = await Promise.all(scopes.map(([resource, scope]) => hasScope(ctx.db, scopeSubject(auth), resource, scope)));
    if (held.includes(false)) throw forbidden();
    return { userId: auth.userId, orgId: auth.orgId, accessLevel: auth.accessLevel };
  }

  async function saveProfile(request: FastifyRequest, groupId: string, body: SaveProfilePermissions): Promise<ProfilePermissions> {
    const caller = await allowed(request, [['userGroups', 'update'], ['applicationPolicies', 'update'], ['applicationPolicies', 'create']]);
    const policies = ctx.records('applicationPolicies');
    return policies.run(caller, { request, params: { applicationId: 'current' } }, async (trx, call) => {
      const before = await profilePermissions(trx, caller.orgId, groupId, true);
      // The profile's row, then the organisation's permission epoch: the order a profile's PUT takes them in.
      const editors = await lockPermissionEditors(trx, caller.orgId);
      if (body.version !== before.own.version) throw new HttpError(412, MESSAGES.stale, undefined, undefined, { current: before });
      const statements = statementsFrom(body);
      await assertKnownNames(trx, call.parentId!, statements, (entry) => `${entry.kind === 'acl' ? 'acls' : 'resources'}.${entry.name}`);
      const description = `Permissões do perfil ${before.profile.name} (matriz de permissões).`;
      if (before.own.policy) {
        await policies.update(trx, call, before.own.policy.id, { name: before.own.policy.name, description, statements }, before.own.version ?? undefined);
      } else {
        const created = await policies.create(trx, call, { name: await freePolicyName(trx, caller.orgId, before.profile.name), description, statements });
        await trx.insertInto('user_group_policies').values({ org_id: caller.orgId, group_id: before.profile.id, policy_id: created.id }).execute();
        await trx.updateTable('user_groups').set({ matrix_policy_id: created.id, updated_at: ctx.clock() }).where('id', '=', before.profile.id).execute();
      }
      // Taking the editing scopes away from the last one holding them would lock everybody out (409).
      await assertPermissionEditors(trx, caller.orgId, editors);
      const after = await profilePermissions(trx, caller.orgId, groupId);
      await audit(
        trx,
        ctx.clock(),
        { orgId: caller.orgId, actorUserId: caller.userId, action: 'permissions.update', entityType: 'userGroups', entityId: before.profile.id, before: { resources: before.own.resources, acls: before.own.acls }, after: { resources: after.own.resources, acls: after.own.acls } },
        request,
      );
      return after;
    });
  }

  async function userPermissions(caller: Caller, userId: string): Promise<UserPermissions> {
    return withTenant(ctx.tenantDb, caller.orgId, async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'name', 'access_level']).where('org_id', '=', caller.orgId).where('id', '=', userId.slice(0, 64)).executeTakeFirst();
      if (!user) throw new HttpError(404, MESSAGES.notFound);
      // Each policy the user holds, once per way they hold it (directly: profile null).
      const held = await sql<{ policy_id: string; policy: string; profile: string | null }>`
        SELECT p.id AS policy_id, p.name AS policy, NULL::text AS profile
          FROM user_policies up JOIN policies p ON p.id = up.policy_id
         WHERE up.user_id = ${user.id} AND up.org_id = ${caller.orgId}
        UNION ALL
        SELECT p.id, p.name, g.name
          FROM user_group_members m
          JOIN user_groups g ON g.id = m.group_id
          JOIN user_group_policies gp ON gp.group_id = g.id
          JOIN policies p ON p.id = gp.policy_id
         WHERE m.user_id = ${user.id} AND m.org_id = ${caller.orgId}
         ORDER BY 2, 3`.execute(trx);
      const statements = await statementsOf(trx, [...new Set(held.rows.map((row) => row.policy_id))]);
      const collect = (kind: Statement['kind']) => {
        const byName = new Map<string, Map<string, { policy: string; profile: string | null }[]>>();
        for (const statement of statements.filter((row) => row.kind === kind)) {
          const scopes = byName.get(statement.name) ?? new Map();
          byName.set(statement.name, scopes);
          for (const via of held.rows.filter((row) => row.policy_id === statement.policy_id))
            for (const scope of statement.scopes) scopes.set(scope, [...(scopes.get(scope) ?? []), { policy: via.policy, profile: via.profile }]);
        }
        return [...byName].map(([name, scopes]) => ({ name, scopes: order(scopes.keys()).map((scope) => ({ scope, sources: scopes.get(scope)! })) }));
      };
      return { user: { id: user.id, name: user.name, accessLevel: user.access_level }, resources: collect('resource'), acls: collect('acl') };
    });
  }

  return async function permissionMatrix(app: FastifyInstance) {
    const options = { onRequest: app.requireAccess, tags: TAGS };
    serveEndpoint(app, permissionEndpoints.catalogue, options, async (request) => withTenant(ctx.tenantDb, request.auth!.orgId, (trx) => permissionCatalogue(trx, request.auth!.orgId)));
    serveEndpoint(app, permissionEndpoints.profile, options, async (request) => {
      const caller = await allowed(request, [['userGroups', 'read']]);
      return withTenant(ctx.tenantDb, caller.orgId, (trx) => profilePermissions(trx, caller.orgId, (request.params as { id: string }).id));
    });
    serveEndpoint(app, permissionEndpoints.saveProfile, options, async (request) => saveProfile(request, (request.params as { id: string }).id, request.body));
    serveEndpoint(app, permissionEndpoints.user, options, async (request) => {
      const { id } = request.params as { id: string };
      // Everyone may read their own (Minha conta › Políticas); another user's needs users: read.
      const caller = id === request.auth!.userId ? { userId: request.auth!.userId, orgId: request.auth!.orgId, accessLevel: request.auth!.accessLevel } : await allowed(request, [['users', 'read']]);
      return userPermissions(caller, id);
    });
  };
}

/**
 * The permission matrix (issue 27 "Permissions", issue 28 "profiles"), on PGlite and — with
 * DATABASE_URL — PostgreSQL: the catalogue any signed-in user reads; a profile's own policy as a
 * matrix, saved under a lock with its version (two administrators at once: one 200, one 412); what
 * a save grants is what the profile's members may then do; a name outside the catalogue is a 400,
 * on the matrix and on the policy form; a user's effective permissions say where each scope comes from.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_GROUPS } from '../../server/db/seed.js';
import { PERMISSIONS } from '../../src/contracts/permissionCatalogue.js';
import { resourceList } from '../../src/contracts/resources/index.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestEnv } from './fixture.js';

const CATALOGUE = 'permissions/catalogue';
const POLICIES = 'applications/current/policies';

async function newProfile(env: TestEnv, admin: Session, name: string): Promise<string> {
  const created = await call(env, 'POST', 'user-groups', { session: admin, body: { name, description: null, members: [], policies: [] } });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function join(env: TestEnv, groupId: string, userId: string, orgId: string) {
  await env.db.insertInto('user_group_members').values({ org_id: orgId, group_id: groupId, user_id: userId }).execute();
}

describe('the permission catalogue (contract)', () => {
  it('names every permission a declaration checks, and every name the demo profiles grant', () => {
    const declared = resourceList.filter((resource) => !resource.systemOwnerOnly).map((resource) => resource.permission);
    expect(declared.filter((name) => !PERMISSIONS.has(name))).toEqual([]);
    expect(Object.values(DEMO_GROUPS).flatMap((grants) => Object.keys(grants)).filter((name) => !PERMISSIONS.has(name))).toEqual([]);
    for (const entry of PERMISSIONS.values()) expect(entry.scopes.length, entry.name).toBeGreaterThan(0);
  });
});

describe.each(databaseKinds())('the permission matrix [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('the catalogue: pt-BR titles and the scopes that apply, the application’s Grupos de Agências; any signed-in user, 401 without a session', async () => {
    const requester = await loginSession(env, 'solicitante@demo.com.br');
    const answer = await call(env, 'GET', CATALOGUE, { session: requester });
    expect(answer.status).toBe(200);
    const purchasing = answer.body.areas.find((area: { key: string }) => area.key === 'purchasing');
    expect(purchasing.title).toBe('Compras');
    expect(purchasing.entries[0]).toEqual({ name: 'orders', title: 'Pedidos', scopes: ['read', 'create', 'update', 'delete', 'export'] });
    const finance = answer.body.areas.find((area: { key: string }) => area.key === 'finance');
    expect(finance.entries.find((entry: { name: string }) => entry.name === 'paymentQueue').scopes).toContain('approve');
    expect(answer.body.acls.map((acl: { name: string }) => acl.name).sort()).toEqual(['agenciasSudeste', 'agenciasSul']);
    expect((await call(env, 'GET', CATALOGUE)).status).toBe(401);
  });

  it('a save grants the profile’s members exactly what it shows; the profile without a policy of its own gets one; audited', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const profileId = await newProfile(env, admin, 'Conferência de Bancos');
    const empty = await call(env, 'GET', `user-groups/${profileId}/permissions`, { session: admin });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ profile: { id: profileId, name: 'Conferência de Bancos' }, own: { policy: null, version: null, resources: {}, acls: {} }, inherited: [] });

    const { user, session: member } = await userInGroups(env, []);
    await join(env, profileId, user.id, user.orgId);
    expect((await call(env, 'GET', '/api/finance/banks', { session: member })).status).toBe(403);

    const saved = await call(env, 'PUT', `user-groups/${profileId}/permissions`, {
      session: admin,
      body: { version: null, resources: { banks: ['export', 'read', 'read'], costCenters: [] }, acls: { agenciasSul: ['read'] } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.own).toMatchObject({ policy: { name: 'Conferência de Bancos' }, version: 1, resources: { banks: ['read', 'export'] }, acls: { agenciasSul: ['read'] } });
    expect(Object.keys(saved.body.own.resources)).toEqual(['banks']);

    expect((await call(env, 'GET', '/api/finance/banks', { session: member })).status).toBe(200);
    expect((await call(env, 'GET', '/api/finance/bank-accounts', { session: member })).status).toBe(403);

    // Taking the scope back takes the access back on the next request.
    const revoked = await call(env, 'PUT', `user-groups/${profileId}/permissions`, { session: admin, body: { version: saved.body.own.version, resources: {}, acls: {} } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.own).toMatchObject({ version: 2, resources: {}, acls: {} });
    expect((await call(env, 'GET', '/api/finance/banks', { session: member })).status).toBe(403);

    const trail = await env.db.selectFrom('audit_log').select(['action', 'after']).where('entity_type', '=', 'userGroups').where('entity_id', '=', profileId).where('action', '=', 'permissions.update').orderBy('seq').execute();
    expect(trail.map((row) => row.after)).toEqual([{ resources: { banks: ['read', 'export'] }, acls: { agenciasSul: ['read'] } }, { resources: {}, acls: {} }]);
  });

  it('shows the profile’s other policies beside its own; a stale version is a 412 and changes nothing', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const buyer = await env.db.selectFrom('user_groups').select('id').where('name', '=', 'Comprador').where('org_id', '=', (await env.db.selectFrom('users').select('org_id').where('email', '=', 'compras@demo.com.br').executeTakeFirstOrThrow()).org_id).executeTakeFirstOrThrow();
    const extra = await call(env, 'POST', POLICIES, { session: admin, body: { name: 'Leitura de bancos', description: null, statements: [{ kind: 'resource', name: 'banks', scopes: ['read'] }] } });
    expect(extra.status).toBe(201);
    await env.db.insertInto('user_group_policies').values({ org_id: extra.body.orgId ?? (await env.db.selectFrom('user_groups').select('org_id').where('id', '=', buyer.id).executeTakeFirstOrThrow()).org_id, group_id: buyer.id, policy_id: extra.body.id }).execute();

    const matrix = await call(env, 'GET', `user-groups/${buyer.id}/permissions`, { session: admin });
    expect(matrix.body.own.policy.name).toBe('Comprador');
    expect(matrix.body.own.resources.orders).toEqual(['create', 'read', 'update']);
    expect(matrix.body.inherited).toEqual([{ policy: { id: extra.body.id, name: 'Leitura de bancos' }, resources: { banks: ['read'] }, acls: {} }]);

    const stale = await call(env, 'PUT', `user-groups/${buyer.id}/permissions`, { session: admin, body: { version: matrix.body.own.version - 1, resources: {}, acls: {} } });
    expect(stale.status).toBe(412);
    expect((await call(env, 'GET', `user-groups/${buyer.id}/permissions`, { session: admin })).body.own).toEqual(matrix.body.own);
  });

  it('a name outside the catalogue is a 400 naming it — on the matrix and on the policy form — and nothing is written', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const profileId = await newProfile(env, admin, 'Nomes Errados');
    const wrong = await call(env, 'PUT', `user-groups/${profileId}/permissions`, { session: admin, body: { version: null, resources: { pedidos: ['read'], banks: ['read'] }, acls: { agenciasNorte: ['read'] } } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['acls.agenciasNorte', 'resources.pedidos']);
    expect(wrong.body.errors['resources.pedidos'][0]).toContain('Você quis dizer “orders” (Pedidos)?');
    expect((await call(env, 'GET', `user-groups/${profileId}/permissions`, { session: admin })).body.own.policy).toBeNull();

    const form = await call(env, 'POST', POLICIES, { session: admin, body: { name: 'Política com nome errado', description: null, statements: [{ kind: 'resource', name: 'orders', scopes: ['read'] }, { kind: 'resource', name: 'pedidos', scopes: ['create'] }] } });
    expect(form.status).toBe(400);
    expect(Object.keys(form.body.errors)).toEqual(['statements.1.name']);
    expect((await env.db.selectFrom('policies').select('id').where('name', '=', 'Política com nome errado').execute()).length).toBe(0);

    // The application's own additional resources are known too.
    const resource = await call(env, 'POST', 'applications/current/resources', { session: admin, body: { name: 'painelDeObras', title: 'Painel de obras', description: null } });
    expect(resource.status, resource.raw).toBe(201);
    expect((await call(env, 'POST', POLICIES, { session: admin, body: { name: 'Obras', description: null, statements: [{ kind: 'resource', name: 'painelDeObras', scopes: ['read'] }] } })).status).toBe(201);
    const catalogue = await call(env, 'GET', CATALOGUE, { session: admin });
    expect(catalogue.body.areas.at(-1)).toEqual({ key: 'application', title: 'Recursos adicionais da aplicação', entries: [{ name: 'painelDeObras', title: 'Painel de obras', scopes: ['create', 'read', 'update', 'delete', 'approve', 'export'] }] });
  });

  it('who may see and change it: userGroups read to see; userGroups and applicationPolicies update to save; another organisation’s profile is a 404', async () => {
    const buyerSession = await loginSession(env, 'compras@demo.com.br');
    const admin = await loginSession(env, 'admin@demo.com.br');
    const profileId = await newProfile(env, admin, 'Só Leitura de Perfis');
    expect((await call(env, 'GET', `user-groups/${profileId}/permissions`, { session: buyerSession })).status).toBe(403);
    const { session: reader } = await userInGroups(env, []);
    const readers = await newProfile(env, admin, 'Leitores de Perfis');
    const readerUser = (await call(env, 'GET', 'users/me', { session: reader })).body;
    await call(env, 'PUT', `user-groups/${readers}/permissions`, { session: admin, body: { version: null, resources: { userGroups: ['read'] }, acls: {} } });
    await join(env, readers, readerUser.id, readerUser.organization.id);
    expect((await call(env, 'GET', `user-groups/${profileId}/permissions`, { session: reader })).status).toBe(200);
    expect((await call(env, 'PUT', `user-groups/${profileId}/permissions`, { session: reader, body: { version: null, resources: { userGroups: ['read', 'update'] }, acls: {} } })).status).toBe(403);

    const other = await loginSession(env, 'admin@outra.com.br');
    expect((await call(env, 'GET', `user-groups/${profileId}/permissions`, { session: other })).status).toBe(404);
    expect((await call(env, 'PUT', `user-groups/${profileId}/permissions`, { session: other, body: { version: null, resources: {}, acls: {} } })).status).toBe(404);
  });

  it('a user’s effective permissions name the policy and profile each scope comes from; users read required', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const buyer = await env.db.selectFrom('users').select(['id', 'org_id']).where('email', '=', 'compras@demo.com.br').executeTakeFirstOrThrow();
    const answer = await call(env, 'GET', `users/${buyer.id}/permissions`, { session: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: buyer.id, name: 'Carla Compras', accessLevel: 'User' });
    const orders = answer.body.resources.find((entry: { name: string }) => entry.name === 'orders');
    expect(orders.scopes.map((entry: { scope: string }) => entry.scope)).toEqual(['create', 'read', 'update']);
    expect(orders.scopes[0].sources).toContainEqual({ policy: 'Comprador', profile: 'Comprador' });
    // Their own, always (Minha conta › Políticas); another user's needs users: read.
    const buyerSession = await loginSession(env, 'compras@demo.com.br');
    expect((await call(env, 'GET', `users/${buyer.id}/permissions`, { session: buyerSession })).status).toBe(200);
    const requester = await env.db.selectFrom('users').select('id').where('email', '=', 'solicitante@demo.com.br').executeTakeFirstOrThrow();
    expect((await call(env, 'GET', `users/${requester.id}/permissions`, { session: buyerSession })).status).toBe(403);
    expect((await call(env, 'GET', `users/${buyer.id}/permissions`, { session: await loginSession(env, 'admin@outra.com.br') })).status).toBe(404);
  });

  it.runIf(kind === 'postgres')('two administrators saving the same matrix at once: one 200, one 412, one policy', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    for (let round = 0; round < 4; round++) {
      const profileId = await newProfile(env, admin, `Corrida ${round}`);
      const save = (scopes: string[]) => call(env, 'PUT', `user-groups/${profileId}/permissions`, { session: admin, body: { version: null, resources: { banks: scopes }, acls: {} } });
      const answers = await Promise.all([save(['read']), save(['read', 'export'])]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
      const policies = await env.db.selectFrom('user_group_policies').select('policy_id').where('group_id', '=', profileId).execute();
      expect(policies).toHaveLength(1);
    }
  });
});

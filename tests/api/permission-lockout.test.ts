/**
 * Nobody locks the organisation out of its own permissions (server/identity/permission-keepers.ts):
 * the last one able to edit profiles and permissions cannot take that right away from themselves —
 * through the permission matrix, the profile's members or policies, the policy's statements, their
 * own profiles, or by deleting the profile: a pt-BR 409 and nothing written. With a second editor
 * the same change goes through; two editors removing each other at the same moment leave one.
 * Played in the second demo organisation, whose only administrator is set aside for the test.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { users } from '../../src/contracts/resources/index.js';
import { OTHER_ORG_ID } from '../../server/db/seed.js';
import { permissionEditors } from '../../server/identity/permission-keepers.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const LOCKOUT = 'Esta alteração deixaria a organização sem ninguém que possa editar perfis e permissões. Mantenha ao menos um usuário ativo com permissão para alterar perfis e políticas.';
const EDITING = { userGroups: ['create', 'read', 'update', 'delete'], applicationPolicies: ['create', 'read', 'update', 'delete'], users: ['read', 'update'] };

describe.each(databaseKinds())('no lock-out of the permissions [%s]', (kind) => {
  const env = useTestEnv(kind);
  let other: Session;
  let editor: { user: TestUser; session: Session };
  /** The profile giving `editor` the right to edit permissions (through its own matrix policy). */
  let access: { id: string; name: string };

  const editors = () => env.db.transaction().execute((trx) => permissionEditors(trx as never, OTHER_ORG_ID));
  const members = async (groupId: string) => (await sql<{ user_id: string }>`SELECT user_id FROM user_group_members WHERE group_id = ${groupId} ORDER BY user_id`.execute(env.db)).rows.map((row) => row.user_id);
  const group = async (who: Session, id: string) => (await call(env, 'GET', `user-groups/${id}`, { session: who })).body;
  const putGroup = async (who: Session, id: string, change: Record<string, unknown>) => {
    const record = await group(who, id);
    const body = { name: record.name, description: record.description ?? null, members: record.members, policies: record.policies, ...change };
    return call(env, 'PUT', `user-groups/${id}`, { session: who, body, headers: { 'if-match': ifMatch(record.version) } });
  };
  const matrix = async (who: Session, id: string) => (await call(env, 'GET', `user-groups/${id}/permissions`, { session: who })).body;
  const saveMatrix = async (who: Session, id: string, resources: Record<string, string[]>) =>
    call(env, 'PUT', `user-groups/${id}/permissions`, { session: who, body: { version: (await matrix(who, id)).own.version, resources, acls: {} } });
  /** A profile with the editing rights in its own matrix. */
  const editingProfile = async (name: string, who = editor?.session ?? other) => {
    const created = await call(env, 'POST', 'user-groups', { session: who, body: { name, description: null, members: [], policies: [] } });
    expect(created.status, created.raw).toBe(201);
    const saved = await saveMatrix(who, created.body.id, EDITING);
    expect(saved.status, saved.raw).toBe(200);
    return { id: created.body.id as string, name };
  };

  beforeAll(async () => {
    other = await loginSession(env, 'admin@outra.com.br');
    access = await editingProfile('Gestão de acessos');
    editor = await userInGroups(env, [access.name], OTHER_ORG_ID);
    // The organisation's administrator set aside: the editor is the only one left who edits permissions.
    await sql`UPDATE users SET is_active = false WHERE org_id = ${OTHER_ORG_ID} AND id <> ${editor.user.id}`.execute(env.db);
    expect(await editors()).toEqual([editor.user.id]);
  });
  afterAll(async () => {
    await sql`UPDATE users SET is_active = true WHERE org_id = ${OTHER_ORG_ID} AND email = 'admin@outra.com.br'`.execute(env.db);
  });

  it('refuses the last editor taking the right away from themselves, whichever way, and writes nothing', async () => {
    const session = editor.session;
    const own = await matrix(session, access.id);
    const policyId = own.own.policy.id as string;
    const attempts: [string, () => Promise<{ status: number; body: any; raw: string }>][] = [
      ['the permission matrix', () => saveMatrix(session, access.id, { ...EDITING, userGroups: ['read'] })],
      ['the profile’s members', () => putGroup(session, access.id, { members: [] })],
      ['the profile’s policies', () => putGroup(session, access.id, { policies: [] })],
      ['the policy’s statements', async () => {
        const policy = (await call(env, 'GET', `applications/current/policies/${policyId}`, { session })).body;
        const statements = policy.statements.filter((line: { name: string }) => line.name !== 'applicationPolicies');
        return call(env, 'PUT', `applications/current/policies/${policyId}`, { session, body: { name: policy.name, description: policy.description ?? null, statements }, headers: { 'if-match': ifMatch(policy.version) } });
      }],
      ['their own profiles', async () => {
        const me = (await call(env, 'GET', `users/${editor.user.id}`, { session })).body;
        const body = Object.fromEntries(Object.entries(users.fields).filter(([, def]) => !def.readOnly).map(([name]) => [name, me[name]]));
        return call(env, 'PUT', `users/${editor.user.id}`, { session, body: { ...body, groups: [] }, headers: { 'if-match': ifMatch(me.version) } });
      }],
      ['deleting the profile', () => call(env, 'DELETE', `user-groups/${access.id}`, { session })],
      ['deleting the policy', () => call(env, 'DELETE', `applications/current/policies/${policyId}`, { session })],
    ];
    for (const [way, attempt] of attempts) {
      const answer = await attempt();
      expect(answer.status, `${way}: ${answer.raw}`).toBe(409);
      expect(answer.body.message, way).toBe(LOCKOUT);
    }
    expect(await members(access.id)).toEqual([editor.user.id]);
    expect((await matrix(session, access.id)).own).toMatchObject({ version: own.own.version, resources: own.own.resources });
    expect(await editors()).toEqual([editor.user.id]);
    // A change that keeps the right goes through.
    const more = await saveMatrix(session, access.id, { ...EDITING, users: ['read', 'update', 'export'] });
    expect(more.status, more.raw).toBe(200);
  });

  it('lets an editor step down while another one remains', async () => {
    const backup = await editingProfile('Gestão de acessos — reserva');
    const second = await userInGroups(env, [backup.name], OTHER_ORG_ID);
    const left = await putGroup(editor.session, access.id, { members: [] });
    expect(left.status, left.raw).toBe(200);
    expect(await editors()).toEqual([second.user.id]);
    // The one who remains is now the last: the same change is refused to them.
    const refused = await putGroup(second.session, backup.id, { members: [] });
    expect(refused.status, refused.raw).toBe(409);
    await sql`INSERT INTO user_group_members (org_id, group_id, user_id) VALUES (${OTHER_ORG_ID}, ${access.id}, ${editor.user.id})`.execute(env.db);
  });

  const putUser = async (who: Session, id: string, change: Record<string, unknown>) => {
    const record = (await call(env, 'GET', `users/${id}`, { session: who })).body;
    const body = Object.fromEntries(Object.entries(users.fields).filter(([, def]) => !def.readOnly).map(([name]) => [name, record[name]]));
    return call(env, 'PUT', `users/${id}`, { session: who, body: { ...body, ...change }, headers: { 'if-match': ifMatch(record.version) } });
  };

  /**
   * On PostgreSQL the two requests are made to meet: the rows they change (`table`, `ids`) are held
   * by the test until both wait for them — both past their session and permission checks — then let
   * go together. PGlite runs one request after the other.
   */
  const atOnce = async <T,>(table: 'users' | 'user_groups', ids: string[], run: () => Promise<T>): Promise<T> => {
    if (kind !== 'postgres') return run();
    let pending!: Promise<T>;
    await env.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)}) FOR UPDATE`.execute(trx);
      pending = run();
      for (let tries = 0; tries < 100; tries++) {
        const waiting = await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(env.db);
        if (Number(waiting.rows[0].n) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    return pending;
  };

  // Removing each other from their profiles (rows of user_group_members) or deactivating each other
  // (the users table, which no permission trigger watches: the explicit lock is what serves them in turn).
  it.each([
    ['their profiles', 'user_groups', (who: Session, _user: string, profile: string) => putGroup(who, profile, { members: [] })],
    ['their accounts', 'users', (who: Session, user: string) => putUser(who, user, { isActive: false })],
  ] as const)('leaves one editor when two take each other’s right away at the same moment: %s', async (way, table, take) => {
    const [first, second] = [await editingProfile(`Acessos A ${way}`), await editingProfile(`Acessos B ${way}`)];
    const a = await userInGroups(env, [first.name], OTHER_ORG_ID);
    const b = await userInGroups(env, [second.name], OTHER_ORG_ID);
    // Only these two edit permissions now.
    await sql`DELETE FROM user_group_members WHERE org_id = ${OTHER_ORG_ID} AND user_id NOT IN (${a.user.id}, ${b.user.id})`.execute(env.db);
    expect((await editors()).sort()).toEqual([a.user.id, b.user.id].sort());
    const held = table === 'users' ? [a.user.id, b.user.id] : [first.id, second.id];
    const answers = await atOnce(table, held, () => Promise.all([take(a.session, b.user.id, second.id), take(b.session, a.user.id, first.id)]));
    // One goes through; the other is refused: a 409 when its write waited for the first one's (the
    // organisation's permission epoch locked), or a 401/403 when the first had already committed by
    // the time its session or permission was read (PGlite serves them one after the other). Never both.
    const [won, lost] = [...answers].sort((x, y) => x.status - y.status);
    expect(won.status, won.raw).toBe(200);
    // On PostgreSQL both were past their checks when they met: the second is the lock-out's 409.
    if (kind === 'postgres') expect(lost.status, lost.raw).toBe(409);
    else expect([401, 403, 409], lost.raw).toContain(lost.status);
    if (lost.status === 409) expect(lost.body.message).toBe(LOCKOUT);
    expect(await editors()).toHaveLength(1);
    // The next round starts with the editor of the first test again.
    await sql`UPDATE users SET is_active = true WHERE id IN (${a.user.id}, ${b.user.id})`.execute(env.db);
    await sql`DELETE FROM user_group_members WHERE user_id IN (${a.user.id}, ${b.user.id})`.execute(env.db);
    await sql`INSERT INTO user_group_members (org_id, group_id, user_id) VALUES (${OTHER_ORG_ID}, ${access.id}, ${editor.user.id})`.execute(env.db);
  });
});

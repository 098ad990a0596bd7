/**
 * A record chosen in a create or an edit must be active where its resource can be inactivated
 * (`isActive`): a deactivated user is no substitute approver (who could never sign in to decide),
 * an inactive bank or cost centre is not chosen again. What a record already held stays: an old
 * record still saves after its reference was inactivated. The pickers offer active records only
 * (`isActive=true`); the API refuses the rest with the field named.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const DELEGATIONS = '/v1/approvals/delegations';
const USERS = '/v1/identity/users';
const CENTRES = '/api/finance/cost-centers';

describe.each(databaseKinds())('references to inactive records [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let approver: TestUser;
  let leaving: TestUser;
  let other: TestUser;

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
  const deactivate = async (url: string, ids: string[]) => {
    const answer = await call(env, 'POST', `${url}/bulk/deactivate`, { session: admin, body: { ids } });
    expect(answer.status, answer.raw).toBe(200);
  };

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    approver = (await userInGroups(env, ['Aprovador'])).user;
    leaving = (await userInGroups(env, ['Aprovador'])).user;
    other = (await userInGroups(env, ['Aprovador'])).user;
  });

  it('refuses a deactivated user as a new substitute (400 on the field, nothing written), and keeps one chosen before on an edit', async () => {
    const created = await call(env, 'POST', DELEGATIONS, { session: admin, body: { userId: approver.id, substituteId: leaving.id, startsOn: today(), endsOn: today(), reason: 'Férias' } });
    expect(created.status, created.raw).toBe(201);
    await deactivate(USERS, [leaving.id]);

    const refused = await call(env, 'POST', DELEGATIONS, { session: admin, body: { userId: other.id, substituteId: leaving.id, startsOn: today(), endsOn: today(), reason: 'Licença' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.substituteId).toEqual([expect.stringMatching(/^Registro inativo: .+\. Escolha um registro ativo\.$/)]);
    const listed = await call(env, 'GET', `${DELEGATIONS}?perPage=100`, { session: admin });
    expect(listed.body.filter((row: { userId: string }) => row.userId === other.id)).toEqual([]);

    // The delegation made before still saves when something else changes.
    const kept = await call(env, 'PUT', `${DELEGATIONS}/${created.body.id}`, {
      session: admin,
      body: { userId: approver.id, substituteId: leaving.id, startsOn: today(), endsOn: today(), reason: 'Férias coletivas' },
      headers: { 'if-match': ifMatch(created.body.version) },
    });
    expect(kept.status, kept.raw).toBe(200);
    // Switching it to the inactive user from someone else is a new choice: refused.
    const switched = await call(env, 'PUT', `${DELEGATIONS}/${created.body.id}`, {
      session: admin,
      body: { userId: leaving.id, substituteId: approver.id, startsOn: today(), endsOn: today(), reason: 'Férias coletivas' },
      headers: { 'if-match': ifMatch(kept.body.version) },
    });
    expect(switched.status).toBe(400);
    expect(Object.keys(switched.body.errors)).toEqual(['userId']);
  });

  it('the picker asks for active records only: an inactive one is not offered', async () => {
    const active = await call(env, 'GET', `${USERS}?isActive=true&perPage=100&sort=name`, { session: admin });
    expect(active.status).toBe(200);
    const ids = active.body.map((row: { id: string }) => row.id);
    expect(ids).toContain(approver.id);
    expect(ids).not.toContain(leaving.id);
  });

  it('refuses an inactive parent for a new cost centre and keeps an existing one under it', async () => {
    const code = `IN-${randomUUID().slice(0, 6)}`;
    const parent = await call(env, 'POST', CENTRES, { session: admin, body: { code, name: `Centro ${code}`, parentId: null, isActive: true, description: null } });
    expect(parent.status, parent.raw).toBe(201);
    const child = await call(env, 'POST', CENTRES, { session: admin, body: { code: `${code}-1`, name: `Centro ${code}-1`, parentId: parent.body.id, isActive: true, description: null } });
    expect(child.status, child.raw).toBe(201);
    await deactivate(CENTRES, [parent.body.id]);

    const refused = await call(env, 'POST', CENTRES, { session: admin, body: { code: `${code}-2`, name: `Centro ${code}-2`, parentId: parent.body.id, isActive: true, description: null } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.parentId[0]).toBe(`Registro inativo: ${parent.body.name}. Escolha um registro ativo.`);
    const renamed = await call(env, 'PUT', `${CENTRES}/${child.body.id}`, {
      session: admin,
      body: { code: `${code}-1`, name: `Centro ${code}-1 renomeado`, parentId: parent.body.id, isActive: true, description: null },
      headers: { 'if-match': ifMatch(child.body.version) },
    });
    expect(renamed.status, renamed.raw).toBe(200);
  });

  it.runIf(kind === 'postgres')('a parent inactivated while a cost centre is being created under it: the create waits for the inactivation and refuses it', async () => {
    const code = `RC-${randomUUID().slice(0, 6)}`;
    const parent = await call(env, 'POST', CENTRES, { session: admin, body: { code, name: `Centro ${code}`, parentId: null, isActive: true, description: null } });
    expect(parent.status, parent.raw).toBe(201);
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    await env.db.transaction().execute(async (trx) => {
      // Another session inactivates the parent and has not committed yet.
      await sql`UPDATE cost_centers SET is_active = false WHERE id = ${parent.body.id}`.execute(trx);
      const creating = call(env, 'POST', CENTRES, { session: admin, body: { code: `${code}-1`, name: `Centro ${code}-1`, parentId: parent.body.id, isActive: true, description: null } }).then((done) => (answer = done));
      // Until the create has answered (it read the parent before the inactivation) or waits for the parent's row.
      for (let tries = 0; !answer && tries < 200; tries++) {
        const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(env.db);
        if (waiting.rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      void creating;
    });
    for (let tries = 0; !answer && tries < 400; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(answer?.status, answer?.raw).toBe(400);
    expect((answer?.body as { errors: Record<string, string[]> }).errors.parentId[0]).toBe(`Registro inativo: ${parent.body.name}. Escolha um registro ativo.`);
    const children = await call(env, 'GET', `${CENTRES}?parentId=${parent.body.id}&perPage=100`, { session: admin });
    expect(children.body).toEqual([]);
  });
});

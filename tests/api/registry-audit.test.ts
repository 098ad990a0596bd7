/**
 * "Histórico" of any record: `GET {path}/{id}/audit` answers its audit entries newest first,
 * paged (Link, X-Total-Count), with who, when, what and the declaration's changed fields in
 * pt-BR labels; another tenant's record is a 404 and nothing outside the declaration leaks.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationResources } from '../../src/contracts/resources/index.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';
import { apiPath, put } from './registry-support.js';

const RESOURCES = apiPath(applicationResources);

describe.each(databaseKinds())('record audit trail [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let id: string;
  const tag = randomUUID().slice(0, 6);

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    const created = await call(env, 'POST', RESOURCES, { session: admin, body: { name: `historico${tag}`, title: `Histórico ${tag}`, description: null } });
    expect(created.status, created.raw).toBe(201);
    id = created.body.id;
    const first = await put(env, admin, `${RESOURCES}/${id}`, { name: `historico${tag}`, title: `Histórico ${tag} 2`, description: null }, 1);
    expect(first.status, first.raw).toBe(200);
    const second = await put(env, admin, `${RESOURCES}/${id}`, { name: `historico${tag}`, title: `Histórico ${tag} 2`, description: 'Agora com descrição' }, 2);
    expect(second.status, second.raw).toBe(200);
  });

  it('answers the entries newest first with who, when, what and the changed fields labelled from the declaration', async () => {
    const answer = await call(env, 'GET', `${RESOURCES}/${id}/audit`, { session: admin });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['x-total-count']).toBe('3');
    expect(answer.body.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'create']);
    const [latest, earlier, creation] = answer.body;
    expect(latest.actor.label).toBeTruthy();
    expect(Number.isNaN(Date.parse(latest.at))).toBe(false);
    expect(latest.changes).toEqual([{ field: 'description', label: 'Descrição', before: null, after: 'Agora com descrição' }]);
    expect(earlier.changes).toEqual([{ field: 'title', label: 'Título', before: `Histórico ${tag}`, after: `Histórico ${tag} 2` }]);
    expect(creation.changes.map((change: { field: string }) => change.field).sort()).toEqual(['name', 'title']);
  });

  it('pages with Link and X-Total-Count', async () => {
    const first = await call(env, 'GET', `${RESOURCES}/${id}/audit?perPage=2`, { session: admin });
    expect(first.body).toHaveLength(2);
    expect(first.headers['x-total-count']).toBe('3');
    expect(String(first.headers.link)).toContain('rel="next"');
    const second = await call(env, 'GET', `${RESOURCES}/${id}/audit?perPage=2&page=2`, { session: admin });
    expect(second.body.map((entry: { action: string }) => entry.action)).toEqual(['create']);
    expect((await call(env, 'GET', `${RESOURCES}/${id}/audit?perPage=101`, { session: admin })).status).toBe(400);
  });

  it('never shows a field outside the declaration, even one an entry kept', async () => {
    await env.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        org_id: DEMO_ORG_ID,
        actor_user_id: null,
        at: new Date(env.clock.now().getTime() + 60_000),
        action: 'applicationResources.update',
        entity_type: 'applicationResources',
        entity_id: id,
        before: JSON.stringify({ title: 'A', passwordHash: 'segredo-antigo', version: 3 }),
        after: JSON.stringify({ title: 'B', passwordHash: 'segredo-novo', version: 4, token: 'abc' }),
        request_id: null,
        ip: null,
      })
      .execute();
    const answer = await call(env, 'GET', `${RESOURCES}/${id}/audit`, { session: admin });
    expect(answer.raw).not.toContain('segredo');
    expect(answer.raw).not.toContain('"token"');
    const declared = new Set(Object.keys(applicationResources.fields));
    for (const entry of answer.body) for (const change of entry.changes) expect(declared.has(change.field)).toBe(true);
    expect(answer.body[0]).toMatchObject({ action: 'update', actor: null, changes: [{ field: 'title', label: 'Título', before: 'A', after: 'B' }] });
  });

  it("answers 404 for another tenant's record, like a missing one, and needs a session", async () => {
    const other = await loginSession(env, 'admin@outra.com.br');
    const otherResources = apiPath(applicationResources);
    expect((await call(env, 'GET', `${otherResources}/${id}/audit`, { session: other })).status).toBe(404);
    expect((await call(env, 'GET', `${RESOURCES}/${randomUUID()}/audit`, { session: admin })).status).toBe(404);
    expect((await call(env, 'GET', `${RESOURCES}/${id}/audit`)).status).toBe(401);
  });
});

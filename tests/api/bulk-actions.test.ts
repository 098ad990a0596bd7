/**
 * Declared bulk actions beyond delete (`set`: "Ativar" / "Inativar" on the registries with an
 * "Ativo" field): `POST {path}/bulk/{action}` with `{ids}` runs each record on its own — the
 * scope is checked for the call, each record in its own transaction through the update path
 * (rules, storage hooks, audit), a refused or missing one reported with its reason while the
 * others go on, a record already in the state left as it is. Parallel calls on PostgreSQL
 * change each record once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { suppliers, users } from '../../src/contracts/resources/index.js';
import { MESSAGES } from '../../server/errors.js';
import { call, databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';
import { apiPath, referenceIds, sampleValues } from './registry-support.js';

const SUPPLIERS = apiPath(suppliers);
const USERS = apiPath(users);

describe.each(databaseKinds())('declared bulk actions [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
  });

  const newSuppliers = async (count: number): Promise<string[]> => {
    const refs = await referenceIds(env, admin, suppliers);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await call(env, 'POST', SUPPLIERS, { session: admin, body: { ...sampleValues(suppliers, refs), isActive: true } });
      expect(created.status, created.raw).toBe(201);
      ids.push(created.body.id);
    }
    return ids;
  };
  const stateOf = async (id: string) => {
    const answer = await call(env, 'GET', `${SUPPLIERS}/${id}`, { session: admin });
    return { isActive: answer.body.isActive as boolean, version: answer.body.version as number };
  };
  const auditActions = async (id: string) =>
    (await env.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('seq').execute()).map((entry) => entry.action).filter((action) => action.startsWith('suppliers.'));

  it('inactivates and activates a selection, one audit entry per changed record, a missing one reported', async () => {
    const ids = await newSuppliers(3);
    const missing = randomUUID();
    const off = await call(env, 'POST', `${SUPPLIERS}/bulk/deactivate`, { session: admin, body: { ids: [...ids, missing] } });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.done.sort()).toEqual([...ids].sort());
    expect(off.body.failed).toEqual([{ id: missing, message: MESSAGES.notFound }]);
    for (const id of ids) {
      expect(await stateOf(id)).toEqual({ isActive: false, version: 2 });
      expect(await auditActions(id)).toEqual(['suppliers.create', 'suppliers.deactivate']);
    }
    // The list filter sees it.
    const inactive = await call(env, 'GET', `${SUPPLIERS}?isActive=false&perPage=100`, { session: admin });
    expect(inactive.body.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining(ids));

    // Already inactive: done, nothing written (no new version, no audit entry).
    const again = await call(env, 'POST', `${SUPPLIERS}/bulk/deactivate`, { session: admin, body: { ids: ids.slice(0, 2) } });
    expect(again.body).toEqual({ done: ids.slice(0, 2), failed: [] });
    expect(await stateOf(ids[0])).toEqual({ isActive: false, version: 2 });
    expect(await auditActions(ids[0])).toEqual(['suppliers.create', 'suppliers.deactivate']);

    const on = await call(env, 'POST', `${SUPPLIERS}/bulk/activate`, { session: admin, body: { ids: [ids[0]] } });
    expect(on.body).toEqual({ done: [ids[0]], failed: [] });
    expect(await stateOf(ids[0])).toEqual({ isActive: true, version: 3 });
    expect(await auditActions(ids[0])).toEqual(['suppliers.create', 'suppliers.deactivate', 'suppliers.activate']);
  });

  it('runs each record through the storage’s rules: one refused (409) is reported, the others go on', async () => {
    const refs = await referenceIds(env, admin, users);
    const other = await call(env, 'POST', USERS, { session: admin, body: sampleValues(users, refs) });
    expect(other.status, other.raw).toBe(201);
    const self = (await env.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.com.br').executeTakeFirstOrThrow()).id;
    const off = await call(env, 'POST', `${USERS}/bulk/deactivate`, { session: admin, body: { ids: [self, other.body.id] } });
    expect(off.body).toEqual({ done: [other.body.id], failed: [{ id: self, message: 'Você não pode desativar a sua própria conta.' }] });
    expect((await call(env, 'GET', `${USERS}/${other.body.id}`, { session: admin })).body.isActive).toBe(false);
    expect((await call(env, 'GET', `${USERS}/${self}`, { session: admin })).body.isActive).toBe(true);
  });

  it('needs the action’s scope; a body without ids or an unknown action is refused', async () => {
    const [id] = await newSuppliers(1);
    const requester = await loginSession(env, 'solicitante@demo.com.br');
    expect((await call(env, 'POST', `${SUPPLIERS}/bulk/deactivate`, { session: requester, body: { ids: [id] } })).status).toBe(403);
    expect((await call(env, 'POST', `${SUPPLIERS}/bulk/deactivate`, { body: { ids: [id] } })).status).toBe(401);
    expect((await call(env, 'POST', `${SUPPLIERS}/bulk/deactivate`, { session: admin, body: { ids: [] } })).status).toBe(400);
    expect((await call(env, 'POST', `${SUPPLIERS}/bulk/archive`, { session: admin, body: { ids: [id] } })).status).toBe(404);
    expect(await stateOf(id)).toEqual({ isActive: true, version: 1 });
  });

  it.runIf(kind === 'postgres')('parallel calls on the same selection change each record once', async () => {
    const ids = await newSuppliers(6);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(env, 'POST', `${SUPPLIERS}/bulk/deactivate`, { session: admin, body: { ids } })));
    for (const answer of answers) expect(answer.body).toEqual({ done: ids, failed: [] });
    for (const id of ids) {
      expect(await stateOf(id)).toEqual({ isActive: false, version: 2 });
      expect(await auditActions(id)).toEqual(['suppliers.create', 'suppliers.deactivate']);
    }
  });
});

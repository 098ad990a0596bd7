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
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { apiPath, referenceIds, sampleValues } from './registry-support.js';

const SUPPLIERS = apiPath(suppliers);
const USERS = apiPath(users);
const ORDERS = '/v1/supply/orders';

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

  describe('pedidos: the workflow’s bulk transitions', () => {
    const newOrder = async (who: Session) => {
      const centres = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body;
      const answer = await call(env, 'POST', ORDERS, {
        session: who,
        body: { title: `Pedido ${randomUUID().slice(0, 6)}`, costCenterId: centres[0].id, departmentId: null, neededBy: null, justification: 'Reposição.', lines: [{ productId: null, description: 'Resma de papel', quantity: 2, unit: 'UN', unitPrice: 2500, neededBy: null }] },
      });
      expect(answer.status, answer.raw).toBe(201);
      return answer.body.id as string;
    };
    const statusOf = async (id: string) => (await call(env, 'GET', `${ORDERS}/${id}`, { session: admin })).body.status;

    it('a requester submits and cancels their own drafts in bulk, never another’s; a wrong state is reported', async () => {
      const requester = await userInGroups(env, ['Solicitante']);
      const other = await userInGroups(env, ['Solicitante']);
      const mine = [await newOrder(requester.session), await newOrder(requester.session), await newOrder(requester.session)];
      const theirs = await newOrder(other.session);

      const submit = await call(env, 'POST', `${ORDERS}/bulk/submit`, { session: requester.session, body: { ids: [...mine.slice(0, 2), theirs] } });
      expect(submit.status, submit.raw).toBe(200);
      expect(submit.body.done).toEqual(mine.slice(0, 2));
      // Another's pedido is out of a requester's reach: reported like a missing one, and left as it was.
      expect(submit.body.failed).toEqual([{ id: theirs, message: MESSAGES.notFound }]);
      expect(await statusOf(mine[0])).toBe('submitted');
      expect(await statusOf(theirs)).toBe('draft');
      // One by one as well: the requester cannot cancel another's pedido.
      expect((await call(env, 'POST', `${ORDERS}/${theirs}/actions/cancel`, { session: requester.session, body: { reason: 'Não é meu.' }, headers: { 'if-match': '"1"' } })).status).toBe(404);

      // Cancel needs its reason (one for all); each record gets a history row and an audit entry.
      expect((await call(env, 'POST', `${ORDERS}/bulk/cancel`, { session: requester.session, body: { ids: mine } })).status).toBe(400);
      const cancel = await call(env, 'POST', `${ORDERS}/bulk/cancel`, { session: requester.session, body: { ids: mine, input: { reason: 'Compra adiada.' } } });
      expect(cancel.body).toEqual({ done: mine, failed: [] });
      for (const id of mine) {
        expect(await statusOf(id)).toBe('cancelled');
        const history = (await call(env, 'GET', `${ORDERS}/${id}/history`, { session: admin })).body;
        expect(history).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'cancel', to: 'cancelled', input: { reason: 'Compra adiada.' } })]));
        const audit = await env.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).where('action', '=', 'orders.cancel').execute();
        expect(audit).toHaveLength(1);
      }
      // Already cancelled: a 409 per record, with the reason in words.
      const again = await call(env, 'POST', `${ORDERS}/bulk/submit`, { session: requester.session, body: { ids: [mine[2]] } });
      expect(again.body).toEqual({ done: [], failed: [{ id: mine[2], message: 'Não é possível enviar um pedido cancelado.' }] });
    });

    it('sending to quotation in bulk needs the update scope', async () => {
      const requester = await userInGroups(env, ['Solicitante']);
      const id = await newOrder(requester.session);
      expect((await call(env, 'POST', `${ORDERS}/bulk/startQuoting`, { session: requester.session, body: { ids: [id] } })).status).toBe(403);
      const refused = await call(env, 'POST', `${ORDERS}/bulk/startQuoting`, { session: admin, body: { ids: [id] } });
      expect(refused.body.failed).toEqual([{ id, message: expect.stringContaining('rascunho') }]);
    });
  });
});

/**
 * The approver's screens on the real server and database: the flow carries the document inline
 * (the pedido's items, justificativa, cost centre), "Decididas por mim"
 * lists only the caller's own decisions, newest first, paged, inside their organisation, and
 * "where does my pedido stand" names the open stage's position and who it waits for.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const ORDERS = '/v1/supply/orders';
const APPROVALS = '/v1/approvals';

describe.each(databaseKinds())('approver screens [%s]', (kind) => {
  const env = useTestEnv(kind);
  type Person = { user: TestUser; session: Session };
  let admin: Session;
  let requester: Person;
  let a: Person;
  let b: Person;
  let buyer: Person;
  let outsider: Person;
  let routed: string;
  let product: { id: string; name: string };

  const submitted = async (title = `Pedido ${randomUUID().slice(0, 6)}`) => {
    const created = await call(env, 'POST', ORDERS, {
      session: requester.session,
      body: { title, costCenterId: routed, departmentId: null, neededBy: null, justification: 'Reposição do mês.', lines: [{ productId: product.id, description: 'Papel A4', quantity: 3, unit: 'UN', unitPrice: 2590, neededBy: null }] },
    });
    expect(created.status, created.raw).toBe(201);
    const sent = await call(env, 'POST', `${ORDERS}/${created.body.id}/actions/submit`, { session: requester.session, body: {}, headers: { 'if-match': ifMatch(created.body.version) } });
    expect(sent.status, sent.raw).toBe(200);
    const inbox = (await call(env, 'GET', `${APPROVALS}/inbox?perPage=100`, { session: a.session })).body as { id: string; recordId: string }[];
    return { order: sent.body, flowId: inbox.find((item) => item.recordId === created.body.id)!.id };
  };
  const decideOn = (who: Session, flowId: string, decision: 'approve' | 'reject', body: unknown = {}) => call(env, 'POST', `${APPROVALS}/flows/${flowId}/${decision}`, { session: who, body });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    requester = await userInGroups(env, ['Solicitante'], DEMO_ORG_ID);
    a = await userInGroups(env, ['Aprovador'], DEMO_ORG_ID);
    b = await userInGroups(env, ['Aprovador'], DEMO_ORG_ID);
    buyer = await userInGroups(env, ['Comprador'], DEMO_ORG_ID);
    outsider = await userInGroups(env, ['Administrador'], OTHER_ORG_ID);
    routed = (await call(env, 'GET', '/api/finance/cost-centers?perPage=10', { session: admin })).body[0].id;
    product = (await call(env, 'GET', '/v1/cart/products?perPage=5&sort=name', { session: admin })).body[0];
    const seeded = (await call(env, 'GET', `${APPROVALS}/queues?q=${encodeURIComponent('Aprovação de pedidos')}`, { session: admin })).body[0];
    const { id: _i, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, ...values } = seeded;
    expect((await call(env, 'PUT', `${APPROVALS}/queues/${seeded.id}`, { session: admin, body: { ...values, isActive: false }, headers: { 'if-match': ifMatch(version) } })).status).toBe(200);
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: {
        name: 'Telas: dois gestores, depois compras',
        resource: 'orders',
        priority: 1,
        isActive: true,
        description: null,
        stages: [
          { name: 'Gestores', minApprovals: 2, approverUserIds: [a.user.id, b.user.id], approverGroupIds: [] },
          { name: 'Compras', minApprovals: 1, approverUserIds: [buyer.user.id], approverGroupIds: [] },
        ],
        triggers: [{ costCenterId: routed }],
      },
    });
    expect(queue.status, queue.raw).toBe(201);
  });

  it('shows the approver the document inline: items, quantities, unit prices, justificativa and cost centre', async () => {
    const { order, flowId } = await submitted();
    const flow = await call(env, 'GET', `${APPROVALS}/flows/${flowId}`, { session: a.session });
    expect(flow.status, flow.raw).toBe(200);
    expect(flow.body.record).toMatchObject({ id: order.id, number: order.number, justification: 'Reposição do mês.', costCenterId: routed, total: 3 * 2590 });
    expect(flow.body.record.lines).toEqual([expect.objectContaining({ description: 'Papel A4', quantity: 3, unitPrice: 2590 })]);
    expect(flow.body.record._refs).toBeDefined();
    // Somebody of another organisation sees neither the flow nor its document.
    expect((await call(env, 'GET', `${APPROVALS}/flows/${flowId}`, { session: outsider.session })).status).toBe(404);
  });

  it('says where a pending pedido stands: the open stage of M and who has not decided yet', async () => {
    const { order, flowId } = await submitted();
    const names = new Map((await env.db.selectFrom('users').select(['id', 'name']).where('id', 'in', [a.user.id, b.user.id, buyer.user.id]).execute()).map((u) => [u.id, u.name]));
    const first = await call(env, 'GET', `${APPROVALS}/waiting/orders?ids=${order.id}`, { session: requester.session });
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toEqual([{ recordId: order.id, flowId, position: 1, stages: 2, stageName: 'Gestores', waitingFor: [names.get(a.user.id), names.get(b.user.id)] }]);
    expect((await decideOn(a.session, flowId, 'approve')).status).toBe(200);
    expect((await call(env, 'GET', `${APPROVALS}/waiting/orders?ids=${order.id}`, { session: requester.session })).body[0].waitingFor).toEqual([names.get(b.user.id)]);
    expect((await decideOn(b.session, flowId, 'approve')).status).toBe(200);
    expect((await call(env, 'GET', `${APPROVALS}/waiting/orders?ids=${order.id}`, { session: requester.session })).body).toEqual([
      { recordId: order.id, flowId, position: 2, stages: 2, stageName: 'Compras', waitingFor: [names.get(buyer.user.id)] },
    ]);
    // Many records at once; one not pending is simply absent; another organisation sees nothing.
    const other = await submitted();
    const both = await call(env, 'GET', `${APPROVALS}/waiting/orders?ids=${order.id},${other.order.id},${randomUUID()}`, { session: requester.session });
    expect(both.body.map((row: { recordId: string }) => row.recordId).sort()).toEqual([order.id, other.order.id].sort());
    expect((await call(env, 'GET', `${APPROVALS}/waiting/orders?ids=${order.id}`, { session: outsider.session })).body).toEqual([]);
    expect((await call(env, 'GET', `${APPROVALS}/waiting/nothing?ids=${order.id}`, { session: requester.session })).status).toBe(404);
  });

  it('lists "Decididas por mim": only my decisions, newest first, paged, with the comment of an approval', async () => {
    const first = await submitted();
    const second = await submitted();
    const third = await submitted();
    env.clock.advance(60_000);
    expect((await decideOn(b.session, first.flowId, 'approve', { note: 'Ok, dentro do orçamento.' })).status).toBe(200);
    env.clock.advance(60_000);
    expect((await decideOn(b.session, second.flowId, 'reject', { reason: 'Sem orçamento neste mês.' })).status).toBe(200);
    expect((await decideOn(a.session, third.flowId, 'approve')).status).toBe(200);
    const mine = await call(env, 'GET', `${APPROVALS}/decided?perPage=2`, { session: b.session });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.map((row: { id: string }) => row.id)).toEqual([second.flowId, first.flowId]);
    expect(mine.body[0]).toMatchObject({ recordId: second.order.id, decision: 'reject', reason: 'Sem orçamento neste mês.', status: 'rejected', stageName: 'Gestores', requester: { id: requester.user.id } });
    expect(mine.body[1]).toMatchObject({ decision: 'approve', reason: 'Ok, dentro do orçamento.', status: 'pending' });
    const all = (await call(env, 'GET', `${APPROVALS}/decided?perPage=100`, { session: b.session })).body as { id: string }[];
    expect(all.map((row) => row.id)).not.toContain(third.flowId);
    const page2 = await call(env, 'GET', `${APPROVALS}/decided?perPage=2&page=2`, { session: b.session });
    expect(page2.body.map((row: { id: string }) => row.id)).not.toContain(second.flowId);
    expect(Number(mine.headers['x-total-count'])).toBe(all.length);
    // The requester decided nothing; somebody of another organisation sees none of this.
    expect((await call(env, 'GET', `${APPROVALS}/decided`, { session: requester.session })).body).toEqual([]);
    expect((await call(env, 'GET', `${APPROVALS}/decided`, { session: outsider.session })).body).toEqual([]);
  });
});

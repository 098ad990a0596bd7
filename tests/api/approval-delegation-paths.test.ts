/**
 * The approvals inbox when a user may decide by more than one path (issue 23 leftovers): standing in
 * for two approvers, one of whom wrote the pedido, the substitute decides for the other — in the
 * inbox, on the flow's page and in the decision itself — and never for the author; with no open
 * path left (the author, or someone who already decided), the flow leaves their inbox and a decision
 * is refused with the reason.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const ORDERS = '/v1/supply/orders';
const APPROVALS = '/v1/approvals';

type Person = { user: TestUser; session: Session };

describe.each(databaseKinds())('approval paths of a substitute [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let author: Person;
  let other: Person;
  let substitute: Person;
  let both: Person;
  let centre: string;
  let product: { id: string; name: string };

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
  const delegate = async (from: Person, to: Person, startsOn: string) => {
    const answer = await call(env, 'POST', `${APPROVALS}/delegations`, { session: admin, body: { userId: from.user.id, substituteId: to.user.id, startsOn, endsOn: today(), reason: 'Férias' } });
    expect(answer.status, answer.raw).toBe(201);
  };
  const inbox = async (who: Session) => (await call(env, 'GET', `${APPROVALS}/inbox`, { session: who })).body.map((item: { id: string }) => item.id);
  const decide = (who: Session, flowId: string) => call(env, 'POST', `${APPROVALS}/flows/${flowId}/approve`, { session: who, body: {} });
  const flowPage = async (who: Session, flowId: string) => (await call(env, 'GET', `${APPROVALS}/flows/${flowId}`, { session: who })).body;
  /** A pedido of the author, sent to the queue (one stage: author and other, 1 of 2). */
  const submitted = async () => {
    const created = await call(env, 'POST', ORDERS, {
      session: author.session,
      body: { title: `Pedido ${randomUUID().slice(0, 6)}`, costCenterId: centre, departmentId: null, neededBy: null, justification: null, lines: [{ productId: product.id, description: product.name, quantity: 1, unit: 'UN', unitPrice: 1000, neededBy: null }] },
    });
    expect(created.status, created.raw).toBe(201);
    const sent = await call(env, 'POST', `${ORDERS}/${created.body.id}/actions/submit`, { session: author.session, body: {}, headers: { 'if-match': ifMatch(created.body.version) } });
    expect(sent.body.status, sent.raw).toBe('submitted');
    const flow = (await sql<{ id: string }>`SELECT id FROM approval_flows WHERE record_id = ${created.body.id} AND status = 'pending'`.execute(env.db)).rows[0];
    return { orderId: created.body.id as string, flowId: flow.id };
  };
  const decisionOf = async (flowId: string) =>
    (await sql<{ user_id: string; on_behalf_of: string | null; principal_id: string }>`SELECT user_id, on_behalf_of, principal_id FROM approval_decisions WHERE flow_id = ${flowId}`.execute(env.db)).rows;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    author = await userInGroups(env, ['Aprovador', 'Solicitante']);
    other = await userInGroups(env, ['Aprovador']);
    substitute = await userInGroups(env, ['Aprovador']);
    both = await userInGroups(env, ['Aprovador']);
    centre = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body[0].id;
    product = (await call(env, 'GET', '/v1/cart/products?perPage=1&sort=name', { session: admin })).body[0];
    // This suite's queue is the only one for pedidos: author and other (and `both` in person), 1 of them.
    await sql`UPDATE approval_queues SET is_active = false WHERE resource = 'orders'`.execute(env.db);
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: {
        name: 'Pedidos: autor e colega', resource: 'orders', priority: 1, isActive: true, description: null,
        stages: [{ name: 'Gestão', minApprovals: 1, approverUserIds: [author.user.id, other.user.id, both.user.id], approverGroupIds: [] }], triggers: [{ costCenterId: centre }],
      },
    });
    expect(queue.status, queue.raw).toBe(201);
    // The substitute stands in for the author first (an older delegation: the one a "first" pick would take), and for the other.
    const earlier = new Date(env.clock.now().getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    await delegate(author, substitute, earlier);
    await delegate(other, substitute, today());
    // `both` approves in person and stands in for the author too.
    await delegate(author, both, earlier);
  });

  it('lets the substitute of the author and of another approver decide for the other: inbox, flow page and decision agree', async () => {
    const { flowId, orderId } = await submitted();
    expect(await inbox(substitute.session)).toContain(flowId);
    expect((await flowPage(substitute.session, flowId)).canDecide).toBe(true);
    const decided = await decide(substitute.session, flowId);
    expect(decided.status, decided.raw).toBe(200);
    expect(await decisionOf(flowId)).toEqual([{ user_id: substitute.user.id, on_behalf_of: other.user.id, principal_id: other.user.id }]);
    expect((await call(env, 'GET', `${ORDERS}/${orderId}`, { session: author.session })).body.status).toBe('approved');
  });

  it('lets an approver in person who also stands in for the author decide in person', async () => {
    const { flowId } = await submitted();
    expect(await inbox(both.session)).toContain(flowId);
    expect((await flowPage(both.session, flowId)).canDecide).toBe(true);
    expect((await decide(both.session, flowId)).status).toBe(200);
    expect(await decisionOf(flowId)).toEqual([{ user_id: both.user.id, on_behalf_of: null, principal_id: both.user.id }]);
  });

  it('takes the flow out of the inbox when no open path is left, and refuses the decision naming the author', async () => {
    // A stage of two approvals, so that the other's own decision leaves it open.
    await sql`UPDATE approval_queue_stages SET min_approvals = 2 WHERE queue_id = (SELECT id FROM approval_queues WHERE name = 'Pedidos: autor e colega')`.execute(env.db);
    const { flowId } = await submitted();
    expect((await decide(other.session, flowId)).status).toBe(200);
    // Left: standing in for the author (refused) or for the other (who decided already).
    expect(await inbox(substitute.session)).not.toContain(flowId);
    expect((await flowPage(substitute.session, flowId)).canDecide).toBe(false);
    const refused = await decide(substitute.session, flowId);
    expect(refused.status, refused.raw).toBe(403);
    const authorName = (await sql<{ name: string }>`SELECT name FROM users WHERE id = ${author.user.id}`.execute(env.db)).rows[0].name;
    expect(refused.body.message).toContain(authorName);
    expect(await decisionOf(flowId)).toHaveLength(1);
  });
});

/**
 * Pedidos on the workflow spine and the approval service, on the real server and database:
 * the whole lifecycle, every refused transition (409, and nothing changed), stale versions,
 * own-records access, line items kept by id, server totals, N of M with parallel decisions,
 * a double click counted once, self-approval refused, void-and-restart on a watched edit,
 * substitutes inside and outside their dates, bulk decisions, e-mails, bad input naming the line
 * and field, mass assignment and tenant isolation.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestEnv, type TestUser } from './fixture.js';

const ORDERS = '/v1/supply/orders';
const APPROVALS = '/v1/approvals';

const person = (env: TestEnv, groups: string[], orgId = DEMO_ORG_ID) => userInGroups(env, groups, orgId);

describe.each(databaseKinds())('pedidos and approvals [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let requester: { user: TestUser; session: Session };
  let otherRequester: { user: TestUser; session: Session };
  let a: { user: TestUser; session: Session };
  let b: { user: TestUser; session: Session };
  let c: { user: TestUser; session: Session };
  let buyer: { user: TestUser; session: Session };
  let routed: string; // cost centre routed to the test queue
  let unrouted: string; // cost centre no queue takes (approved at once)
  let products: { id: string; name: string; price: number; unit: string }[];
  let queueId: string;

  const line = (overrides: Record<string, unknown> = {}) => ({ productId: products[0].id, description: products[0].name, quantity: 2, unit: 'UN', unitPrice: 1000, neededBy: null, ...overrides });
  const newOrder = async (who: Session, overrides: Record<string, unknown> = {}) => {
    const answer = await call(env, 'POST', ORDERS, { session: who, body: { title: `Pedido ${randomUUID().slice(0, 6)}`, costCenterId: routed, departmentId: null, neededBy: null, justification: 'Reposição do mês.', lines: [line()], ...overrides } });
    expect(answer.status, answer.raw).toBe(201);
    return answer.body;
  };
  const act = (who: Session, order: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${ORDERS}/${order.id}/actions/${action}`, { session: who, body, headers: { 'if-match': ifMatch(order.version) } });
  const get = async (who: Session, id: string) => (await call(env, 'GET', `${ORDERS}/${id}`, { session: who })).body;
  const flowOf = async (recordId: string) =>
    (await sql<{ id: string; status: string; current_position: number | null }>`SELECT id, status, current_position FROM approval_flows WHERE record_id = ${recordId} ORDER BY created_at DESC`.execute(env.db)).rows;
  const submitted = async (who: Session = requester.session, overrides: Record<string, unknown> = {}) => {
    const order = await newOrder(who, overrides);
    const answer = await act(who, order, 'submit');
    expect(answer.status, answer.raw).toBe(200);
    return { order: answer.body, flowId: (await flowOf(order.id))[0]?.id };
  };
  const decideOn = (who: Session, flowId: string, decision: 'approve' | 'reject', body: unknown = {}) => call(env, 'POST', `${APPROVALS}/flows/${flowId}/${decision}`, { session: who, body });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    requester = await person(env, ['Solicitante']);
    otherRequester = await person(env, ['Solicitante']);
    a = await person(env, ['Aprovador', 'Solicitante']);
    b = await person(env, ['Aprovador']);
    c = await person(env, ['Aprovador']);
    buyer = await person(env, ['Comprador']);
    const centres = (await call(env, 'GET', '/api/finance/cost-centers?perPage=10', { session: admin })).body;
    [routed, unrouted] = [centres[0].id, centres[1].id];
    products = (await call(env, 'GET', '/v1/cart/products?perPage=5&sort=name', { session: admin })).body;
    // The seeded queue takes every pedido: switch it off and route only one cost centre.
    const seeded = (await call(env, 'GET', `${APPROVALS}/queues?q=${encodeURIComponent('Aprovação de pedidos')}`, { session: admin })).body[0];
    const { id: _i, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, ...values } = seeded;
    expect((await call(env, 'PUT', `${APPROVALS}/queues/${seeded.id}`, { session: admin, body: { ...values, isActive: false }, headers: { 'if-match': ifMatch(version) } })).status).toBe(200);
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: {
        name: 'Teste: dois de três, depois compras',
        resource: 'orders',
        priority: 1,
        isActive: true,
        description: null,
        stages: [
          { name: 'Gestores', minApprovals: 2, approverUserIds: [a.user.id, b.user.id, c.user.id], approverGroupIds: [] },
          { name: 'Compras', minApprovals: 1, approverUserIds: [buyer.user.id], approverGroupIds: [] },
        ],
        triggers: [{ costCenterId: routed }],
      },
    });
    expect(queue.status, queue.raw).toBe(201);
    queueId = queue.body.id;
    expect(queue.body.stages.map((s: { id: string }) => typeof s.id)).toEqual(['string', 'string']);
  });

  it('creates a numbered draft owned by the requester, with server totals and lines that keep their ids', async () => {
    const order = await newOrder(requester.session, { lines: [line({ quantity: 3, unitPrice: 1999 }), line({ productId: null, description: 'Cadeira de escritório', quantity: 1, unitPrice: 45_000 })] });
    expect(order).toMatchObject({ status: 'draft', total: 3 * 1999 + 45_000, createdBy: requester.user.id, version: 1 });
    expect(order.number).toBeGreaterThan(0);
    expect(order._actions).toEqual(['submit', 'cancel']);
    const [first, second] = order.lines.map((l: { id: string }) => l.id);
    expect(first).toEqual(expect.any(String));
    // Change the first line, drop the second, add a third: ids kept, removed and new.
    const body = { title: order.title, costCenterId: routed, departmentId: null, neededBy: null, justification: null, lines: [{ ...order.lines[0], quantity: 5 }, line({ description: 'Novo item', unitPrice: 1 })] };
    const saved = await call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body, headers: { 'if-match': ifMatch(1) } });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.lines[0].id).toBe(first);
    expect(saved.body.lines.map((l: { id: string }) => l.id)).not.toContain(second);
    expect(saved.body.lines[1].id).not.toBe(second);
    expect(saved.body.total).toBe(5 * 1999 + 2);
    // An item id of another record is refused on that line.
    const other = await newOrder(requester.session);
    const foreign = await call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body: { ...body, lines: [{ ...other.lines[0] }] }, headers: { 'if-match': ifMatch(2) } });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['lines.0.id']);
    expect((await get(requester.session, order.id)).version).toBe(2);
  });

  it('runs the whole lifecycle: submit → 2 of 3 → compras → aprovado → em cotação → atendido, with history and e-mails', async () => {
    const since = env.smtp.messages.length;
    const { order, flowId } = await submitted();
    expect(order.status).toBe('submitted');
    expect(order._actions).toEqual(['cancel']);
    await env.smtp.next(a.user.email, since);
    const inbox = (await call(env, 'GET', `${APPROVALS}/inbox`, { session: a.session })).body;
    expect(inbox.map((i: { id: string }) => i.id)).toContain(flowId);
    expect((await call(env, 'GET', `${APPROVALS}/inbox`, { session: requester.session })).body.map((i: { id: string }) => i.id)).not.toContain(flowId);

    expect((await decideOn(a.session, flowId, 'approve')).body.stages[0]).toMatchObject({ status: 'pending', approvals: 1 });
    expect((await decideOn(b.session, flowId, 'approve')).body.stages.map((s: { status: string }) => s.status)).toEqual(['approved', 'pending']);
    expect((await get(requester.session, order.id)).status).toBe('submitted');
    const last = await decideOn(buyer.session, flowId, 'approve');
    expect(last.status, last.raw).toBe(200);
    expect(last.body.status).toBe('approved');
    expect(last.body.decisions.map((d: { recordVersion: number }) => d.recordVersion)).toEqual([order.version, order.version, order.version]);
    const approved = await get(requester.session, order.id);
    expect(approved.status).toBe('approved');
    expect((await env.smtp.next(requester.user.email, since)).subject).toContain('aprovado');

    const quoting = await act(buyer.session, approved, 'startQuoting');
    expect(quoting.status, quoting.raw).toBe(200);
    const locked = await call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body: { title: 'Outro título', costCenterId: routed, departmentId: null, neededBy: null, justification: quoting.body.justification, lines: quoting.body.lines }, headers: { 'if-match': ifMatch(quoting.body.version) } });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('Pedido em cotação: não é possível alterar Título.');
    const done = await act(buyer.session, quoting.body, 'fulfil');
    expect(done.body.status).toBe('fulfilled');
    const cancel = await act(requester.session, done.body, 'cancel', { reason: 'Não precisamos mais.' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Não é possível cancelar um pedido atendido.');

    const history = (await call(env, 'GET', `${ORDERS}/${order.id}/history`, { session: requester.session })).body;
    expect(history.map((h: { action: string; to: string }) => `${h.action}:${h.to}`)).toEqual(['create:draft', 'submit:submitted', 'approve:approved', 'startQuoting:quoting', 'fulfil:fulfilled']);
    expect(history[1].actor).toEqual({ id: requester.user.id, label: expect.any(String) });
    const audits = await env.db.selectFrom('audit_log').select('action').where('entity_id', '=', order.id).execute();
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['orders.create', 'orders.submit', 'orders.approve', 'orders.startQuoting', 'orders.fulfil']));
  });

  it('refuses transitions from the wrong state (409), stale or missing versions, unknown and system actions — changing nothing', async () => {
    const order = await newOrder(requester.session);
    const wrong = await act(buyer.session, order, 'startQuoting');
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('Não é possível enviar para cotação um pedido rascunho.');
    expect((await act(requester.session, { ...order, version: 7 }, 'submit')).status).toBe(412);
    expect((await call(env, 'POST', `${ORDERS}/${order.id}/actions/submit`, { session: requester.session, body: {} })).status).toBe(428);
    expect((await act(requester.session, order, 'approve')).status).toBe(404);
    expect((await act(requester.session, order, 'explode')).status).toBe(404);
    const noReason = await act(requester.session, order, 'cancel', {});
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    // Only the owner submits; a buyer (who may read every pedido) may not submit someone else's.
    expect((await act(buyer.session, order, 'submit')).status).toBe(403);
    const after = await get(requester.session, order.id);
    expect(after).toMatchObject({ status: 'draft', version: 1 });
    const history = (await call(env, 'GET', `${ORDERS}/${order.id}/history`, { session: requester.session })).body;
    expect(history).toHaveLength(1);
    expect(await flowOf(order.id)).toEqual([]);
    // Only a draft is deleted (by whoever holds the delete scope: the requester, who holds only
    // create, is refused like the screen that offers no "Excluir"); after that a pedido is cancelled, with a reason.
    const sent = await act(requester.session, after, 'submit');
    expect((await call(env, 'DELETE', `${ORDERS}/${order.id}`, { session: requester.session, headers: { 'if-match': ifMatch(sent.body.version) } })).status).toBe(403);
    const removed = await call(env, 'DELETE', `${ORDERS}/${order.id}`, { session: admin, headers: { 'if-match': ifMatch(sent.body.version) } });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('Pedido enviado não pode ser excluído: cancele-o em vez disso.');
    expect((await get(requester.session, order.id)).status).toBe('submitted');
  });

  it('shows a requester only their own pedidos; mine=true narrows a buyer list', async () => {
    const mine = await newOrder(requester.session);
    const theirs = await newOrder(otherRequester.session);
    expect((await call(env, 'GET', `${ORDERS}/${theirs.id}`, { session: requester.session })).status).toBe(404);
    const put = await call(env, 'PUT', `${ORDERS}/${theirs.id}`, { session: requester.session, body: { title: 'x', costCenterId: routed, lines: [line()] }, headers: { 'if-match': ifMatch(1) } });
    expect(put.status).toBe(404);
    const list = (await call(env, 'GET', `${ORDERS}?perPage=100`, { session: requester.session })).body.map((o: { id: string }) => o.id);
    expect(list).toContain(mine.id);
    expect(list).not.toContain(theirs.id);
    const all = (await call(env, 'GET', `${ORDERS}?perPage=100`, { session: buyer.session })).body.map((o: { id: string }) => o.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const own = await newOrder(buyer.session);
    expect((await call(env, 'GET', `${ORDERS}?mine=true&perPage=100`, { session: buyer.session })).body.map((o: { id: string }) => o.id)).toEqual([own.id]);
  });

  it('counts two parallel approvals as two, closes the stage once at N, and a double click once', async () => {
    const { flowId } = await submitted();
    const [a1, a2, bAnswer, cAnswer] = await Promise.all([decideOn(a.session, flowId, 'approve'), decideOn(a.session, flowId, 'approve'), decideOn(b.session, flowId, 'approve'), decideOn(c.session, flowId, 'approve')]);
    // Whoever comes after the stage closed at 2 of 2 meets stage 2 (compras only): 409 "already
    // decided" — never a third approval. a's double click answers alike twice, and counts once.
    for (const answer of [a1, a2, bAnswer, cAnswer]) expect([200, 409]).toContain(answer.status);
    expect(a2.status).toBe(a1.status);
    const approvers = [a1, bAnswer, cAnswer].filter((answer) => answer.status === 200);
    expect(approvers).toHaveLength(2);
    const late = [a1, bAnswer, cAnswer].find((answer) => answer.status === 409)!;
    expect(late.body.message).toBe('Esta etapa já foi decidida.');
    const stages = (await sql<{ position: number; status: string; approvals: number }>`SELECT position, status, approvals FROM approval_flow_stages WHERE flow_id = ${flowId} ORDER BY position`.execute(env.db)).rows;
    expect(stages[0]).toMatchObject({ status: 'approved', approvals: 2 });
    expect(stages[1]).toMatchObject({ status: 'pending', approvals: 0 });
    const decisions = await sql<{ n: string }>`SELECT count(*) AS n FROM approval_decisions WHERE flow_id = ${flowId}`.execute(env.db);
    expect(Number(decisions.rows[0].n)).toBe(2);
  });

  it('refuses self-approval and decisions by someone who is not an approver', async () => {
    const { flowId } = await submitted(a.session);
    const own = await decideOn(a.session, flowId, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Você não pode aprovar nem reprovar o que você mesmo criou.');
    expect((await call(env, 'GET', `${APPROVALS}/inbox`, { session: a.session })).body.map((i: { id: string }) => i.id)).not.toContain(flowId);
    // Someone of the same organisation who may not see the flow meets it exactly like a made-up id.
    const outsider = await decideOn(otherRequester.session, flowId, 'approve');
    const madeUp = await decideOn(otherRequester.session, randomUUID(), 'approve');
    expect([outsider.status, madeUp.status]).toEqual([404, 404]);
    expect(outsider.body).toEqual(madeUp.body);
    // A buyer reads pedidos but approves only stage 2: told so, not hidden from.
    expect((await decideOn(buyer.session, flowId, 'approve')).body.message).toBe('Você não é aprovador desta etapa.');
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM approval_decisions WHERE flow_id = ${flowId}`.execute(env.db)).rows[0].n)).toBe(0);
  });

  it('rejects with a mandatory reason, ends the flow, and lets the requester fix and resubmit', async () => {
    const { order, flowId } = await submitted();
    expect((await decideOn(a.session, flowId, 'reject', {})).status).toBe(400);
    const rejected = await decideOn(a.session, flowId, 'reject', { reason: 'Quantidade acima do necessário.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Quantidade acima do necessário.' });
    const record = await get(requester.session, order.id);
    expect(record.status).toBe('rejected');
    expect(record._actions).toEqual(['submit', 'cancel']);
    expect((await decideOn(b.session, flowId, 'approve')).status).toBe(409);
    const history = (await call(env, 'GET', `${ORDERS}/${order.id}/history`, { session: requester.session })).body;
    expect(history.at(-1)).toMatchObject({ action: 'reject', to: 'rejected', input: { reason: 'Quantidade acima do necessário.' } });
    const again = await act(requester.session, record, 'submit');
    expect(again.body.status).toBe('submitted');
    expect((await flowOf(order.id)).map((f) => f.status).sort()).toEqual(['pending', 'rejected']);
  });

  it('voids the approval when a watched field changes after submission or approval, and restarts the flow', async () => {
    const { order, flowId } = await submitted();
    await decideOn(a.session, flowId, 'approve');
    const body = (o: typeof order, lines = o.lines) => ({ title: o.title, costCenterId: o.costCenterId, departmentId: null, neededBy: null, justification: o.justification, lines });
    // A title change is not watched: the flow goes on.
    const renamed = await call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body: { ...body(order), title: 'Título corrigido' }, headers: { 'if-match': ifMatch(order.version) } });
    expect(renamed.status, renamed.raw).toBe(200);
    expect((await flowOf(order.id)).map((f) => f.status)).toEqual(['pending']);
    const bigger = await call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body: { ...body(renamed.body), lines: [{ ...renamed.body.lines[0], quantity: 50 }] }, headers: { 'if-match': ifMatch(renamed.body.version) } });
    expect(bigger.status, bigger.raw).toBe(200);
    expect(bigger.body.status).toBe('submitted');
    expect((await flowOf(order.id)).map((f) => f.status).sort()).toEqual(['pending', 'voided']);
    const fresh = (await flowOf(order.id)).find((f) => f.status === 'pending')!.id;
    expect((await call(env, 'GET', `${APPROVALS}/flows/${fresh}`, { session: a.session })).body.stages[0].approvals).toBe(0);
    // Approved, then the cost centre moves to one no queue takes: voided, and — having been in a
    // queue — never approved at once: the stages that approved it apply again.
    await decideOn(a.session, fresh, 'approve');
    await decideOn(b.session, fresh, 'approve');
    await decideOn(buyer.session, fresh, 'approve');
    const approved = await get(requester.session, order.id);
    expect(approved.status).toBe('approved');
    const moved = await call(env, 'PUT', `${ORDERS}/${order.id}`, { session: requester.session, body: { ...body(approved), costCenterId: unrouted }, headers: { 'if-match': ifMatch(approved.version) } });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body.status).toBe('submitted');
    expect((await flowOf(order.id)).map((f) => f.status).sort()).toEqual(['pending', 'voided', 'voided']);
    const again = await call(env, 'GET', `${APPROVALS}/flows/${(await flowOf(order.id)).find((f) => f.status === 'pending')!.id}`, { session: a.session });
    expect(again.body).toMatchObject({ queueName: 'Teste: dois de três, depois compras', canDecide: true });
    expect(again.body.stages.map((stage: { name: string; approvals: number }) => [stage.name, stage.approvals])).toEqual([['Gestores', 0], ['Compras', 0]]);
    const history = (await call(env, 'GET', `${ORDERS}/${order.id}/history`, { session: requester.session })).body;
    expect(history.filter((h: { action: string }) => h.action === 'restart')).toHaveLength(2);
    expect(history.at(-1).input.note).toContain('Centro de custos');
  });

  it('approves at once, and says so, when no queue applies', async () => {
    const { order } = await submitted(requester.session, { costCenterId: unrouted });
    expect(order.status).toBe('approved');
    const history = (await call(env, 'GET', `${ORDERS}/${order.id}/history`, { session: requester.session })).body;
    expect(history.at(-1)).toMatchObject({ action: 'submit', to: 'approved', input: { note: 'Aprovado automaticamente: nenhuma fila de aprovação se aplica.' } });
  });

  it('lets a substitute decide on behalf of an approver inside the dates only', async () => {
    const substitute = await person(env, ['Aprovador']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
    const delegation = await call(env, 'POST', `${APPROVALS}/delegations`, { session: admin, body: { userId: c.user.id, substituteId: substitute.user.id, startsOn: '2020-01-01', endsOn: '2020-01-31', reason: 'Férias' } });
    expect(delegation.status, delegation.raw).toBe(201);
    const { flowId } = await submitted();
    expect((await decideOn(substitute.session, flowId, 'approve')).status).toBe(403);
    const moved = await call(env, 'PUT', `${APPROVALS}/delegations/${delegation.body.id}`, { session: admin, body: { userId: c.user.id, substituteId: substitute.user.id, startsOn: today, endsOn: today, reason: 'Férias' }, headers: { 'if-match': ifMatch(1) } });
    expect(moved.status, moved.raw).toBe(200);
    const inbox = (await call(env, 'GET', `${APPROVALS}/inbox`, { session: substitute.session })).body.find((i: { id: string }) => i.id === flowId);
    expect(inbox.onBehalfOf).toMatchObject({ id: c.user.id });
    const decided = await decideOn(substitute.session, flowId, 'approve');
    expect(decided.status, decided.raw).toBe(200);
    expect(decided.body.decisions[0]).toMatchObject({ user: { id: substitute.user.id }, onBehalfOf: { id: c.user.id } });
    const bad = await call(env, 'POST', `${APPROVALS}/delegations`, { session: admin, body: { userId: c.user.id, substituteId: c.user.id, startsOn: today, endsOn: '2000-01-01', reason: null } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['endsOn', 'substituteId']);
  });

  it('approves and rejects in bulk, one transaction per item, reporting each failure', async () => {
    const flows = [(await submitted()).flowId, (await submitted()).flowId];
    const bulk = await call(env, 'POST', `${APPROVALS}/bulk/approve`, { session: b.session, body: { ids: [...flows, randomUUID()] } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.done.sort()).toEqual([...flows].sort());
    expect(bulk.body.failed).toHaveLength(1);
    expect((await call(env, 'POST', `${APPROVALS}/bulk/reject`, { session: c.session, body: { ids: flows } })).status).toBe(400);
    const rejected = await call(env, 'POST', `${APPROVALS}/bulk/reject`, { session: c.session, body: { ids: flows, reason: 'Orçamento encerrado.' } });
    expect(rejected.body.done.sort()).toEqual([...flows].sort());
    for (const flow of flows) expect((await sql<{ status: string }>`SELECT status FROM approval_flows WHERE id = ${flow}`.execute(env.db)).rows[0].status).toBe('rejected');
  });

  it('names the line and field of bad input and refuses server fields, writing nothing', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(env.db);
    const bad = await call(env, 'POST', ORDERS, {
      session: requester.session,
      body: { title: 'Ruim', costCenterId: routed, departmentId: null, neededBy: null, justification: null, lines: [line({ quantity: 0 }), line({ unitPrice: 10.555 }), line({ productId: randomUUID() })] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['lines.0.quantity', 'lines.1.unitPrice']);
    const unknown = await call(env, 'POST', ORDERS, { session: requester.session, body: { title: 'Ruim', costCenterId: routed, departmentId: null, neededBy: null, justification: null, lines: [line(), line({ productId: randomUUID() })] } });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['lines.1.productId']);
    const foreignCentre = (await sql<{ id: string }>`SELECT id FROM cost_centers WHERE org_id = ${OTHER_ORG_ID} LIMIT 1`.execute(env.db)).rows[0]?.id ?? randomUUID();
    const foreign = await call(env, 'POST', ORDERS, { session: requester.session, body: { title: 'Ruim', costCenterId: foreignCentre, departmentId: null, neededBy: null, justification: null, lines: [line()] } });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['costCenterId']);
    const mass = await call(env, 'POST', ORDERS, { session: requester.session, body: { title: 'Ruim', costCenterId: routed, lines: [line()], status: 'approved', number: 1, total: 1, createdBy: randomUUID() } });
    expect(mass.status).toBe(400);
    expect(Object.keys(mass.body.errors).sort()).toEqual(['createdBy', 'number', 'status', 'total']);
    const empty = await call(env, 'POST', ORDERS, { session: requester.session, body: { title: 'Ruim', costCenterId: routed, departmentId: null, neededBy: null, justification: null, lines: [] } });
    expect(Object.keys(empty.body.errors)).toEqual(['lines']);
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(env.db);
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n));
  });

  it('keeps pedidos, queues, flows and decisions inside their organisation', async () => {
    const { order, flowId } = await submitted();
    // An administrator of the other organisation (who may read and create pedidos there).
    const outsider = (await person(env, ['Administrador'], OTHER_ORG_ID)).session;
    expect((await call(env, 'GET', `${ORDERS}/${order.id}`, { session: outsider })).status).toBe(404);
    expect((await call(env, 'GET', `${ORDERS}?perPage=100`, { session: outsider })).body).toEqual([]);
    expect((await call(env, 'GET', `${APPROVALS}/flows/${flowId}`, { session: outsider })).status).toBe(404);
    expect((await call(env, 'POST', `${APPROVALS}/flows/${flowId}/approve`, { session: outsider, body: {} })).status).toBe(404);
    expect((await call(env, 'GET', `${APPROVALS}/queues/${queueId}`, { session: outsider })).status).toBe(404);
    expect((await call(env, 'GET', `${APPROVALS}/inbox`, { session: outsider })).body).toEqual([]);
    expect((await call(env, 'GET', `${APPROVALS}/records/orders/${order.id}`, { session: outsider })).status).toBe(404);
  });

  it('browses the catalogue by department, sub-departments included', async () => {
    const departments = (await call(env, 'GET', '/v1/supply/categories?perPage=100', { session: requester.session })).body as { id: string; slug: string }[];
    const id = (slug: string) => departments.find((d) => d.slug === slug)!.id;
    const skus = async (category: string) =>
      ((await call(env, 'GET', `/v1/cart/products?categoryId=${category}&perPage=100`, { session: requester.session })).body as { sku: string }[]).map((p) => p.sku);
    const computing = await skus(id('informatica'));
    expect(computing).toEqual(expect.arrayContaining(['NOT-I5-16', 'MOU-USB-01', 'HEA-USB-01']));
    const peripherals = await skus(id('perifericos'));
    expect(peripherals).toContain('MOU-USB-01');
    expect(peripherals).not.toContain('NOT-I5-16');
    expect(await skus(id('limpeza'))).not.toContain('MOU-USB-01');
  });

  it('sums up what waits for me and my pedidos by state', async () => {
    const summary = (await call(env, 'GET', `${APPROVALS}/summary`, { session: requester.session })).body;
    expect(summary.mine.orders.draft).toBeGreaterThan(0);
    const approver = (await call(env, 'GET', `${APPROVALS}/summary`, { session: a.session })).body;
    const inbox = await call(env, 'GET', `${APPROVALS}/inbox`, { session: a.session });
    expect(approver.waitingForMe).toBe(Number(inbox.headers['x-total-count']));
  });
});

/**
 * A pedido's need-by date (issue 27 §3 "a need-by date a year in the past is accepted"): a date set
 * in the past — of the pedido or of a line — is a 400 on its field and nothing is written; a pedido
 * whose date has passed since still saves as it was, and only a changed date is judged.
 */
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../server/approvals/engine.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { NEED_BY_PAST } from '../../src/contracts/resources/orders.js';
import { call, databaseKinds, loginSession, useTestEnv } from './fixture.js';

const ORDERS = '/v1/supply/orders';
const DAY = 86_400_000;

describe.each(databaseKinds())('need-by dates of a pedido [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('refuses a date set in the past, on the pedido and on a line; keeps an old one that has since passed', async () => {
    const session = await loginSession(env, 'solicitante@demo.com.br');
    const centre = (await call(env, 'GET', '/api/finance/cost-centers', { session })).body[0].id;
    const day = (offset: number) => todayIn(new Date(env.clock.now().getTime() + offset * DAY));
    const line = (neededBy: string | null) => ({ productId: null, description: 'Resma de papel', quantity: 1, unit: 'UN', unitPrice: 2500, neededBy });
    const body = (neededBy: string | null, lineNeed: string | null) => ({ title: 'Reposição', costCenterId: centre, departmentId: null, neededBy, justification: null, lines: [line(lineNeed)] });
    const writable = (order: Record<string, any>) => ({ title: order.title, costCenterId: order.costCenterId, departmentId: order.departmentId, neededBy: order.neededBy, justification: order.justification, lines: order.lines });
    const before = (await call(env, 'GET', `${ORDERS}?perPage=1`, { session })).headers['x-total-count'];

    const past = await call(env, 'POST', ORDERS, { session, body: body(day(-365), day(-1)) });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ neededBy: [NEED_BY_PAST], 'lines.0.neededBy': [NEED_BY_PAST] });
    expect((await call(env, 'GET', `${ORDERS}?perPage=1`, { session })).headers['x-total-count']).toBe(before);

    const made = await call(env, 'POST', ORDERS, { session, body: body(day(0), day(3)) });
    expect(made.status, made.raw).toBe(201);

    // Ten days on, both dates have passed: the pedido still saves with them unchanged…
    env.clock.advance(10 * DAY);
    try {
      const later = await loginSession(env, 'solicitante@demo.com.br');
      const kept = await call(env, 'PUT', `${ORDERS}/${made.body.id}`, { session: later, body: { ...writable(made.body), title: 'Reposição do mês' }, headers: { 'if-match': ifMatch(made.body.version) } });
      expect(kept.status, kept.raw).toBe(200);
      // …but moving a date to another past day is refused, and so is a new line dated in the past.
      const moved = await call(env, 'PUT', `${ORDERS}/${made.body.id}`, {
        session: later,
        body: { ...writable(kept.body), neededBy: day(-1), lines: [...kept.body.lines, line(day(-2))] },
        headers: { 'if-match': ifMatch(kept.body.version) },
      });
      expect(moved.status).toBe(400);
      expect(moved.body.errors).toEqual({ neededBy: [NEED_BY_PAST], 'lines.1.neededBy': [NEED_BY_PAST] });
    } finally {
      env.clock.advance(-10 * DAY);
    }
  });
});

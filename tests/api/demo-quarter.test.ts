/**
 * The demo quarter (issue 27 §4, server/setup/demo-quarter.ts) on a fresh database: what a
 * newcomer opening `npm start` would notice — pedidos in every state with their approvals (never
 * by their author), parcelas a pagar and a receber open, overdue, authorised, paid and reversed on
 * two bank accounts, the history and audit of every seeded transition — and a second run adding
 * nothing. The fixtures' own databases never get the quarter (tests seed what they assert on).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import type { DatabaseHandle } from '../../server/db/connect.js';
import { demoQuarterAtStart, demoQuarterWanted, seedDemoQuarter, type QuarterResult } from '../../server/setup/demo-quarter.js';
import { call, databaseKinds, loginSession, useTestEnv } from './fixture.js';

const count = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]));

describe.each(databaseKinds())('demo quarter [%s]', (kind) => {
  const env = useTestEnv(kind);
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
  let first: QuarterResult;

  it('is off unless asked for, and the fixtures start without it', async () => {
    expect(demoQuarterWanted({})).toBe(false);
    expect(demoQuarterWanted({ DEMO_QUARTER: '1' })).toBe(true);
    expect(demoQuarterWanted({ DEMO_QUARTER: '1', SEED_DEMO: '0' })).toBe(false);
    expect(demoQuarterWanted({ DEMO_QUARTER: '1', NODE_ENV: 'production' })).toBe(false);
    const rows = await sql<{ n: number }>`SELECT (SELECT count(*) FROM orders)::int + (SELECT count(*) FROM finance_entries)::int AS n`.execute(env.db);
    expect(rows.rows[0].n).toBe(0);
  });

  it('seeds pedidos in every state, made by the requester and decided by the queue’s approvers', async () => {
    first = await seedDemoQuarter(env.app.appContext);
    expect(first.seeded).toBe(true);
    expect(first.orders).toBeGreaterThanOrEqual(12);
    const states = count((await sql<{ status: string; n: number }>`SELECT status, count(*)::int AS n FROM orders WHERE org_id = ${DEMO_ORG_ID} GROUP BY status`.execute(env.db)).rows);
    for (const state of ['draft', 'submitted', 'approved', 'rejected', 'quoting', 'fulfilled', 'cancelled']) expect(states[state], state).toBeGreaterThan(0);
    // Waiting at stage 1 (the manager) and at stage 2 (purchasing).
    const waiting = (await sql<{ position: number }>`SELECT current_position AS position FROM approval_flows WHERE org_id = ${DEMO_ORG_ID} AND resource = 'orders' AND status = 'pending'`.execute(env.db)).rows.map((r) => r.position);
    expect(waiting).toContain(0);
    expect(waiting).toContain(1);
    // Nobody decided on their own pedido; every decision is by an approver of its stage.
    const decisions = (await sql<{ user_id: string; requester_id: string; approvers: string[] }>`SELECT d.user_id, f.requester_id, s.approver_user_ids AS approvers
      FROM approval_decisions d JOIN approval_flows f ON f.id = d.flow_id JOIN approval_flow_stages s ON s.id = d.flow_stage_id WHERE d.org_id = ${DEMO_ORG_ID}`.execute(env.db)).rows;
    expect(decisions.length).toBeGreaterThan(10);
    for (const decision of decisions) {
      expect(decision.user_id).not.toBe(decision.requester_id);
      expect(decision.approvers).toContain(decision.user_id);
    }
    const authors = (await sql<{ email: string }>`SELECT DISTINCT u.email FROM orders o JOIN users u ON u.id = o.created_by WHERE o.org_id = ${DEMO_ORG_ID}`.execute(env.db)).rows.map((r) => r.email);
    expect(authors).toEqual(['solicitante@demo.com.br']);
    // A cotação was opened through the pedido's own transition.
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM quotes WHERE org_id = ${DEMO_ORG_ID}`.execute(env.db)).rows[0].n).toBeGreaterThan(0);
  });

  it('seeds parcelas open, overdue, in the atesto, authorised, paid and reversed, on two bank accounts', async () => {
    const payable = count((await sql<{ status: string; n: number }>`SELECT i.status, count(*)::int AS n FROM installments i JOIN finance_entries e ON e.id = i.entry_id
      WHERE e.org_id = ${DEMO_ORG_ID} AND e.direction = 'payable' GROUP BY i.status`.execute(env.db)).rows);
    for (const state of ['open', 'awaiting_requester', 'queued', 'authorized', 'paid', 'cancelled']) expect(payable[state], state).toBeGreaterThan(0);
    const receivable = count((await sql<{ status: string; n: number }>`SELECT i.status, count(*)::int AS n FROM installments i JOIN finance_entries e ON e.id = i.entry_id
      WHERE e.org_id = ${DEMO_ORG_ID} AND e.direction = 'receivable' GROUP BY i.status`.execute(env.db)).rows);
    for (const state of ['open', 'received', 'cancelled']) expect(receivable[state], state).toBeGreaterThan(0);
    const entries = count((await sql<{ status: string; n: number }>`SELECT status, count(*)::int AS n FROM finance_entries WHERE org_id = ${DEMO_ORG_ID} GROUP BY status`.execute(env.db)).rows);
    for (const state of ['open', 'approved', 'settled', 'cancelled']) expect(entries[state], state).toBeGreaterThan(0);

    // Overdue relative to today, both ways; and due dates ahead (the next two months).
    const dates = (await sql<{ kind: string; overdue: number; ahead: number; oldest: string; latest: string }>`SELECT e.direction AS kind,
        count(*) FILTER (WHERE i.due_date < ${today()}::date AND i.status NOT IN ('paid', 'received', 'cancelled'))::int AS overdue,
        count(*) FILTER (WHERE i.due_date > ${today()}::date)::int AS ahead, min(i.due_date)::text AS oldest, max(i.due_date)::text AS latest
      FROM installments i JOIN finance_entries e ON e.id = i.entry_id WHERE e.org_id = ${DEMO_ORG_ID} GROUP BY e.direction`.execute(env.db)).rows;
    for (const row of dates) {
      expect(row.overdue, row.kind).toBeGreaterThan(0);
      expect(row.ahead, row.kind).toBeGreaterThan(0);
    }

    // Baixas on two accounts, partial ones, interest and fines, and estornos with their reason.
    const baixas = (await sql<{ accounts: number; reversed: number; partial: number; late: number; total: number }>`SELECT count(DISTINCT s.bank_account_id)::int AS accounts,
        count(*) FILTER (WHERE s.reversed_at IS NOT NULL AND s.reversal_reason <> '')::int AS reversed,
        count(*) FILTER (WHERE s.amount < i.amount AND s.reversed_at IS NULL)::int AS partial,
        count(*) FILTER (WHERE s.fine > 0)::int AS late, count(*)::int AS total
      FROM installment_settlements s JOIN installments i ON i.id = s.installment_id WHERE s.org_id = ${DEMO_ORG_ID}`.execute(env.db)).rows[0];
    expect(baixas.accounts).toBe(2);
    expect(baixas.reversed).toBeGreaterThanOrEqual(2);
    expect(baixas.partial).toBeGreaterThanOrEqual(2);
    expect(baixas.late).toBeGreaterThanOrEqual(2);
    // Nobody authorised or settled a payment they entered.
    const selfPaid = await sql<{ n: number }>`SELECT count(*)::int AS n FROM installment_settlements s JOIN installments i ON i.id = s.installment_id WHERE s.org_id = ${DEMO_ORG_ID} AND s.created_by = i.created_by`.execute(env.db);
    expect(selfPaid.rows[0].n).toBe(0);
    // Money is whole centavos everywhere (bigint columns), and what was paid adds up.
    const sums = (await sql<{ paid: string; settled: string }>`SELECT (SELECT sum(paid_amount) FROM installments WHERE org_id = ${DEMO_ORG_ID})::text AS paid,
      (SELECT sum(amount) FROM installment_settlements WHERE org_id = ${DEMO_ORG_ID} AND reversed_at IS NULL)::text AS settled`.execute(env.db)).rows[0];
    expect(sums.paid).toBe(sums.settled);
  });

  it('leaves a status history and an audit entry for every seeded transition, spread over the quarter', async () => {
    const history = (await sql<{ entity_type: string; action: string; n: number }>`SELECT entity_type, action, count(*)::int AS n FROM status_history WHERE org_id = ${DEMO_ORG_ID} GROUP BY entity_type, action`.execute(env.db)).rows;
    const actions = new Set(history.map((h) => `${h.entity_type}.${h.action}`));
    for (const action of ['orders.create', 'orders.submit', 'orders.approve', 'orders.reject', 'orders.cancel', 'orders.startQuoting', 'orders.fulfil', 'payables.submit', 'payableInstallments.authorize', 'payableInstallments.settle', 'payableInstallments.reverse', 'payableInstallments.attest', 'receivableInstallments.settle', 'receivableInstallments.reverse']) {
      expect(actions, action).toContain(action);
    }
    const missingAudit = await sql<{ n: number }>`SELECT count(*)::int AS n FROM status_history h WHERE h.org_id = ${DEMO_ORG_ID} AND h.action <> 'create'
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.org_id = h.org_id AND a.entity_id = h.entity_id AND a.action = h.entity_type || '.' || h.action)`.execute(env.db);
    expect(missingAudit.rows[0].n).toBe(0);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE org_id = ${DEMO_ORG_ID} AND action IN ('approvals.approve', 'approvals.reject')`.execute(env.db)).rows[0].n).toBeGreaterThan(10);
    // Dated over the last ~90 days, never in the future.
    const span = (await sql<{ oldest: number; newest: number }>`SELECT extract(epoch FROM min(at))::float8 AS oldest, extract(epoch FROM max(at))::float8 AS newest FROM status_history WHERE org_id = ${DEMO_ORG_ID}`.execute(env.db)).rows[0];
    const now = env.clock.now().getTime() / 1000;
    expect(now - span.oldest).toBeGreaterThan(60 * 86_400);
    expect(now - span.oldest).toBeLessThan(100 * 86_400);
    expect(span.newest).toBeLessThanOrEqual(now);
    // Each parcela was created at its lançamento's step, by the quarter's clock: never "Criado em" after its last change, nor today.
    const misdated = await sql<{ n: number }>`SELECT count(*)::int AS n FROM installments i JOIN finance_entries e ON e.id = i.entry_id
      WHERE i.org_id = ${DEMO_ORG_ID} AND (i.created_at > i.updated_at OR i.created_at < e.created_at)`.execute(env.db);
    expect(misdated.rows[0].n).toBe(0);
  });

  it('shows the quarter in the portal’s lists, to each profile as its permissions allow', async () => {
    const buyer = await loginSession(env, 'compras@demo.com.br');
    const pending = await call(env, 'GET', '/v1/approvals/inbox', { session: buyer });
    expect(pending.status, pending.raw).toBe(200);
    expect(pending.body.length).toBeGreaterThan(0);
    const admin = await loginSession(env, 'admin@demo.com.br');
    const orders = await call(env, 'GET', '/v1/supply/orders?perPage=50', { session: admin });
    expect(orders.status, orders.raw).toBe(200);
    expect(orders.body.length).toBe(first.orders);
    const payables = await call(env, 'GET', '/api/finance/payables?perPage=50', { session: admin });
    expect(payables.status, payables.raw).toBe(200);
    expect(payables.body.length).toBe(first.payables);
  });

  it('adds nothing when run again', async () => {
    const before = (await sql<{ n: string }>`SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM finance_entries) + (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM installment_settlements) AS n`.execute(env.db)).rows[0].n;
    const again = await seedDemoQuarter(env.app.appContext);
    expect(again.seeded).toBe(false);
    const after = (await sql<{ n: string }>`SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM finance_entries) + (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM installment_settlements) AS n`.execute(env.db)).rows[0].n;
    expect(after).toBe(before);
  });
});

describe.each(databaseKinds())('demo quarter, two starts at once [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('seeds one quarter when two instances seed in parallel', async () => {
    const results = await Promise.all([seedDemoQuarter(env.app.appContext), seedDemoQuarter(env.app.appContext)]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    const orders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE org_id = ${DEMO_ORG_ID}`.execute(env.db);
    expect(orders.rows[0].n).toBe(results.find((r) => r.seeded)!.orders);
  });
});

describe.each(databaseKinds())('demo quarter on an organisation that changed [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('writes nothing and lets the server start when the quarter no longer fits', async () => {
    // Someone switched the pedidos' approval queue off: the quarter's approvals have nobody to go to.
    await sql`UPDATE approval_queues SET is_active = false WHERE org_id = ${DEMO_ORG_ID} AND resource = 'orders'`.execute(env.db);
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_detail: unknown, line: string) => void warnings.push(line) };
    const result = await demoQuarterAtStart({ kind: 'pglite' } as DatabaseHandle, env.app.appContext, { DEMO_QUARTER: '1' }, log as never);
    expect(result).toBeUndefined();
    expect(warnings).toEqual(['Trimestre de demonstração não criado: a organização de demonstração já não tem o que ele usa (nada foi gravado).']);
    const rows = await sql<{ n: number }>`SELECT (SELECT count(*) FROM orders)::int + (SELECT count(*) FROM finance_entries)::int + (SELECT count(*) FROM status_history)::int + (SELECT count(*) FROM approval_flows)::int AS n`.execute(env.db);
    expect(rows.rows[0].n).toBe(0);
  });
});

/**
 * What the home's figures and the painéis share: the open parcelas due today / in the next 7 days /
 * overdue, and each active account's balance — one query each, inside the caller's tenant.
 */
import { sql, type Transaction } from 'kysely';
import type { Figure } from '../../../src/contracts/dashboards.js';
import { payableInstallments, receivableInstallments } from '../../../src/contracts/resources/index.js';
import { LIVE_PHASES, statesIn } from '../../../src/contracts/workflow.js';
import type { Database } from '../../db/types.js';
import { openMovement, realisedBalance } from '../../finance/balances.js';

type Trx = Transaction<Database>;

/** A parcela still to be paid / received: a live phase of its direction's workflow. */
export const OPEN_STATES = { payable: statesIn(payableInstallments.workflow!, LIVE_PHASES), receivable: statesIn(receivableInstallments.workflow!, LIVE_PHASES) };

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const asFigure = (count: string | null | undefined, amount: string | null | undefined): Figure => ({ count: Number(count ?? 0), amount: Number(amount ?? 0) });

/** Open parcelas of one direction due today, from today to `weekEnd`, and before today (what is still owed). */
export async function dueFigures(trx: Trx, orgId: string, direction: 'payable' | 'receivable', today: string, weekEnd: string) {
  const owed = sql`i.amount - i.paid_amount`;
  const row = (await sql<Record<string, string | null>>`SELECT
      count(*) FILTER (WHERE i.due_date = ${today}::date)::text AS today_n, sum(${owed}) FILTER (WHERE i.due_date = ${today}::date)::text AS today_a,
      count(*) FILTER (WHERE i.due_date >= ${today}::date)::text AS week_n, sum(${owed}) FILTER (WHERE i.due_date >= ${today}::date)::text AS week_a,
      count(*) FILTER (WHERE i.due_date < ${today}::date)::text AS late_n, sum(${owed}) FILTER (WHERE i.due_date < ${today}::date)::text AS late_a
    FROM installments i
    WHERE i.org_id = ${orgId} AND i.direction = ${direction} AND i.status IN (${sql.join(OPEN_STATES[direction])}) AND i.due_date <= ${weekEnd}::date`.execute(trx)).rows[0];
  return { dueToday: asFigure(row.today_n, row.today_a), dueWeek: asFigure(row.week_n, row.week_a), overdue: asFigure(row.late_n, row.late_a) };
}

/** Each active account's realised balance today and, with `projected`, that plus every open parcela on it. */
export async function accountBalances(trx: Trx, orgId: string, today: string) {
  const rows = await sql<{ id: string; name: string; balance: string; ahead: string }>`
    SELECT t.id, t.name, ${realisedBalance(sql`${today}::date`)}::text AS balance, ${openMovement(null)}::text AS ahead
    FROM bank_accounts t WHERE t.org_id = ${orgId} AND t.is_active ORDER BY t.name, t.id`.execute(trx);
  return rows.rows.map((r) => ({ id: r.id, name: r.name, balance: Number(r.balance), projected: Number(r.balance) + Number(r.ahead) }));
}

/**
 * The treasurer's painel (`GET dashboards/overview`): each active account's balance today and
 * projected (with every open parcela on it); six months (two back, this one, three ahead) of what
 * is still open a pagar / a receber by due month, and previsto × realizado — previsto what falls due
 * in the month (a receber − a pagar, `bi_monthly` on the due basis), realizado the baixas in cash
 * (the paid basis; null for a month to come) —; and what is overdue. Reads the summary tables
 * (migration 0030) except the balances and the overdue figures, which read the raw rows like the
 * account page and the lists they link to.
 */
import { sql, type Transaction } from 'kysely';
import type { MonthPoint, Overview } from '../../../src/contracts/dashboards.js';
import type { Database } from '../../db/types.js';
import { accountBalances, dueFigures, OPEN_STATES } from './figures.js';

const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month `offset` months from `day`'s, and its last day. */
export function monthAt(day: string, offset: number) {
  const first = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const from = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-01`;
  return { from, to: `${from.slice(0, 8)}${pad(last.getUTCDate())}`, label: `${MONTHS[first.getUTCMonth()]}/${first.getUTCFullYear()}` };
}

export async function overview(trx: Transaction<Database>, orgId: string, today: string): Promise<Overview> {
  const months: MonthPoint[] = [-2, -1, 0, 1, 2, 3].map((offset) => {
    const { from, to, label } = monthAt(today, offset);
    return { key: from.slice(0, 7), label, from, to, future: from > today, payable: 0, receivable: 0, forecast: 0, actual: from > today ? null : 0 };
  });
  const cells = await sql<{ month: string; basis: 'due' | 'paid'; direction: 'payable' | 'receivable'; amount: string; paid: string; open: string }>`
    SELECT to_char(m.month, 'YYYY-MM') AS month, m.basis, m.direction, sum(m.amount)::text AS amount, sum(m.paid)::text AS paid, sum(m.open)::text AS open
    FROM bi_monthly m
    WHERE m.org_id = ${orgId} AND m.basis IN ('due', 'paid') AND m.month BETWEEN ${months[0].from}::date AND ${months.at(-1)!.from}::date
    GROUP BY 1, 2, 3`.execute(trx);
  for (const cell of cells.rows) {
    const point = months.find((m) => m.key === cell.month);
    if (!point) continue;
    const sign = cell.direction === 'receivable' ? 1 : -1;
    if (cell.basis === 'due') {
      point[cell.direction] += Number(cell.open);
      point.forecast += sign * Number(cell.amount);
    } else if (point.actual !== null) point.actual += sign * Number(cell.paid);
  }
  // Overdue only: the figures up to today.
  const overdue = async (direction: 'payable' | 'receivable') => (await dueFigures(trx, orgId, direction, today, today)).overdue;
  return { today, accounts: await accountBalances(trx, orgId, today), months, overdue: { payable: await overdue('payable'), receivable: await overdue('receivable') }, openStates: OPEN_STATES };
}

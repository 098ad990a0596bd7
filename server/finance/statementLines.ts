/**
 * Storage of the extrato de movimentações (`bankStatementLines`, src/contracts/resources/bankStatementLines.ts)
 * on `bank_statement_lines` (migrations 0031 and 0037), nested under the bank account:
 * - `direction` and `value` are read from the signed `amount` the conciliação works on, and a hand
 *   line writes that amount (a saída negative); its FITID is `MANUAL-<id>` (never an OFX one), its
 *   OFX type CREDIT/DEBIT, `source` manual, no statement file;
 * - `balance`: the running balance after the line — the latest saldo de conta (account_balances,
 *   at the start of its date) on or before the line's date, else the account's opening balance,
 *   plus every line from that date up to this one (date, then id); none before that start. A
 *   page-computed field (`pageComputed`): one window over the page, one sum before it;
 * - an imported line or a reconciled one is neither edited nor deleted (409 with the reason): the
 *   registry reads the row `FOR UPDATE` before these hooks, so a match committing meanwhile is seen;
 * - `match` / `unmatch` (the conciliação's system transitions) set `reconciled_at` / `reconciled_by`.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { bankStatementLines, STATEMENT_LINE_MESSAGES } from '../../src/contracts/resources/bankStatementLines.js';
import { HttpError } from '../errors.js';
import { declaredStorage, parentIn } from '../registry/declared.js';
import type { Call, Trx, Values, WireRecord } from '../registry/storage.js';

/** Where the running balance of line `l` starts: the latest saldo de conta on or before its date, else the opening balance. */
const start = sql`(SELECT COALESCE(ab.amount, a.opening_balance) AS base, COALESCE(ab.date, a.opening_balance_date) AS since
  FROM bank_accounts a LEFT JOIN LATERAL (SELECT x.amount, x.date FROM account_balances x
    WHERE x.org_id = a.org_id AND x.bank_account_id = a.id AND x.date <= l.posted_on ORDER BY x.date DESC LIMIT 1) ab ON true
  WHERE a.id = l.bank_account_id AND a.org_id = l.org_id)`;

/**
 * The running balance of the lines `ids` (one read: a page, one line) — the same cost on any page
 * in any order (issue 25), where one sum per line grew with the lines before it:
 * - `page`: each line with its start (`base`, `since`: one index probe each);
 * - `lo`..`hi`: the page's first and last lines in (date, id) order; `ranged` — the account's
 *   lines between them (the page itself when it is a stretch of the extrato) — with their running
 *   sum in one window;
 * - `prior`: ONE sum of the lines from the first line's start up to it;
 * - `cut`: for a start inside the stretch (a saldo de conta dated after the first line), what the
 *   stretch holds before it, taken off.
 * Balance = base + prior (when the line shares the first line's start) + running sum − cut; none
 * for a line dated before its start (before the opening balance). `MATERIALIZED`: without fresh
 * statistics (right after an import; PGlite has no autovacuum) the planner inlined `prior` into
 * the per-line join and ran the sum once per line again (756 ms where 20 ms was due).
 */
export async function statementBalances(db: Kysely<Database>, orgId: string, accountId: string, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const account = sql`l.org_id = ${orgId} AND l.bank_account_id = ${accountId}`;
  const rows = await sql<{ id: string; balance: string | null }>`WITH page AS MATERIALIZED (
      SELECT l.id, l.posted_on, s.base, s.since FROM bank_statement_lines l CROSS JOIN LATERAL ${start} s
      WHERE ${account} AND l.id IN (${sql.join([...ids])})),
    lo AS (SELECT posted_on, id, since FROM page ORDER BY posted_on, id LIMIT 1),
    hi AS (SELECT posted_on, id FROM page ORDER BY posted_on DESC, id DESC LIMIT 1),
    prior AS MATERIALIZED (SELECT COALESCE(sum(l.amount), 0) AS amount FROM bank_statement_lines l, lo
      WHERE ${account} AND l.posted_on >= lo.since AND (l.posted_on, l.id) < (lo.posted_on, lo.id)),
    ranged AS MATERIALIZED (SELECT l.id, l.posted_on, l.amount, sum(l.amount) OVER (ORDER BY l.posted_on, l.id) AS running
      FROM bank_statement_lines l, lo, hi
      WHERE ${account} AND (l.posted_on, l.id) >= (lo.posted_on, lo.id) AND (l.posted_on, l.id) <= (hi.posted_on, hi.id)),
    cut AS MATERIALIZED (SELECT d.since, COALESCE(sum(r.amount) FILTER (WHERE r.posted_on < d.since), 0) AS amount
      FROM (SELECT DISTINCT since FROM page) d CROSS JOIN ranged r GROUP BY d.since)
    SELECT p.id, (CASE WHEN p.posted_on < p.since THEN NULL
      ELSE p.base + r.running - c.amount + CASE WHEN p.since <= lo.posted_on THEN prior.amount ELSE 0 END END)::text AS balance
    FROM page p JOIN ranged r ON r.id = p.id JOIN cut c ON c.since = p.since CROSS JOIN lo CROSS JOIN prior`.execute(db);
  return new Map(rows.rows.map((row) => [row.id, row.balance]));
}

/** The page-computed `balance` of the extrato (the lines of the caller's account). */
const runningBalances = (trx: Trx, call: Call, ids: readonly string[]) => statementBalances(trx, call.orgId, call.parentId!, ids);

/** The signed amount of a hand line's values. */
const signed = (values: Values) => (values.direction === 'out' ? -1 : 1) * Number(values.value);

function editable(before: WireRecord) {
  if (before.source !== 'manual') throw new HttpError(409, STATEMENT_LINE_MESSAGES.imported);
  if (before.status !== 'open') throw new HttpError(409, STATEMENT_LINE_MESSAGES.reconciled);
}

export const statementLinesStorage = declaredStorage(bankStatementLines, 'bank_statement_lines', {
  columns: { document: 'check_number' },
  computed: {
    direction: sql`CASE WHEN t.amount < 0 THEN 'out' ELSE 'in' END`,
    value: sql`abs(t.amount)`,
  },
  pageComputed: { balance: runningBalances },
  parent: parentIn('bank_accounts', 'bank_account_id'),
  async beforeCreate(_trx, _call, values) {
    const amount = signed(values);
    return {
      amount: String(amount),
      fit_id: `MANUAL-${randomUUID()}`,
      trn_type: amount < 0 ? 'DEBIT' : 'CREDIT',
      posted_at: `${String(values.postedOn)}T12:00:00Z`,
      source: 'manual',
      status: 'open',
      name: null,
      statement_id: null,
    };
  },
  async beforeUpdate(_trx, call, values, before, action) {
    // The conciliação's transitions (the lines' own: history and audit) change only who reconciled it and when.
    if (action === 'match') return { reconciled_at: call.ctx.clock(), reconciled_by: call.userId };
    if (action === 'unmatch') return { reconciled_at: null, reconciled_by: null };
    editable(before);
    const amount = signed(values);
    return { amount: String(amount), trn_type: amount < 0 ? 'DEBIT' : 'CREDIT', posted_at: `${String(values.postedOn)}T12:00:00Z` };
  },
  async beforeDelete(_trx, _call, before) {
    editable(before);
  },
});

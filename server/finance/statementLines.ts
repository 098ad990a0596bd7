/**
 * Storage of the extrato de movimentações (`bankStatementLines`, src/contracts/resources/bankStatementLines.ts)
 * on `bank_statement_lines` (migrations 0031 and 0037), nested under the bank account:
 * - `direction` and `value` are read from the signed `amount` the conciliação works on, and a hand
 *   line writes that amount (a saída negative); its FITID is `MANUAL-<id>` (never an OFX one), its
 *   OFX type CREDIT/DEBIT, `source` manual, no statement file;
 * - `balance`: the running balance after the line — the latest saldo de conta (account_balances,
 *   at the start of its date) on or before the line's date, else the account's opening balance,
 *   plus every line from that date up to this one (date, then id); none before that start;
 * - an imported line or a reconciled one is neither edited nor deleted (409 with the reason): the
 *   registry reads the row `FOR UPDATE` before these hooks, so a match committing meanwhile is seen.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { bankStatementLines, STATEMENT_LINE_MESSAGES } from '../../src/contracts/resources/bankStatementLines.js';
import { HttpError } from '../errors.js';
import { declaredStorage } from '../registry/declared.js';
import type { Values, WireRecord } from '../registry/storage.js';

/** Where the running balance of line `t` starts: a saldo de conta or the opening balance, and its date. */
const start = sql`(SELECT COALESCE(ab.amount, a.opening_balance) AS base, COALESCE(ab.date, a.opening_balance_date) AS since
  FROM bank_accounts a LEFT JOIN LATERAL (SELECT x.amount, x.date FROM account_balances x
    WHERE x.org_id = a.org_id AND x.bank_account_id = a.id AND x.date <= t.posted_on ORDER BY x.date DESC LIMIT 1) ab ON true
  WHERE a.id = t.bank_account_id AND a.org_id = t.org_id)`;

export const runningBalance = sql`(SELECT CASE WHEN t.posted_on < b.since THEN NULL ELSE b.base + COALESCE((SELECT sum(l.amount) FROM bank_statement_lines l
    WHERE l.org_id = t.org_id AND l.bank_account_id = t.bank_account_id AND l.posted_on >= b.since
      AND (l.posted_on, l.id) <= (t.posted_on, t.id)), 0) END FROM ${start} b)`;

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
    balance: runningBalance,
  },
  parent: {
    column: 'bank_account_id',
    async resolve(trx, call, param) {
      const row = await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${call.orgId} AND id = ${param.slice(0, 64)}`.execute(trx);
      return row.rows[0]?.id;
    },
  },
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
  async beforeUpdate(_trx, _call, values, before) {
    editable(before);
    const amount = signed(values);
    return { amount: String(amount), trn_type: amount < 0 ? 'DEBIT' : 'CREDIT', posted_at: `${String(values.postedOn)}T12:00:00Z` };
  },
  async beforeDelete(_trx, _call, before) {
    editable(before);
  },
});

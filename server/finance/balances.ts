/**
 * Bank-account balances (issue 25 "Balances"), in SQL so lists, the account page and BI read the
 * same figures:
 * - realised balance on a date: the opening balance plus every baixa posted to the account from
 *   the opening date up to that date (receipts add, payments subtract; an estorno takes its baixa
 *   out — `reversed_at`);
 * - projected balance on a date: the realised one plus what is still open on the account's
 *   parcelas due up to that date (receivable adds, payable subtracts; cancelled and settled ones
 *   count nothing). Without a date (`projectedBalance` of the list): every open parcela.
 * "Today" is the São Paulo calendar date. Statement lines reconciled join the realised balance
 * when conciliação exists (not yet: docs/decisions.md).
 */
import { sql, type RawBuilder } from 'kysely';
import { payableInstallments, receivableInstallments } from '../../src/contracts/resources/index.js';
import { LIVE_PHASES } from '../../src/contracts/workflow.js';
import { inPhases } from '../registry/phases.js';

const TODAY = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

/** Still to be paid or received: a live state of its direction's workflow. */
const live = sql`((i.direction = 'payable' AND ${inPhases(sql.ref('i.status'), payableInstallments.workflow!, LIVE_PHASES)})
  OR (i.direction = 'receivable' AND ${inPhases(sql.ref('i.status'), receivableInstallments.workflow!, LIVE_PHASES)}))`;

/** Realised balance of account `account` (alias `t` of bank_accounts by default) on `on` (a date expression). */
export function realisedBalance(on: RawBuilder<unknown> = TODAY, account: RawBuilder<unknown> = sql`t`): RawBuilder<unknown> {
  return sql`(${account}.opening_balance + COALESCE((SELECT sum(CASE WHEN i.direction = 'receivable' THEN s.paid_total ELSE -s.paid_total END)
    FROM installment_settlements s JOIN installments i ON i.id = s.installment_id
    WHERE s.bank_account_id = ${account}.id AND s.org_id = ${account}.org_id AND s.reversed_at IS NULL
      AND s.paid_on >= ${account}.opening_balance_date AND s.paid_on <= ${on}), 0))`;
}

/** What the account's open parcelas will move, due up to `on` (null: all of them). */
export function openMovement(on: RawBuilder<unknown> | null, account: RawBuilder<unknown> = sql`t`): RawBuilder<unknown> {
  return sql`COALESCE((SELECT sum(CASE WHEN i.direction = 'receivable' THEN i.amount - i.paid_amount ELSE i.paid_amount - i.amount END)
    FROM installments i WHERE i.bank_account_id = ${account}.id AND i.org_id = ${account}.org_id AND ${live} ${on ? sql`AND i.due_date <= ${on}` : sql``}), 0)`;
}

export const balanceColumns = {
  currentBalance: realisedBalance(),
  projectedBalance: sql`(${realisedBalance()} + ${openMovement(null)})`,
};

/** What is still open on the account's parcelas of one direction, due up to `on`. */
export function openAmount(direction: 'payable' | 'receivable', on: RawBuilder<unknown>, account: RawBuilder<unknown> = sql`t`): RawBuilder<unknown> {
  return sql`COALESCE((SELECT sum(i.amount - i.paid_amount) FROM installments i
    WHERE i.bank_account_id = ${account}.id AND i.org_id = ${account}.org_id AND i.direction = ${direction} AND ${live} AND i.due_date <= ${on}), 0)`;
}

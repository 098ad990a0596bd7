/**
 * Conciliação of a bank account (issue 25): statement lines beside the baixas posted to the account.
 * - `reconciliationView`: the lines of a period (default: the last statement imported's), the
 *   baixas not yet reconciled within ±3 days of it (and those the period's lines reconciled),
 *   suggestions (reconciliationMatch.ts), the saved rules' classification of open lines (reconciliationRules.ts) and the balance per the statement vs per the system.
 * - `matchGroup`: a match is a group (migration 0040) — one line ↔ one or several baixas (1:1, 1:N)
 *   or several lines ↔ one baixa (N:1, a payment the bank split), never many ↔ many, whose signed
 *   sums are equal to the centavo. The lines are locked in id order (a second treasurer on one of
 *   them waits, then finds it reconciled: 409), then the baixas in id order (likewise), then the
 *   group is inserted; the primary keys of its members (a line, a baixa in one group only) are the
 *   last wall. `matchLine` is the group of one line.
 * - `unmatchLine`: the line's whole group undone — its lines open again, its baixas free; the
 *   baixas themselves untouched.
 * - `settleFromLine`: a line without a baixa becomes the baixa of a chosen parcela through the
 *   parcela's own `settle` transition (its rules, row lock, history, audit, the lançamento
 *   following), dated as the line, then matched. More than the open balance is the difference
 *   as juros; less is a partial baixa.
 * Nothing here writes money by its own SQL: baixas are only read and referenced.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { STATEMENT_MESSAGES, VIEW_MAX_LINES, type OpenSettlement, type ReconciliationView, type StatementLine } from '../../src/contracts/bankStatements.js';
import { formatMoney } from '../../src/contracts/money.js';
import { bankStatementLines, payableInstallments, receivableInstallments } from '../../src/contracts/resources/index.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { HttpError } from '../errors.js';
import { notFound } from '../registry/records.js';
import type { Call, Trx, Values } from '../registry/storage.js';
import { realisedBalance } from './balances.js';
import { MATCH_WINDOW_DAYS, suggestMatches } from './reconciliationMatch.js';
import { ruleSuggestions } from './reconciliationRules.js';

interface LineRow {
  id: string;
  bank_account_id: string;
  fit_id: string;
  trn_type: string;
  posted_on: string;
  amount: string;
  check_number: string | null;
  memo: string | null;
  name: string | null;
  status: 'open' | 'reconciled';
  version: number;
  settlement_ids: string[] | string | null;
  match_line_ids: string[] | string | null;
}

const shiftDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const list = (value: string[] | string | null): string[] => (value === null ? [] : Array.isArray(value) ? value : (JSON.parse(value) as string[]));

async function accountOf(trx: Trx, orgId: string, id: string) {
  if (id.length > 64) throw notFound();
  const row = (await sql<{ id: string; name: string }>`SELECT id, name FROM bank_accounts WHERE org_id = ${orgId} AND id = ${id}`.execute(trx)).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function reconciliationView(trx: Trx, orgId: string, accountId: string, query: { from?: string; to?: string }, today: string): Promise<ReconciliationView> {
  await accountOf(trx, orgId, accountId);
  let { from, to } = query;
  if (!from || !to) {
    const last = (await sql<{ start_date: string | null; end_date: string | null }>`SELECT start_date::text, end_date::text FROM bank_statements
      WHERE org_id = ${orgId} AND bank_account_id = ${accountId} ORDER BY created_at DESC, id DESC LIMIT 1`.execute(trx)).rows[0];
    to ??= last?.end_date ?? today;
    from ??= last?.start_date ?? `${to.slice(0, 8)}01`;
  }
  if (from > to) throw new HttpError(400, STATEMENT_MESSAGES.period, { from: [STATEMENT_MESSAGES.period] });

  const lineRows = (
    await sql<LineRow>`SELECT l.id, l.bank_account_id, l.fit_id, l.trn_type, l.posted_on::text, l.amount::text, l.check_number, l.memo, l.name, l.status, l.version,
        (SELECT COALESCE(jsonb_agg(m.settlement_id ORDER BY m.settlement_id), '[]'::jsonb) FROM bank_statement_match_lines g JOIN bank_statement_match_settlements m ON m.match_id = g.match_id WHERE g.line_id = l.id) AS settlement_ids,
        (SELECT COALESCE(jsonb_agg(o.line_id ORDER BY o.line_id), '[]'::jsonb) FROM bank_statement_match_lines g JOIN bank_statement_match_lines o ON o.match_id = g.match_id WHERE g.line_id = l.id) AS match_line_ids
      FROM bank_statement_lines l WHERE l.org_id = ${orgId} AND l.bank_account_id = ${accountId} AND l.posted_on BETWEEN ${from} AND ${to}
      ORDER BY l.posted_on, l.posted_at, l.id LIMIT ${VIEW_MAX_LINES + 1}`.execute(trx)
  ).rows;
  const truncated = lineRows.length > VIEW_MAX_LINES;
  if (truncated) lineRows.length = VIEW_MAX_LINES;
  const lines: StatementLine[] = lineRows.map((r) => ({
    id: r.id, fitId: r.fit_id, type: r.trn_type, postedOn: r.posted_on, amount: Number(r.amount), checkNumber: r.check_number, memo: r.memo, name: r.name,
    status: r.status, version: Number(r.version), settlementIds: list(r.settlement_ids), matchLineIds: list(r.match_line_ids),
  }));
  const matched = lines.flatMap((l) => l.settlementIds);
  const settlementRows = (
    await sql<{ id: string; installment_id: string; direction: 'payable' | 'receivable'; paid_on: string; paid_total: string; description: string; document_number: string | null; reconciled: boolean }>`
      SELECT s.id, s.installment_id, i.direction, s.paid_on::text, s.paid_total::text, i.description, e.document_number,
        EXISTS (SELECT 1 FROM bank_statement_match_settlements m WHERE m.settlement_id = s.id) AS reconciled
      FROM installment_settlements s JOIN installments i ON i.id = s.installment_id LEFT JOIN finance_entries e ON e.id = i.entry_id
      WHERE s.org_id = ${orgId} AND s.bank_account_id = ${accountId} AND s.reversed_at IS NULL
        AND ((s.paid_on BETWEEN ${shiftDays(from, -MATCH_WINDOW_DAYS)} AND ${shiftDays(to, MATCH_WINDOW_DAYS)} AND NOT EXISTS (SELECT 1 FROM bank_statement_match_settlements m WHERE m.settlement_id = s.id))
          ${matched.length ? sql`OR s.id IN (${sql.join(matched)})` : sql``})
      ORDER BY s.paid_on, s.seq LIMIT 5000`.execute(trx)
  ).rows;
  const settlements: OpenSettlement[] = settlementRows.map((r) => ({
    id: r.id, installmentId: r.installment_id, direction: r.direction, paidOn: r.paid_on,
    amount: r.direction === 'receivable' ? Number(r.paid_total) : -Number(r.paid_total),
    description: r.description, documentNumber: r.document_number, reconciled: Boolean(r.reconciled),
  }));
  const suggestions = suggestMatches(lines.filter((l) => l.status === 'open'), settlements.filter((s) => !s.reconciled).map((s) => ({ id: s.id, paidOn: s.paidOn, amount: s.amount, documentNumber: s.documentNumber })));

  const ledger = (await sql<{ ledger_balance: string; ledger_balance_date: string }>`SELECT ledger_balance::text, ledger_balance_date::text FROM bank_statements
    WHERE org_id = ${orgId} AND bank_account_id = ${accountId} AND ledger_balance IS NOT NULL AND ledger_balance_date <= ${to}
    ORDER BY ledger_balance_date DESC, created_at DESC LIMIT 1`.execute(trx)).rows[0];
  const on = ledger?.ledger_balance_date ?? to;
  const system = Number((await sql<{ balance: string }>`SELECT ${realisedBalance(sql`${on}::date`)}::text AS balance FROM bank_accounts t WHERE t.id = ${accountId}`.execute(trx)).rows[0].balance);
  const statement = ledger ? Number(ledger.ledger_balance) : null;
  return { bankAccountId: accountId, from, to, lines, truncated, settlements, suggestions, ruleSuggestions: await ruleSuggestions(trx, orgId, lines), balance: { statement, statementDate: ledger?.ledger_balance_date ?? null, system, difference: statement === null ? null : statement - system } };
}

/** The line, locked (a second writer waits here). */
export async function lockLine(trx: Trx, orgId: string, lineId: string) {
  if (lineId.length > 64) throw new HttpError(404, STATEMENT_MESSAGES.lineNotFound);
  const line = (await sql<{ id: string; bank_account_id: string; amount: string; status: string; posted_on: string; memo: string | null; name: string | null; fit_id: string; check_number: string | null; version: number }>`
    SELECT id, bank_account_id, amount::text, status, posted_on::text, memo, name, fit_id, check_number, version FROM bank_statement_lines WHERE org_id = ${orgId} AND id = ${lineId} FOR UPDATE`.execute(trx)).rows[0];
  if (!line) throw new HttpError(404, STATEMENT_MESSAGES.lineNotFound);
  return line;
}

/**
 * The group's lines (already locked, in id order) through their own service's system transition
 * (`match` / `unmatch`), in this transaction and again in id order: status, who and when, a history
 * row (the baixas, and the group's lines, as its input) and an audit entry per line.
 */
async function transitionLines(trx: Trx, call: Call, accountId: string, lines: string[], name: 'match' | 'unmatch', input: Values): Promise<void> {
  const service = call.ctx.records(bankStatementLines.name);
  const asLines = { ...service.callFrom(call), parentId: accountId };
  const changed = await service.transitionWhere(trx, asLines, [sql`t.id IN (${sql.join(lines)})`], name, input, { system: true });
  // Locked above and checked: every line is in the transition's state.
  if (changed.length !== lines.length) throw new HttpError(409, name === 'match' ? STATEMENT_MESSAGES.lineTaken : STATEMENT_MESSAGES.lineOpen);
}

/** One line with its baixas (1:1, 1:N): the group of a single line. */
export async function matchLine(trx: Trx, call: Call, lineId: string, settlementIds: string[]): Promise<{ id: string; status: 'reconciled'; settlementIds: string[] }> {
  await lockLine(trx, call.orgId, lineId); // a missing line is a 404 of its own route
  const group = await matchGroup(trx, call, [lineId], settlementIds);
  return { id: lineId, status: 'reconciled', settlementIds: group.settlementIds };
}

interface LockedLine {
  id: string;
  bank_account_id: string;
  amount: string;
  status: string;
}

/**
 * A match group: one line ↔ one or more baixas, or several lines ↔ one baixa, whose signed sums are
 * equal to the centavo. Locks the lines in id order, then the baixas in id order, then inserts; the
 * primary keys of the members (a line, a baixa in one group only) are the last wall.
 */
export async function matchGroup(trx: Trx, call: Call, lineIds: string[], settlementIds: string[]): Promise<{ lineIds: string[]; status: 'reconciled'; settlementIds: string[] }> {
  const lines = [...new Set(lineIds)].sort();
  const ids = [...new Set(settlementIds)].sort();
  if (!lines.length) throw new HttpError(400, STATEMENT_MESSAGES.linesRequired, { lineIds: [STATEMENT_MESSAGES.linesRequired] });
  if (!ids.length) throw new HttpError(400, STATEMENT_MESSAGES.settlementsRequired, { settlementIds: [STATEMENT_MESSAGES.settlementsRequired] });
  if (lines.length > 1 && ids.length > 1) throw new HttpError(400, STATEMENT_MESSAGES.manyToMany, { lineIds: [STATEMENT_MESSAGES.manyToMany] });
  const locked = (await sql<LockedLine>`SELECT id, bank_account_id, amount::text, status FROM bank_statement_lines
    WHERE org_id = ${call.orgId} AND id IN (${sql.join(lines)}) ORDER BY id FOR UPDATE`.execute(trx)).rows;
  if (locked.length !== lines.length) throw new HttpError(400, STATEMENT_MESSAGES.linesNotFound, { lineIds: [STATEMENT_MESSAGES.linesNotFound] });
  const accountId = locked[0].bank_account_id;
  if (locked.some((l) => l.bank_account_id !== accountId)) throw new HttpError(400, STATEMENT_MESSAGES.otherAccounts, { lineIds: [STATEMENT_MESSAGES.otherAccounts] });
  if (locked.some((l) => l.status !== 'open')) throw new HttpError(409, lines.length > 1 ? STATEMENT_MESSAGES.lineTaken : STATEMENT_MESSAGES.lineReconciled);
  const found = (await sql<{ id: string; paid_total: string; direction: string }>`SELECT s.id, s.paid_total::text, i.direction FROM installment_settlements s JOIN installments i ON i.id = s.installment_id
    WHERE s.org_id = ${call.orgId} AND s.bank_account_id = ${accountId} AND s.reversed_at IS NULL AND s.id IN (${sql.join(ids)}) ORDER BY s.id FOR UPDATE OF s`.execute(trx)).rows;
  if (found.length !== ids.length) throw new HttpError(400, STATEMENT_MESSAGES.settlementNotFound, { settlementIds: [STATEMENT_MESSAGES.settlementNotFound] });
  const taken = await sql`SELECT 1 FROM bank_statement_match_settlements WHERE settlement_id IN (${sql.join(ids)})`.execute(trx);
  if (taken.rows.length) throw new HttpError(409, STATEMENT_MESSAGES.settlementTaken);
  const signed = found.map((s) => ({ id: s.id, amount: s.direction === 'receivable' ? Number(s.paid_total) : -Number(s.paid_total) }));
  const sum = signed.reduce((total, s) => total + s.amount, 0);
  const linesSum = locked.reduce((total, l) => total + Number(l.amount), 0);
  if (sum !== linesSum) {
    const message = lines.length > 1 ? STATEMENT_MESSAGES.linesSum(formatMoney(linesSum), formatMoney(sum), formatMoney(Math.abs(linesSum - sum))) : STATEMENT_MESSAGES.sum(formatMoney(linesSum), formatMoney(sum));
    throw new HttpError(400, message, { [lines.length > 1 ? 'lineIds' : 'settlementIds']: [message] });
  }
  const now = call.ctx.clock();
  const matchId = randomUUID();
  const oneSide = lines.length > 1 ? 'settlement' : 'line';
  await sql`INSERT INTO bank_statement_matches (id, org_id, bank_account_id, one_side, amount, created_at, created_by) VALUES (${matchId}, ${call.orgId}, ${accountId}, ${oneSide}, ${sum}, ${now}, ${call.userId})`.execute(trx);
  const insertedLines = await sql`INSERT INTO bank_statement_match_lines (line_id, match_id, org_id, one_side, amount)
    VALUES ${sql.join(locked.map((l) => sql`(${l.id}, ${matchId}, ${call.orgId}, ${oneSide}, ${Number(l.amount)})`))} ON CONFLICT DO NOTHING`.execute(trx);
  const insertedSettlements = await sql`INSERT INTO bank_statement_match_settlements (settlement_id, match_id, org_id, one_side, amount)
    VALUES ${sql.join(signed.map((s) => sql`(${s.id}, ${matchId}, ${call.orgId}, ${oneSide}, ${s.amount})`))} ON CONFLICT DO NOTHING`.execute(trx);
  if (Number(insertedLines.numAffectedRows ?? 0) !== locked.length) throw new HttpError(409, STATEMENT_MESSAGES.lineTaken);
  if (Number(insertedSettlements.numAffectedRows ?? 0) !== signed.length) throw new HttpError(409, STATEMENT_MESSAGES.settlementTaken);
  await transitionLines(trx, call, accountId, lines, 'match', { settlementIds: ids, ...(lines.length > 1 ? { lineIds: lines } : {}) });
  return { lineIds: lines, status: 'reconciled', settlementIds: ids };
}

/** Undo: the whole group of the line goes — every line of it open again, its baixas free, the baixas themselves untouched. */
export async function unmatchLine(trx: Trx, call: Call, lineId: string): Promise<{ id: string; status: 'open'; settlementIds: string[] }> {
  if (lineId.length > 64) throw new HttpError(404, STATEMENT_MESSAGES.lineNotFound);
  // The group's lines are locked in id order (as a confirm locks them), then the group read again under the locks.
  const groupLines = async () => (await sql<{ line_id: string; match_id: string }>`SELECT o.line_id, o.match_id FROM bank_statement_match_lines g
    JOIN bank_statement_match_lines o ON o.match_id = g.match_id WHERE g.line_id = ${lineId} AND g.org_id = ${call.orgId} ORDER BY o.line_id`.execute(trx)).rows;
  const seen = await groupLines();
  const lines = seen.length ? seen.map((r) => r.line_id) : [lineId];
  const locked = (await sql<{ id: string; status: string; bank_account_id: string }>`SELECT id, status, bank_account_id FROM bank_statement_lines WHERE org_id = ${call.orgId} AND id IN (${sql.join(lines)}) ORDER BY id FOR UPDATE`.execute(trx)).rows;
  if (!locked.some((l) => l.id === lineId)) throw new HttpError(404, STATEMENT_MESSAGES.lineNotFound);
  const group = await groupLines();
  if (!group.length) throw new HttpError(409, STATEMENT_MESSAGES.lineOpen);
  if (group.map((r) => r.line_id).join() !== lines.join()) throw new HttpError(409, STATEMENT_MESSAGES.lineOpen); // undone (and matched anew) meanwhile
  const matchId = group[0].match_id;
  const removed = await sql<{ settlement_id: string }>`SELECT settlement_id FROM bank_statement_match_settlements WHERE match_id = ${matchId} ORDER BY settlement_id`.execute(trx);
  await sql`DELETE FROM bank_statement_matches WHERE id = ${matchId} AND org_id = ${call.orgId}`.execute(trx);
  const ids = removed.rows.map((r) => r.settlement_id);
  await transitionLines(trx, call, locked[0].bank_account_id, lines, 'unmatch', { settlementIds: ids, ...(lines.length > 1 ? { lineIds: lines } : {}) });
  return { id: lineId, status: 'open', settlementIds: [] };
}

/** The parcelas' resource a line settles: a debit pays a parcela a pagar, a credit receives one a receber. */
export const installmentsFor = (amount: number) => (amount < 0 ? payableInstallments : receivableInstallments);
/** Permission and scope of the parcela's own baixa (what its route would ask). */
export function settlePermission(amount: number): { permission: string; scope: string } {
  const resource = installmentsFor(amount);
  const transition = findTransition(resource.workflow!, 'settle')!;
  return { permission: transition.permission ?? resource.permission, scope: transition.scope };
}

export async function settleFromLine(trx: Trx, call: Call, lineId: string, installmentId: string) {
  const line = await lockLine(trx, call.orgId, lineId);
  if (line.status !== 'open') throw new HttpError(409, STATEMENT_MESSAGES.lineReconciled);
  const amount = Number(line.amount);
  const resource = installmentsFor(amount);
  const direction = (await sql<{ direction: string }>`SELECT direction FROM installments WHERE org_id = ${call.orgId} AND id = ${installmentId.slice(0, 64)}`.execute(trx)).rows[0]?.direction;
  if (!direction) throw new HttpError(400, STATEMENT_MESSAGES.installment, { installmentId: [STATEMENT_MESSAGES.installment] });
  if (direction !== (amount < 0 ? 'payable' : 'receivable')) throw new HttpError(400, STATEMENT_MESSAGES.direction, { installmentId: [STATEMENT_MESSAGES.direction] });
  const parcelas = call.ctx.records(resource.name);
  const asParcelas = parcelas.callFrom(call);
  const parcela = await parcelas.get(trx, asParcelas, installmentId);
  const balance = Number(parcela.amount) - Number(parcela.paidAmount);
  const principal = Math.min(balance, Math.abs(amount));
  const extra = Math.abs(amount) - principal;
  const note = `Extrato bancário (${line.fit_id}${line.memo ? `: ${line.memo}` : ''}).`.slice(0, 500);
  await parcelas.runAction(trx, asParcelas, installmentId, 'settle', { paidOn: line.posted_on, amount: principal, ...(extra ? { interest: extra } : {}), bankAccountId: line.bank_account_id, note }, undefined);
  return matchLine(trx, call, line.id, [await lastSettlement(trx, call.orgId, installmentId)]);
}

/** The baixa a parcela's `settle` just wrote. */
export async function lastSettlement(trx: Trx, orgId: string, installmentId: string): Promise<string> {
  return (await sql<{ id: string }>`SELECT id FROM installment_settlements WHERE installment_id = ${installmentId} AND org_id = ${orgId} AND reversed_at IS NULL ORDER BY seq DESC LIMIT 1`.execute(trx)).rows[0].id;
}

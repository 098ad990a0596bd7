/**
 * "Criar lançamento quitado" from a statement line with no parcela behind it (a bank fee "TARIFA
 * PACOTE", a receipt nobody announced) — issue 25. In one transaction, through the finance
 * services only (no INSERT of ours): the line is locked first (a second request on the same line
 * waits, then finds it reconciled: 409); the lançamento is created by its own service (numbered,
 * validated, audited) with one parcela of the line's amount, due on the line's date (the next
 * business day when it falls on a weekend or holiday), paid "dinheiro / débito automático" from
 * the line's account, with the chosen category and cost centre; its parcela is settled by its own
 * `settle` transition dated as the line; the line is matched with that baixa (matchLine).
 *
 * Approval rules (SECURITY.md "approvals", DOMAIN "Approval queue") are not skipped:
 * - a lançamento a pagar is submitted through its own `submit`, whose approval plug routes it; when
 *   a queue of "lançamento a pagar" applies (amount, supplier… triggers) the request is refused
 *   (409, nothing is kept): the lançamento goes the normal way and the line settles its parcela
 *   once it is authorised (`settleFromLine`);
 * - its parcela is authorised through the payment's own plug (`authorize`, run as the system: the
 *   money already left — the bank's statement says so — so there is nothing for a second person to
 *   authorise *unless a payment queue applies*, in which case the request is refused the same way).
 *   The caller must hold what authorising asks (`paymentQueue` approve) besides creating payables.
 * So only amounts below every applicable queue's threshold (typically bank fees) are created settled.
 * A lançamento a receber has no approval: created and received at once.
 */
import type { CreateSettledInput } from '../../src/contracts/bankStatements.js';
import { STATEMENT_MESSAGES } from '../../src/contracts/bankStatements.js';
import { isBusinessDay, nextBusinessDay } from '../../src/contracts/brazil/businessDays.js';
import { formatMoney } from '../../src/contracts/money.js';
import { payables, receivables } from '../../src/contracts/resources/index.js';
import { sql } from 'kysely';
import { HttpError } from '../errors.js';
import type { Call, Trx } from '../registry/storage.js';
import { installmentsFor, lastSettlement, lockLine, matchLine } from './reconciliation.js';

const NO_PAYMENT_DATA = { boletoLine: null, pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };

/** The dialog's field of a lançamento's field (what a 400 names). */
const DIALOG_FIELDS: Readonly<Record<string, keyof CreateSettledInput>> = { supplierId: 'partyId', customerId: 'partyId', categoryId: 'categoryId', 'allocations.0.costCenterId': 'costCenterId' };

/** A 400 of the lançamento's create, on the dialog's fields, its first reason as its message (the screen's notice). */
function asDialogFields(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [DIALOG_FIELDS[field] ?? field, messages]));
  return new HttpError(400, Object.values(errors)[0]?.[0] ?? error.message, errors);
}

/** The lançamentos' declaration a line creates: a debit a payable, a credit a receivable. */
export const entriesFor = (amount: number) => (amount < 0 ? payables : receivables);

export async function createSettledFromLine(trx: Trx, call: Call, lineId: string, input: CreateSettledInput) {
  const line = await lockLine(trx, call.orgId, lineId);
  if (line.status !== 'open') throw new HttpError(409, STATEMENT_MESSAGES.lineReconciled);
  const amount = Number(line.amount);
  const value = Math.abs(amount);
  const payable = amount < 0;
  const entries = call.ctx.records(entriesFor(amount).name);
  const asEntries = entries.callFrom(call);
  const [year, month] = line.posted_on.split('-');
  const note = STATEMENT_MESSAGES.createdNote(line.fit_id);
  // The party, category and cost centre are the person's choice (active ones, or a 400 on the
  // dialog's field); the account is the line's, which may have been closed since.
  const entry = await entries.create(trx, asEntries, {
    [payable ? 'supplierId' : 'customerId']: input.partyId,
    categoryId: input.categoryId,
    ...(payable ? { requesterId: null, orderId: null, recurrence: null, recurrenceUntil: null } : {}),
    documentType: 'other',
    documentNumber: line.check_number,
    issueDate: line.posted_on,
    competence: `${month}/${year}`,
    description: (input.description || line.memo || line.name || line.fit_id).slice(0, 240),
    total: value,
    bankAccountId: line.bank_account_id,
    companyId: null,
    paymentCondition: null,
    documentFileId: null,
    notes: note,
    allocations: [{ costCenterId: input.costCenterId, percent: 10000, amount: value }],
    installments: [{ number: 1, dueDate: isBusinessDay(line.posted_on) ? line.posted_on : nextBusinessDay(line.posted_on), amount: value, paymentMethod: 'cash', ...NO_PAYMENT_DATA }],
  }, {}, { chosenByPerson: { before: { bankAccountId: line.bank_account_id } } }).catch((error: unknown) => {
    throw asDialogFields(error);
  });
  const parcelas = call.ctx.records(installmentsFor(amount).name);
  const asParcelas = parcelas.callFrom(call);
  const parcelaId = (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${entry.id} AND org_id = ${call.orgId}`.execute(trx)).rows[0].id;
  if (payable) {
    const submitted = await entries.runAction(trx, asEntries, entry.id, 'submit', {}, undefined);
    if (submitted.status !== 'approved') throw new HttpError(409, STATEMENT_MESSAGES.entryApproval(formatMoney(value)));
    const authorized = await parcelas.runAction(trx, asParcelas, parcelaId, 'authorize', {}, undefined, { system: true });
    if (authorized.status !== 'authorized') throw new HttpError(409, STATEMENT_MESSAGES.paymentApproval(formatMoney(value)));
  }
  await parcelas.runAction(trx, asParcelas, parcelaId, 'settle', { paidOn: line.posted_on, amount: value, bankAccountId: line.bank_account_id, note }, undefined);
  const matched = await matchLine(trx, call, line.id, [await lastSettlement(trx, call.orgId, parcelaId)]);
  return { ...matched, entryId: entry.id, entryNumber: Number(entry.number) };
}

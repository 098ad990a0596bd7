/**
 * Storage of the lançamentos (`finance_entries`) and their parcelas (`installments`) — issue 8.
 *
 * A lançamento writes its parcelas and rateio as keyed lines (registry children); after every
 * write the parcelas get the lançamento's supplier/customer, category, requester and description
 * copied (the queues filter on them without joins) and the creator (nobody authorises what they
 * entered). When a lançamento a pagar reaches `approved` (its queue approved it, or none applied)
 * its open parcelas are released — to the requester's atesto or straight to the payment queue —
 * and cancelling it cancels them (refused once one is authorised or paid), each parcela through
 * its own service and system transition (`release`, `cancel`: its history, audit and approval plug).
 *
 * A parcela's baixa (settle) and estorno (reverse) are workflow transitions with hooks: the row is
 * locked by the transition (FOR UPDATE) before the balance is read, the baixa is refused above the
 * open balance (400 on `amount`), an estorno twice is a 409; the lançamento follows (quitado when
 * every parcela is settled, back to aprovado/aberto on an estorno) through its own system
 * transitions.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { payableInstallments, payables, receivableInstallments, receivables } from '../../src/contracts/resources/index.js';

import { entryIssues } from '../../src/contracts/resources/parts/financeEntry.js';
import { SETTLEMENT_MESSAGES } from '../../src/contracts/resources/installments.js';
import type { AnyResource } from '../../src/contracts/resource.js';
import { findTransition, LIVE_PHASES } from '../../src/contracts/workflow.js';
import { formatMoney } from '../../src/contracts/money.js';
import { fieldError, HttpError, MESSAGES } from '../errors.js';
import { sameValue } from '../registry/compare.js';
import { declaredStorage } from '../registry/declared.js';
import { inPhases } from '../registry/phases.js';
import type { Call, ResourceStorage, TransitionHook, Trx, WireRecord } from '../registry/storage.js';
import { createSuccessor, requirePaymentData } from './recurrence.js';
import { receiptDataIssues } from '../../src/contracts/resources/parts/paymentData.js';
import type { ReceiptItem } from '../../src/contracts/resources/parts/receiptDataFields.js';
import { checkReceivingAccounts } from './receipts.js';

type Direction = 'payable' | 'receivable';

/** Transitions that write or undo a baixa: the lançamento is locked first and follows afterwards. */
const SETTLING = new Set(['settle', 'settleRemitted', 'reverse']);

export const FINANCE_MESSAGES = {
  cancelPaid: 'Não é possível cancelar: há parcelas autorizadas, em remessa ou com baixa. Estorne as baixas ou devolva as parcelas à fila antes.',
  bankAccount: 'Conta financeira não encontrada.',
  direct: 'Parcelas são criadas e excluídas pelo lançamento.',
  noDelete: 'Lançamentos não são excluídos: use "Cancelar lançamento", com o motivo.',
} as const;


/** The rateio's cost centres of a lançamento (filters `costCenterIds` with `&&`). */
const RECEIPT_FIELDS = ['paymentMethod', 'bankAccountId', 'ourNumber', 'boletoLine', 'pixKeyType', 'pixKey'] as const;
/** Whether a parcela's receipt data differ from what it had (nothing before: a new one). */
const receiptChanged = (item: Record<string, unknown>, before: Record<string, unknown> | undefined) =>
  !before || RECEIPT_FIELDS.some((field) => (item[field] ?? null) !== (before[field] ?? null));
/**
 * A receivable's parcelas whose receipt data are new or changed — each receiving account must be
 * able to receive what its line says (receipts.ts). Unchanged lines are left alone: a transition
 * of the lançamento (its receipt settling it) never fails on an account deactivated since.
 */
function receivingLines(values: Record<string, unknown>, before?: WireRecord) {
  const items = Array.isArray(values.installments) ? (values.installments as (ReceiptItem & { id?: string })[]) : [];
  const old = new Map((Array.isArray(before?.installments) ? (before.installments as { id: string }[]) : []).map((line) => [line.id, line as Record<string, unknown>]));
  return items.flatMap((item, index) => (receiptChanged(item as Record<string, unknown>, item.id ? old.get(item.id) : undefined) ? [{ prefix: `installments.${index}.`, item }] : []));
}

export const costCentersOf = (entryId: RawBuilder<unknown>) =>
  sql`(SELECT COALESCE(array_agg(a.cost_center_id ORDER BY a.position), '{}') FROM finance_entry_allocations a WHERE a.entry_id = ${entryId})`;

const INSTALLMENTS: Readonly<Record<Direction, AnyResource>> = { payable: payableInstallments, receivable: receivableInstallments };
/** The parcelas' service of a lançamento's direction. */
const installmentsOf = (call: Call, direction: Direction) => call.ctx.records(INSTALLMENTS[direction].name);
/** What the lançamento's parcelas still owe (cancelled ones owe nothing). */
const openBalanceOfEntry = (direction: Direction) =>
  sql`(SELECT COALESCE(sum(i.amount - i.paid_amount), 0) FROM installments i WHERE i.entry_id = t.id AND NOT ${inPhases(sql.ref('i.status'), INSTALLMENTS[direction].workflow!, ['void'])})`;

function entryStorage(resource: AnyResource, direction: Direction, party: 'supplierId' | 'customerId'): ResourceStorage {
  return declaredStorage(resource, 'finance_entries', {
    filter: { direction },
    columns: { [party]: 'party_id', categoryId: 'category_id' },
    computed: { openBalance: openBalanceOfEntry(direction), costCenterIds: costCentersOf(sql`t.id`) },
    children: {
      allocations: { table: 'finance_entry_allocations', own: 'entry_id' },
      // A parcela is born in its service's view (its direction) with its lançamento's creator (nobody
      // authorises what they entered) and, when its line names none, its lançamento's account.
      installments: { table: 'installments', own: 'entry_id', inherit: { direction: 'direction', created_by: 'created_by', bank_account_id: 'bank_account_id' } },
    },
    validate: (values) => entryIssues(values),
    ...(direction === 'receivable'
      ? {
          beforeCreate: async (trx: Trx, call: Call, values: Record<string, unknown>) => void (await checkReceivingAccounts(trx, call, receivingLines(values))),
          beforeUpdate: async (trx: Trx, call: Call, values: Record<string, unknown>, before: WireRecord) => void (await checkReceivingAccounts(trx, call, receivingLines(values, before))),
        }
      : {}),
    async beforeDelete() {
      throw new HttpError(409, FINANCE_MESSAGES.noDelete);
    },
    async afterCreate(trx, call, record) {
      await syncInstallments(trx, call, record, direction, party);
    },
    async afterUpdate(trx, call, record) {
      await syncInstallments(trx, call, record, direction, party);
    },
    transitions: {
      // A recurring copy waits for the period's boleto: nothing goes to approval without payment data.
      ...(direction === 'payable' ? { submit: async (_trx: Trx, call: Call, before: WireRecord) => requirePaymentData(call, before) } : {}),
      async cancel(trx, call, before, input) {
        // The parcelas are locked before they are judged: an authorisation or a baixa running now
        // either commits first (and the cancel is refused) or waits for the cancel.
        const parcelas = await sql<{ id: string; status: string; paid_amount: string }>`SELECT id, status, paid_amount::text FROM installments
          WHERE entry_id = ${before.id} AND org_id = ${call.orgId} ORDER BY id FOR UPDATE`.execute(trx);
        const cancellable = new Set(findTransition(installmentsOf(call, direction).workflow!, 'cancel')!.from);
        if (parcelas.rows.some((p) => (!cancellable.has(p.status) && p.status !== 'cancelled') || Number(p.paid_amount) > 0)) throw new HttpError(409, FINANCE_MESSAGES.cancelPaid);
        // Each parcela through its own service: its history, its audit, and a payment waiting in its approval queue leaves it.
        const parcelas$ = installmentsOf(call, direction);
        await parcelas$.transitionWhere(trx, parcelas$.callFrom(call), [sql`t.entry_id = ${before.id}`], 'cancel', { reason: input.reason }, { system: true });
      },
    },
    async afterTransition(trx, call, record, _transition, from) {
      if (direction === 'payable' && record.status === 'approved' && from !== 'approved' && from !== 'settled') {
        const parcelas = installmentsOf(call, direction);
        await parcelas.transitionWhere(trx, parcelas.callFrom(call), [sql`t.entry_id = ${record.id}`], 'release', { note: `Lançamento nº ${record.number} aprovado.` }, { system: true });
        await createSuccessor(trx, call, call.ctx.records(payables.name), record);
      }
    },
  });
}

/**
 * The lançamento's own values followed by its parcelas, through their service (`updateWhere`):
 * counterparty, category, requester and description (read-only on the parcela: one statement for
 * all, one audit entry each) and the lançamento's account where a parcela names none (payment
 * data: the parcela's own update path — its locks, and the approval plug restarting or marking an
 * approval under way). Parcelas already holding the values are left alone.
 */
async function syncInstallments(trx: Trx, call: Call, entry: WireRecord, direction: Direction, party: 'supplierId' | 'customerId'): Promise<void> {
  const parcelas = installmentsOf(call, direction);
  const count = Array.isArray(entry.installments) ? entry.installments.length : 0;
  const declares = (field: string) => field in parcelas.resource.fields;
  await parcelas.updateWhere(trx, parcelas.callFrom(call), [sql`t.entry_id = ${entry.id}`], (parcela) => ({
    [party]: entry[party],
    categoryId: entry.categoryId,
    ...(declares('requesterId') ? { requesterId: entry.requesterId ?? null } : {}),
    description: `${String(entry.description)} — ${String(parcela.number)}/${count}`,
    bankAccountId: parcela.bankAccountId ?? entry.bankAccountId ?? null,
  }), 'follow');
}

// ---------------------------------------------------------------- parcelas

interface SettleInput {
  paidOn: string;
  amount: number;
  interest?: number;
  fine?: number;
  discount?: number;
  bankAccountId: string;
  note?: string;
}

function installmentStorage(resource: AnyResource, direction: Direction, party: 'supplierId' | 'customerId', entries: AnyResource): ResourceStorage {
  const settledState = direction === 'payable' ? 'paid' : 'received';
  const openState = direction === 'payable' ? 'authorized' : 'open';
  /** A baixa (manual, or the bank's from a retorno): within the open balance, on an account of the tenant. */
  const settleHook: TransitionHook = async (trx, call, before, input) => {
    const baixa = input as unknown as SettleInput;
    const balance = Number(before.amount) - Number(before.paidAmount);
    if (baixa.amount > balance) throw fieldError('amount', SETTLEMENT_MESSAGES.tooMuch(formatMoney(baixa.amount), formatMoney(balance)));
    const interest = baixa.interest ?? 0;
    const fine = baixa.fine ?? 0;
    const discount = baixa.discount ?? 0;
    if (discount > baixa.amount + interest + fine) throw fieldError('discount', SETTLEMENT_MESSAGES.discountTooLarge);
    const account = await sql`SELECT 1 FROM bank_accounts WHERE org_id = ${call.orgId} AND id = ${baixa.bankAccountId}`.execute(trx);
    if (!account.rows.length) throw fieldError('bankAccountId', FINANCE_MESSAGES.bankAccount);
    await sql`INSERT INTO installment_settlements (id, org_id, installment_id, paid_on, amount, interest, fine, discount, paid_total, bank_account_id, note, created_at, created_by)
      VALUES (${randomUUID()}, ${call.orgId}, ${before.id}, ${baixa.paidOn}, ${baixa.amount}, ${interest}, ${fine}, ${discount}, ${baixa.amount + interest + fine - discount},
        ${baixa.bankAccountId}, ${baixa.note ?? null}, ${call.ctx.clock()}, ${call.userId})`.execute(trx);
    const paid = Number(before.paidAmount) + baixa.amount;
    return { values: { paidAmount: paid, lastPaidOn: baixa.paidOn }, to: paid === Number(before.amount) ? settledState : openState };
  };
  return declaredStorage(resource, 'installments', {
    filter: { direction },
    columns: { [party]: 'party_id' },
    computed: {
      openBalance: sql`t.amount - t.paid_amount`,
      costCenterIds: costCentersOf(sql`t.entry_id`),
      isOverdue: sql`(t.due_date < (now() AT TIME ZONE 'America/Sao_Paulo')::date AND ${inPhases(sql.ref('t.status'), resource.workflow!, LIVE_PHASES)})`,
      settlements: sql`COALESCE((SELECT jsonb_agg(jsonb_build_object('id', s.id, 'paidOn', s.paid_on, 'amount', s.amount, 'interest', s.interest, 'fine', s.fine,
        'discount', s.discount, 'paidTotal', s.paid_total, 'bankAccountId', s.bank_account_id, 'note', s.note, 'reversed', s.reversed_at IS NOT NULL,
        'reversalReason', s.reversal_reason) ORDER BY s.seq) FROM installment_settlements s WHERE s.installment_id = t.id), '[]'::jsonb)`,
    },
    async beforeCreate() {
      throw new HttpError(405, FINANCE_MESSAGES.direct);
    },
    // A parcela a receber edited on its own: the same receipt-data rule as its lançamento's line
    // (against its own amount and due date), and an account that can receive it.
    ...(direction === 'receivable'
      ? {
          async beforeUpdate(trx: Trx, call: Call, values: Record<string, unknown>, before: WireRecord) {
            // A receipt, an estorno or a cancel leaves the receipt data as they were: nothing to judge again.
            if (!receiptChanged(values, before)) return;
            const item = { ...(values as ReceiptItem), amount: Number(before.amount), dueDate: String(before.dueDate) };
            const errors: Record<string, string[]> = {};
            for (const issue of receiptDataIssues(item)) (errors[issue.path] ??= []).push(issue.message);
            if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
            await checkReceivingAccounts(trx, call, [{ prefix: '', item }]);
          },
        }
      : {}),
    ...(direction === 'payable'
      ? { beforeUpdate: async (trx: Trx, call: Call, values: Record<string, unknown>, before: WireRecord) => void (await throughEntryWhileApproving(trx, call, resource, entries, values, before)) }
      : {}),
    // A baixa or an estorno goes on to settle or reopen the lançamento, which a cancel locks before its
    // parcelas; so does a parcela's own edit (it may restart the lançamento's approval).
    async lockFirst(trx, call, id, action) {
      if (!SETTLING.has(action) && action !== 'update') return;
      await sql`SELECT e.id FROM finance_entries e JOIN installments i ON i.entry_id = e.id WHERE i.id = ${id.slice(0, 64)} AND i.org_id = ${call.orgId} AND e.org_id = ${call.orgId} FOR UPDATE OF e`.execute(trx);
    },
    transitions: {
      // Approved lançamento: to the requester's atesto when one was named, else straight to the payment queue.
      ...(direction === 'payable' ? { release: async (_trx: Trx, _call: Call, before: WireRecord) => ({ to: before.requesterId ? 'awaiting_requester' : 'queued' }) } : {}),
      settle: settleHook,
      // The retorno's baixa (server/finance/remittances): the same rules as a manual one.
      settleRemitted: settleHook,
      async reverse(trx, call, before, input) {
        const found = await sql<{ amount: string; reversed_at: unknown }>`SELECT amount::text, reversed_at FROM installment_settlements
          WHERE id = ${String(input.settlementId)} AND installment_id = ${before.id} AND org_id = ${call.orgId} FOR UPDATE`.execute(trx);
        const settlement = found.rows[0];
        if (!settlement) throw fieldError('settlementId', SETTLEMENT_MESSAGES.notFound);
        if (settlement.reversed_at) throw new HttpError(409, SETTLEMENT_MESSAGES.alreadyReversed);
        // The statement says the money moved: the match goes first (the baixa's row lock keeps a new match out meanwhile).
        const matched = await sql`SELECT 1 FROM bank_statement_match_settlements WHERE settlement_id = ${String(input.settlementId)} AND org_id = ${call.orgId}`.execute(trx);
        if (matched.rows.length) throw new HttpError(409, SETTLEMENT_MESSAGES.reconciled);
        await sql`UPDATE installment_settlements SET reversed_at = ${call.ctx.clock()}, reversed_by = ${call.userId}, reversal_reason = ${String(input.reason)}
          WHERE id = ${String(input.settlementId)}`.execute(trx);
        const last = await sql<{ last: string | null }>`SELECT max(paid_on)::text AS last FROM installment_settlements WHERE installment_id = ${before.id} AND reversed_at IS NULL`.execute(trx);
        return { values: { paidAmount: Number(before.paidAmount) - Number(settlement.amount), lastPaidOn: last.rows[0]?.last ?? null }, to: openState, recorded: { amount: Number(settlement.amount) } };
      },
    },
    async afterTransition(trx, call, record, transition, from) {
      if (!SETTLING.has(transition)) return;
      await followEntry(trx, call, resource, entries, String(record.entryId), record.status === settledState || from === settledState);
    },
  });
}

/**
 * A payable parcela's payment data changed on their own (PUT payable-installments/{id}) while its
 * lançamento waits in its approval queue: the approvers are looking at the lançamento's lines, so
 * the change is made through the lançamento's own update — its approval plug voids the running
 * flow and routes it again (the one who changed it may not decide), its history and audit show the
 * lines before → after — exactly as if it had been made there. Without this the approver approved
 * the old data and the parcela went to the payment queue with the new ones, unseen.
 */
async function throughEntryWhileApproving(trx: Trx, call: Call, installments: AnyResource, entries: AnyResource, values: Record<string, unknown>, before: WireRecord): Promise<void> {
  const watched = installments.workflow?.approval?.watched ?? [];
  const entryPlug = entries.workflow?.approval;
  const line = entries.fields.installments;
  if (!entryPlug || line?.type !== 'list') return;
  const changed = watched.filter((field) => field in line.of && !sameValue(values[field], before[field]));
  if (!changed.length) return;
  const service = call.ctx.records(entries.name);
  const inner = service.callFrom(call);
  const entry = await service.get(trx, inner, String(before.entryId));
  if (!entryPlug.restartFrom.includes(String(entry[entries.workflow!.field]))) return;
  const itemFields = ['id', ...Object.keys(line.of)];
  const writable: Record<string, unknown> = Object.fromEntries(Object.entries(entries.fields).filter(([, def]) => !def.readOnly).map(([field]) => [field, entry[field]]));
  writable.installments = (entry.installments as Record<string, unknown>[]).map((item) => {
    const kept = Object.fromEntries(itemFields.filter((field) => field in item).map((field) => [field, item[field]]));
    return item.id === before.id ? { ...kept, ...Object.fromEntries(changed.map((field) => [field, values[field] ?? null])) } : kept;
  });
  await service.update(trx, inner, entry.id, writable, undefined);
}

/** The lançamento follows its parcelas: quitado when every live one is settled, reopened when one is not any more. */
async function followEntry(trx: Trx, call: Call, installments: AnyResource, entries: AnyResource, entryId: string, changed: boolean): Promise<void> {
  if (!changed) return;
  const live = inPhases(sql.ref('i.status'), installments.workflow!, LIVE_PHASES);
  const state = await sql<{ status: string; pending: string }>`SELECT e.status, (SELECT count(*) FROM installments i WHERE i.entry_id = e.id AND ${live})::text AS pending
    FROM finance_entries e WHERE e.id = ${entryId} AND e.org_id = ${call.orgId} FOR UPDATE`.execute(trx);
  const row = state.rows[0];
  if (!row) return;
  const service = call.ctx.records(entries.name);
  if (Number(row.pending) === 0 && row.status !== 'settled') await service.runAction(trx, service.callFrom(call), entryId, 'settle', {}, undefined, { system: true });
  else if (Number(row.pending) > 0 && row.status === 'settled') await service.runAction(trx, service.callFrom(call), entryId, 'reopen', {}, undefined, { system: true });
}

/** The finance family's lançamentos and parcelas (the approval plugs are declared: registry/families.ts). */
export const entryStorages = {
  payables: entryStorage(payables, 'payable', 'supplierId'),
  receivables: entryStorage(receivables, 'receivable', 'customerId'),
  payableInstallments: installmentStorage(payableInstallments, 'payable', 'supplierId', payables),
  receivableInstallments: installmentStorage(receivableInstallments, 'receivable', 'customerId', receivables),
};

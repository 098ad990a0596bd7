/**
 * Parcelas (/contas-a-pagar/parcelamentos, /contas-a-receber/parcelamentos, and the queues):
 * DOMAIN "Parcela a pagar" and "Parcela a receber". A parcela is born as a line of its lançamento
 * (payables.ts: number, due date, amount and payment data are edited there while it is open) and
 * lives on here through the payment queue. Supplier, category and requester are the lançamento's,
 * copied on every write of it so the queues filter without joins.
 *
 * A pagar: aberta → (lançamento aprovado) aguardando solicitante (a requester was named:
 * confirm "atesto" or contest with a reason, in bulk) → na fila de pagamento → autorizada
 * (treasury, in bulk; never by whoever entered the lançamento — when an approval queue of
 * "Pagamentos" applies, authorising sends the parcela to it: em aprovação → autorizada when its
 * stages approve (N of M, never by who entered it) | pagamento reprovado, with the reason, from
 * which treasury may send it again) → [em remessa (system `remit`, by a remessa) → paga
 * (`settleRemitted`: the retorno's baixa) | rejeitada pelo banco or remessa cancelada (`unremit`, with
 * the reason) → autorizada] | baixa manual from autorizada: a partial baixa keeps it
 * autorizada with the rest open, the last one makes it paga; interest, fine and discount on each
 * baixa; an estorno (with the reason) restores the balance. Money-moving actions honour
 * `Idempotency-Key`.
 * A receber: aberta → recebida ("Receber": data do recebimento, valor recebido; partial receipts keep
 * it aberta) | cancelada (with its lançamento). Its receipt data say how the customer pays us (our
 * receiving account, our PIX key, our boleto: parts/receiptDataFields.ts), never a payee's.
 */
import type * as z from 'zod/mini';
import type { RuleKit } from '../validation/rules';
import { defineResource } from '../define';
import { saoPauloToday } from '../today';
import { boolean, date, enumOf, integer, list, money, reference, text } from '../fields';
import { defineWorkflow, reasonInput, reasonRule, stateLabels } from '../workflow';
import { COST_CENTERS_OF_ENTRY, FINANCE_QUEUE_LISTS } from './parts/financeEntry';
import { paymentDataFields } from './parts/paymentDataFields';
import { receiptDataFields } from './parts/receiptDataFields';
import { REMITTANCE_OUTCOME_LABELS, REMITTANCE_OUTCOMES } from './parts/remittanceOutcomes';
import { withDef } from '../fields/field';

export const PAYABLE_INSTALLMENT_STATES = ['open', 'awaiting_requester', 'contested', 'queued', 'awaiting_approval', 'payment_rejected', 'authorized', 'in_remittance', 'paid', 'cancelled'] as const;
export type PayableInstallmentState = (typeof PAYABLE_INSTALLMENT_STATES)[number];
export const RECEIVABLE_INSTALLMENT_STATES = ['open', 'received', 'cancelled'] as const;
export type ReceivableInstallmentState = (typeof RECEIVABLE_INSTALLMENT_STATES)[number];

export const SETTLEMENT_MESSAGES = {
  amount: 'Informe um valor maior que zero.',
  tooMuch: (amount: string, balance: string) => `A baixa (${amount}) é maior que o saldo em aberto (${balance}).`,
  discountTooLarge: 'O desconto não pode ser maior que o valor pago com juros e multa.',
  notFound: 'Baixa não encontrada nesta parcela.',
  alreadyReversed: 'Esta baixa já foi estornada.',
  reconciled: 'Esta baixa está conciliada com o extrato: desfaça a conciliação antes de estorná-la.',
  nothingToReverse: 'Não há baixa a estornar nesta parcela.',
  selfAuthorize: 'Quem lançou a conta não pode autorizar o seu pagamento.',
  futurePaidOn: 'A data da baixa não pode ser depois de hoje.',
  noBankAnswer: 'Só uma parcela de remessa processada que o banco ainda não respondeu (ou respondeu com uma ocorrência desconhecida ou só um agendamento) é resolvida à mão: aguarde o retorno ou cancele a remessa.',
  bankAnswerBusy: 'Um retorno do banco está sendo aplicado a esta parcela agora. Tente de novo em instantes.',
} as const;

const nonNegative = ({ z, money }: RuleKit, message: string) => money().check(z.minimum(0, message));

/**
 * A baixa: payment date, principal settled, interest, fine and discount, and the account it left from.
 * The date is when the money moved: never after today in São Paulo (a future one would count as
 * realised in the balances and the cash flow before it happened).
 */
export const settleInput = (kit: RuleKit) => {
  const { z } = kit;
  return z.object({
    paidOn: kit.date().check(z.refine((day: string) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || day <= saoPauloToday(), SETTLEMENT_MESSAGES.futurePaidOn)),
    amount: kit.money().check(z.minimum(1, SETTLEMENT_MESSAGES.amount)),
    interest: z.optional(nonNegative(kit, 'Os juros não podem ser negativos.')),
    fine: z.optional(nonNegative(kit, 'A multa não pode ser negativa.')),
    discount: z.optional(nonNegative(kit, 'O desconto não pode ser negativo.')),
    bankAccountId: z.string().check(z.minLength(1, 'Escolha a conta financeira.'), z.maxLength(64)),
    note: z.optional(z.string().check(z.maxLength(500, 'Use no máximo 500 caracteres.'))),
  });
};

/** An estorno: which baixa, and why. */
export const reverseInput = ({ z }: RuleKit) =>
  z.object({
    settlementId: z.string().check(z.minLength(1, 'Escolha a baixa a estornar.'), z.maxLength(64)),
    reason: reasonRule({ z }),
  });

export const payableInstallmentWorkflow = defineWorkflow<PayableInstallmentState>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Aberta', tone: 'neutral', phase: 'draft' },
    awaiting_requester: { label: 'Aguardando solicitante', tone: 'warning', phase: 'open' },
    contested: { label: 'Contestada', tone: 'danger', phase: 'open' },
    queued: { label: 'Na fila de pagamento', tone: 'info', phase: 'open' },
    awaiting_approval: { label: 'Em aprovação', tone: 'warning', phase: 'open' },
    payment_rejected: { label: 'Pagamento reprovado', tone: 'danger', phase: 'open' },
    authorized: { label: 'Autorizada', tone: 'success', phase: 'open', locked: 'all' },
    in_remittance: { label: 'Em remessa', tone: 'info', phase: 'open', locked: 'all' },
    paid: { label: 'Paga', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelada', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'attest', label: 'Confirmar recebimento', verb: 'confirmar o recebimento de', from: ['awaiting_requester'], to: 'queued', scope: 'create', permission: 'requesterQueue', actorField: 'requesterId', bulk: true, tone: 'primary' },
    { name: 'contest', label: 'Contestar', verb: 'contestar', from: ['awaiting_requester'], to: 'contested', scope: 'create', permission: 'requesterQueue', actorField: 'requesterId', input: reasonInput, bulk: true, tone: 'danger' },
    // The lançamento's own cascades (its approval releases its parcelas, its cancel cancels them).
    { name: 'release', label: 'Liberar para pagamento', verb: 'liberar', from: ['open'], to: 'queued', scope: 'update', system: true },
    { name: 'cancel', label: 'Cancelar parcela', verb: 'cancelar', from: ['open', 'awaiting_requester', 'contested', 'queued', 'awaiting_approval', 'payment_rejected'], to: 'cancelled', scope: 'update', input: reasonInput, system: true },
    { name: 'resendToRequester', label: 'Reenviar ao solicitante', verb: 'reenviar ao solicitante', from: ['contested'], to: 'awaiting_requester', scope: 'update', confirm: 'Reenviar esta parcela para o atesto do solicitante?' },
    {
      name: 'authorize', label: 'Autorizar pagamento', verb: 'autorizar o pagamento de', from: ['queued', 'payment_rejected'], to: 'awaiting_approval', scope: 'approve', permission: 'paymentQueue',
      notActor: { field: 'createdBy', message: SETTLEMENT_MESSAGES.selfAuthorize }, bulk: true, idempotent: true, tone: 'primary',
    },
    { name: 'approvePayment', label: 'Aprovar pagamento', verb: 'aprovar o pagamento de', from: ['awaiting_approval'], to: 'authorized', scope: 'approve', permission: 'paymentQueue', system: true },
    { name: 'rejectPayment', label: 'Reprovar pagamento', verb: 'reprovar o pagamento de', from: ['awaiting_approval'], to: 'payment_rejected', scope: 'approve', permission: 'paymentQueue', input: reasonInput, system: true },
    { name: 'unauthorize', label: 'Devolver à fila', verb: 'devolver à fila', from: ['authorized', 'payment_rejected'], to: 'queued', scope: 'approve', permission: 'paymentQueue', confirm: 'Retirar a autorização e devolver a parcela à fila?' },
    { name: 'settle', label: 'Dar baixa', verb: 'dar baixa em', from: ['authorized'], to: 'paid', scope: 'update', permission: 'paymentQueue', input: settleInput, inputFrom: { amount: 'openBalance' }, idempotent: true, tone: 'primary' },
    // The remessa's own cascades (server/finance/remittances): into a file, back out of it (cancelled, or
    // rejected by the bank with the reason), and the bank's baixa from its retorno (the same hook as `settle`).
    { name: 'remit', label: 'Incluir em remessa', verb: 'incluir em remessa', from: ['authorized'], to: 'in_remittance', scope: 'update', permission: 'paymentQueue', system: true },
    { name: 'unremit', label: 'Retirar da remessa', verb: 'retirar da remessa', from: ['in_remittance'], to: 'authorized', scope: 'update', permission: 'paymentQueue', input: reasonInput, system: true },
    { name: 'settleRemitted', label: 'Baixa pelo retorno do banco', verb: 'dar baixa pelo retorno em', from: ['in_remittance'], to: 'paid', scope: 'update', permission: 'paymentQueue', input: settleInput, system: true },
    // A payment of a processada remessa the bank left without a clear answer, resolved by a person who
    // confirmed it with the bank (server/finance/remittances/answers.ts): paid (a baixa), or not paid
    // (back to autorizada). A later retorno that says otherwise is shown as a conflict, never applied over it.
    {
      name: 'confirmPaid', label: 'Pago (confirmado com o banco)', verb: 'confirmar o pagamento de', from: ['in_remittance'], to: 'paid', scope: 'update', permission: 'paymentQueue',
      input: settleInput, inputFrom: { amount: 'openBalance' }, requires: { field: 'bankAnswerMissing', message: SETTLEMENT_MESSAGES.noBankAnswer }, idempotent: true, tone: 'primary',
    },
    {
      name: 'confirmUnpaid', label: 'Não pago (confirmado com o banco)', verb: 'confirmar que não foi pago', from: ['in_remittance'], to: 'authorized', scope: 'update', permission: 'paymentQueue',
      input: reasonInput, requires: { field: 'bankAnswerMissing', message: SETTLEMENT_MESSAGES.noBankAnswer }, tone: 'danger',
      confirm: 'Confirme com o banco que este pagamento não foi feito nem agendado: a parcela volta para autorizadas e pode entrar em outra remessa.',
    },
    { name: 'reverse', label: 'Estornar baixa', verb: 'estornar uma baixa de', from: ['authorized', 'paid'], to: 'authorized', scope: 'update', permission: 'paymentQueue', input: reverseInput, requires: { field: 'paidAmount', message: SETTLEMENT_MESSAGES.nothingToReverse }, idempotent: true, tone: 'danger' },
  ],
  // Authorising goes through the approval service (queues of "Pagamentos"); none applies → authorised at once.
  approval: {
    submit: 'authorize',
    approve: 'approvePayment',
    reject: 'rejectPayment',
    amount: 'openBalance',
    dimensions: { supplierId: 'supplierId' },
    watched: ['paymentMethod', 'boletoLine', 'pixKeyType', 'pixKey', 'pixPayload', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument', 'bankAccountId'],
    restartFrom: ['awaiting_approval'],
    frozenFrom: ['awaiting_requester', 'contested', 'queued', 'payment_rejected'],
    changedBy: 'paymentChangedBy',
    coveredBy: { field: 'entryId', resource: 'payables' },
    noun: 'O pagamento',
    autoNote: null,
  },
});

export const receivableInstallmentWorkflow = defineWorkflow<ReceivableInstallmentState>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Aberta', tone: 'neutral', phase: 'open' },
    received: { label: 'Recebida', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelada', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'settle', label: 'Receber', verb: 'receber', from: ['open'], to: 'received', scope: 'update', input: settleInput, inputFrom: { amount: 'openBalance' }, idempotent: true, tone: 'primary' },
    { name: 'cancel', label: 'Cancelar parcela', verb: 'cancelar', from: ['open'], to: 'cancelled', scope: 'update', input: reasonInput, system: true },
    { name: 'reverse', label: 'Estornar recebimento', verb: 'estornar um recebimento de', from: ['open', 'received'], to: 'open', scope: 'update', input: reverseInput, requires: { field: 'paidAmount', message: SETTLEMENT_MESSAGES.nothingToReverse }, idempotent: true, tone: 'danger' },
  ],
});

/** The words of a baixa: a payment's (a pagar) or a receipt's (a receber: "Data do recebimento", "Valor recebido"). */
const SETTLEMENT_WORDS = {
  payable: { list: 'Baixas', paidOn: 'Data do pagamento', amount: 'Valor principal', paidTotal: 'Total pago', account: 'Conta financeira', paidAmount: 'Valor baixado', lastPaidOn: 'Última baixa' },
  receivable: { list: 'Recebimentos', paidOn: 'Data do recebimento', amount: 'Valor recebido', paidTotal: 'Total recebido', account: 'Conta de recebimento', paidAmount: 'Valor recebido', lastPaidOn: 'Último recebimento' },
} as const;
type Words = (typeof SETTLEMENT_WORDS)[keyof typeof SETTLEMENT_WORDS];

/** A baixa as the parcela shows it (read-only; written by the settle and reverse actions; the settle dialog's labels). */
const settlement = (words: Words) => ({
  paidOn: date(words.paidOn),
  amount: money(words.amount),
  interest: money('Juros'),
  fine: money('Multa'),
  discount: money('Desconto'),
  paidTotal: money(words.paidTotal),
  bankAccountId: reference(words.account, 'bankAccounts'),
  note: text('Observação', { optional: true, hiddenWhenEmpty: true }),
  reversed: boolean('Estornada'),
  reversalReason: text('Motivo do estorno', { optional: true, hiddenWhenEmpty: true }),
});

/** Fields both kinds of parcela have (read-only but the payment data and the account). */
function installmentFields<P>(words: Words, paymentData: P) {
  return {
    number: integer('Parcela', { readOnly: true }),
    description: text('Descrição', { readOnly: true }),
    dueDate: date('Vencimento', { readOnly: true }),
    amount: money('Valor', { readOnly: true }),
    paidAmount: money(words.paidAmount, { readOnly: true }),
    openBalance: money('Saldo em aberto', { readOnly: true }),
    lastPaidOn: date(words.lastPaidOn, { readOnly: true, optional: true }),
    isOverdue: boolean('Vencida', { readOnly: true }),
    costCenterIds: COST_CENTERS_OF_ENTRY,
    ...paymentData,
    settlements: list(words.list, settlement(words), { keyed: true, readOnly: true }),
  };
}

const PAYMENT_SECTION = { key: 'payment', title: 'Pagamento', fields: ['bankAccountId', 'paymentMethod', 'boletoLine', 'pixKeyType', 'pixKey', 'pixPayload', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument'] } as const;
const RECEIPT_SECTION = { key: 'receipt', title: 'Recebimento', fields: ['paymentMethod', 'bankAccountId', 'ourNumber', 'boletoLine', 'pixKeyType', 'pixKey'] } as const;
const REMITTANCE_SECTION = { key: 'remittance', title: 'Remessa bancária', fields: ['remittanceId', 'bankOutcome', 'bankOccurrences'] } as const;
/** Shown once the parcela went in a remessa (the section is left out before). */
const IN_A_REMITTANCE = { shownWhen: { field: 'bankOutcome', values: REMITTANCE_OUTCOMES } };
const SETTLEMENTS_SECTION = { key: 'settlements', title: 'Baixas', fields: ['settlements'] } as const;

/** The list of parcelas (payment queue, receipts): by due date, with the footer totals per day and per account. */
const installmentList = <P extends 'supplierId' | 'customerId', C extends 'bankAccountId', E extends 'requesterId'>(party: P, extraColumns: readonly C[], extraFilters: readonly E[]) =>
  ({
    columns: [
      { field: 'dueDate', sortable: true, width: '128px' },
      { field: party },
      { field: 'description', sortable: true },
      { field: 'number', width: '80px', sortable: true },
      { field: 'status' },
      ...extraColumns.map((field) => ({ field })),
      { field: 'amount', sortable: true },
      { field: 'openBalance', sortable: true },
    ],
    defaultSort: 'dueDate',
    searchFields: ['description'],
    filters: [
      { field: 'status' }, { field: 'dueDate' }, { field: party }, { field: 'entryId' }, { field: 'categoryId' }, { field: 'costCenterIds' }, { field: 'bankAccountId' }, { field: 'isOverdue' },
      ...extraFilters.map((field) => ({ field })), { field: 'amount' },
    ],
    totals: { sum: ['amount', 'openBalance'], groupBy: ['dueDate', 'bankAccountId'] },
  }) as const;

export const payableInstallments = defineResource({
  name: 'payableInstallments',
  api: 'finance',
  path: 'payable-installments',
  route: { base: '/contas-a-pagar/parcelamentos', idParam: 'installmentId' },
  permission: 'payables',
  labels: { one: 'Parcela a pagar', many: 'Parcelas a pagar', gender: 'f' },
  titleField: 'description',
  fields: {
    entryId: reference('Lançamento', 'payables', { readOnly: true }),
    supplierId: reference('Fornecedor', 'suppliers', { readOnly: true }),
    categoryId: reference('Categoria de despesa', 'expenseCategories', { readOnly: true }),
    requesterId: reference('Solicitante', 'users', { readOnly: true, optional: true }),
    ...installmentFields(SETTLEMENT_WORDS.payable, { bankAccountId: reference('Conta financeira', 'bankAccounts', { optional: true }), ...paymentDataFields }),
    paymentChangedBy: reference('Dados de pagamento alterados por', 'users', { readOnly: true, optional: true, hiddenWhenEmpty: true, help: 'Alterados depois da aprovação: a autorização passa de novo pela aprovação.' }),
    // In a processada remessa whose retorno left this payment unanswered, agendado or with an unknown code: resolved by hand.
    bankAnswerMissing: boolean('Sem resposta clara do banco', { readOnly: true }),
    // Its latest payment in a remessa (the live one first; none of a cancelled or failed remessa):
    // which file it went in and what the bank answered — why "confirmado com o banco" is offered.
    remittanceId: withDef(reference('Remessa', 'remittances', { readOnly: true, optional: true }), IN_A_REMITTANCE),
    bankOutcome: withDef(enumOf('Retorno do banco', REMITTANCE_OUTCOMES, REMITTANCE_OUTCOME_LABELS, { readOnly: true, optional: true }), IN_A_REMITTANCE),
    bankOccurrences: withDef(text('Ocorrências do banco', { readOnly: true, optional: true, hiddenWhenEmpty: true }), IN_A_REMITTANCE),
    status: enumOf('Situação', PAYABLE_INSTALLMENT_STATES, stateLabels(PAYABLE_INSTALLMENT_STATES, payableInstallmentWorkflow), { readOnly: true }),
  },
  // The queues' lists (src/modules/finance/routes.data.ts): each keeps its own columns and saved filters.
  list: { ...installmentList('supplierId', ['bankAccountId'], ['requesterId']), named: FINANCE_QUEUE_LISTS },
  form: { sections: [{ key: 'installment', title: 'Parcela', fields: ['entryId', 'number', 'supplierId', 'description', 'dueDate', 'amount', 'paidAmount', 'openBalance', 'status', 'requesterId'] }, { ...PAYMENT_SECTION, fields: [...PAYMENT_SECTION.fields, 'paymentChangedBy'] }, REMITTANCE_SECTION, SETTLEMENTS_SECTION] },
  workflow: payableInstallmentWorkflow,
  bornOf: 'payables',
  ownership: { field: 'requesterId', permission: 'requesterQueue' },
});

export const receivableInstallments = defineResource({
  name: 'receivableInstallments',
  api: 'finance',
  path: 'receivable-installments',
  route: { base: '/contas-a-receber/parcelamentos', idParam: 'installmentId' },
  permission: 'receivables',
  labels: { one: 'Parcela a receber', many: 'Parcelas a receber', gender: 'f' },
  titleField: 'description',
  fields: {
    entryId: reference('Lançamento', 'receivables', { readOnly: true }),
    customerId: reference('Cliente', 'customers', { readOnly: true }),
    categoryId: reference('Categoria de receita', 'revenueCategories', { readOnly: true }),
    ...installmentFields(SETTLEMENT_WORDS.receivable, receiptDataFields),
    status: enumOf('Situação', RECEIVABLE_INSTALLMENT_STATES, stateLabels(RECEIVABLE_INSTALLMENT_STATES, receivableInstallmentWorkflow), { readOnly: true }),
  },
  list: installmentList('customerId', [], []),
  form: { sections: [{ key: 'installment', title: 'Parcela', fields: ['entryId', 'number', 'customerId', 'description', 'dueDate', 'amount', 'paidAmount', 'openBalance', 'status'] }, RECEIPT_SECTION, { ...SETTLEMENTS_SECTION, title: 'Recebimentos' }] },
  workflow: receivableInstallmentWorkflow,
  bornOf: 'receivables',
});

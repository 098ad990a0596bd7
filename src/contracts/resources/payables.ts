/**
 * Lançamentos a pagar (/contas-a-pagar/lancamentos) and a receber (/contas-a-receber/lancamentos):
 * DOMAIN "Lançamento a pagar / a receber". The parcelas are the lançamento's keyed lines; once the
 * lançamento is approved each parcela lives on as its own record (installments.ts) through the
 * payment queue. API: finance `payables`, `receivables`.
 *
 * A pagar: aberto → enviar para aprovação → (the queue its triggers pick, or none: approved at
 * once) aprovado | reprovado(motivo) → quitado when every parcela is paid; cancelado (with the
 * reason) while no parcela is authorised or paid. On approval each parcela goes to the
 * requester's atesto (a requester named) or straight to the payment queue.
 * A receber: aberto → recebido ("quitado") when every parcela is received; cancelado. Its parcelas
 * carry receipt data (our receiving account, our PIX key, our boleto), not a payee's.
 */
import { defineResource } from '../define';
import { enumOf, reference, text } from '../fields';
import { RECURRENCE_LABELS, RECURRENCES } from '../recurrence';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { competenceRule, DOCUMENT_TYPES, entryFields, FINANCE_QUEUE_LISTS, installmentRecords, payableInstallmentList, receivableInstallmentList } from './parts/financeEntry';

export const PAYABLE_STATES = ['open', 'submitted', 'approved', 'rejected', 'settled', 'cancelled'] as const;
export type PayableState = (typeof PAYABLE_STATES)[number];
export const RECEIVABLE_STATES = ['open', 'settled', 'cancelled'] as const;
export type ReceivableState = (typeof RECEIVABLE_STATES)[number];

/** What an approved lançamento may no longer change (DOMAIN: amounts, supplier and payment data void an approval). */
const MONEY_FIELDS = ['supplierId', 'total', 'allocations', 'installments', 'issueDate', 'documentType', 'documentNumber'] as const;

export const payableWorkflow = defineWorkflow<PayableState>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Aberto', tone: 'neutral', phase: 'draft' },
    submitted: { label: 'Em aprovação', tone: 'info', phase: 'open' },
    approved: { label: 'Aprovado', tone: 'success', phase: 'open', locked: MONEY_FIELDS },
    rejected: { label: 'Reprovado', tone: 'danger', phase: 'draft' },
    settled: { label: 'Quitado', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelado', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'submit', label: 'Enviar para aprovação', verb: 'enviar para aprovação', from: ['open', 'rejected'], to: 'submitted', scope: 'update', tone: 'primary' },
    { name: 'approve', label: 'Aprovar', verb: 'aprovar', from: ['submitted'], to: 'approved', scope: 'approve', system: true },
    { name: 'reject', label: 'Reprovar', verb: 'reprovar', from: ['submitted'], to: 'rejected', scope: 'approve', input: reasonInput, system: true },
    { name: 'settle', label: 'Quitar', verb: 'quitar', from: ['approved'], to: 'settled', scope: 'update', system: true },
    { name: 'reopen', label: 'Reabrir', verb: 'reabrir', from: ['settled'], to: 'approved', scope: 'update', system: true },
    { name: 'cancel', label: 'Cancelar lançamento', verb: 'cancelar', from: ['open', 'submitted', 'approved', 'rejected'], to: 'cancelled', scope: 'update', input: reasonInput, confirm: 'Cancelar este lançamento e todas as suas parcelas?', tone: 'danger' },
  ],
  approval: {
    submit: 'submit',
    approve: 'approve',
    reject: 'reject',
    amount: 'total',
    dimensions: { supplierId: 'supplierId' },
    noun: 'O lançamento a pagar',
    watched: ['supplierId', 'total', 'installments', 'allocations'],
    restartFrom: ['submitted'],
  },
});

export const receivableWorkflow = defineWorkflow<ReceivableState>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Aberto', tone: 'neutral', phase: 'open' },
    settled: { label: 'Recebido', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelado', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'settle', label: 'Quitar', verb: 'quitar', from: ['open'], to: 'settled', scope: 'update', system: true },
    { name: 'reopen', label: 'Reabrir', verb: 'reabrir', from: ['settled'], to: 'open', scope: 'update', system: true },
    { name: 'cancel', label: 'Cancelar lançamento', verb: 'cancelar', from: ['open'], to: 'cancelled', scope: 'update', input: reasonInput, confirm: 'Cancelar este lançamento e todas as suas parcelas?', tone: 'danger' },
  ],
});

const ENTRY_SECTIONS = [
  { key: 'values', title: 'Valores', fields: ['total', 'bankAccountId', 'paymentCondition', 'openBalance'] },
  { key: 'installments', title: 'Parcelas', fields: ['installments'] },
  { key: 'allocations', title: 'Rateio', fields: ['allocations'] },
  { key: 'attachments', title: 'Anexos e observações', fields: ['documentFileId', 'notes'] },
] as const;
/** The list of lançamentos: number, counterparty, document, state, total and open balance, with the footer totals. */
const entryList = <P extends 'supplierId' | 'customerId', E extends 'requesterId'>(party: P, extraFilters: readonly E[]) => ({
  columns: [
    { field: 'number', sortable: true, width: '96px' },
    { field: party },
    { field: 'description', sortable: true },
    { field: 'documentNumber' },
    { field: 'issueDate', sortable: true },
    { field: 'status' },
    { field: 'total', sortable: true },
    { field: 'openBalance' },
  ],
  defaultSort: '-number',
  searchFields: ['description', 'documentNumber'],
  filters: [{ field: 'status' }, { field: party }, { field: 'categoryId' }, { field: 'costCenterIds' }, { field: 'bankAccountId' }, { field: 'issueDate' }, { field: 'total' }, ...extraFilters.map((field) => ({ field }))],
  totals: { sum: ['total', 'openBalance'] },
}) as const;

const DOCUMENT_FIELDS = ['documentType', 'documentNumber', 'issueDate', 'competence', 'categoryId', 'description', 'companyId'] as const;

export const payables = defineResource({
  name: 'payables',
  api: 'finance',
  path: 'payables',
  route: { base: '/contas-a-pagar/lancamentos', idParam: 'payableId' },
  permission: 'payables',
  labels: { one: 'Lançamento a pagar', many: 'Lançamentos a pagar', gender: 'm' },
  titleField: 'description',
  fields: {
    supplierId: reference('Fornecedor', 'suppliers', { required: 'Escolha o fornecedor.' }),
    categoryId: reference('Categoria de despesa', 'expenseCategories', { required: 'Escolha a categoria.' }),
    requesterId: reference('Solicitante (atesto)', 'users', { optional: true, help: 'Quem confirma o recebimento antes do pagamento.' }),
    orderId: reference('Pedido de origem', 'orders', { optional: true }),
    invoiceId: reference('Faturamento de origem', 'invoices', { readOnly: true, optional: true, hiddenWhenEmpty: true }),
    ...entryFields(payableInstallmentList()),
    recurrence: enumOf('Recorrência', RECURRENCES, RECURRENCE_LABELS, { optional: true, help: 'Em branco, não se repete. Ao ser aprovado, o lançamento do próximo período é criado em aberto para você conferir.' }),
    recurrenceUntil: text('Repetir até a competência', { optional: true, rule: competenceRule(), pattern: '##/####', placeholder: 'mm/aaaa', help: 'Mês/ano da última repetição; em branco, sem fim.' }),
    recurrenceOf: reference('Gerado a partir de', 'payables', { readOnly: true, optional: true, hiddenWhenEmpty: true }),
    status: enumOf('Situação', PAYABLE_STATES, stateLabels(PAYABLE_STATES, payableWorkflow), { readOnly: true }),
  },
  list: { ...entryList('supplierId', ['requesterId']), named: FINANCE_QUEUE_LISTS },
  form: {
    sections: [
      { key: 'document', title: 'Documento', fields: ['supplierId', ...DOCUMENT_FIELDS, 'requesterId', 'orderId', 'invoiceId'] },
      ...ENTRY_SECTIONS,
      { key: 'recurrence', title: 'Recorrência', fields: ['recurrence', 'recurrenceUntil', 'recurrenceOf'] },
    ],
  },
  workflow: payableWorkflow,
  numbering: { field: 'number' },
  bornRecords: installmentRecords('payableInstallments'),
  ownership: { field: 'requesterId', permission: 'requesterQueue' },
});

export const receivables = defineResource({
  name: 'receivables',
  api: 'finance',
  path: 'receivables',
  route: { base: '/contas-a-receber/lancamentos', idParam: 'receivableId' },
  permission: 'receivables',
  labels: { one: 'Lançamento a receber', many: 'Lançamentos a receber', gender: 'm' },
  titleField: 'description',
  fields: {
    customerId: reference('Cliente', 'customers', { required: 'Escolha o cliente.' }),
    categoryId: reference('Categoria de receita', 'revenueCategories', { required: 'Escolha a categoria.' }),
    // Each parcela's receipt data: how the customer pays us (parts/receiptDataFields.ts), not a payee's.
    ...entryFields(receivableInstallmentList()),
    status: enumOf('Situação', RECEIVABLE_STATES, stateLabels(RECEIVABLE_STATES, receivableWorkflow), { readOnly: true }),
  },
  list: entryList('customerId', []),
  form: { sections: [{ key: 'document', title: 'Documento', fields: ['customerId', ...DOCUMENT_FIELDS] }, ...ENTRY_SECTIONS] },
  workflow: receivableWorkflow,
  numbering: { field: 'number' },
  bornRecords: installmentRecords('receivableInstallments'),
});

export { DOCUMENT_TYPES };

/**
 * Faturamentos (/invoices): the supplier's fiscal document against an ordem de compra (DOMAIN
 * "Faturamento"): typed in, or imported from the NF-e XML (`POST invoices/import-nfe`). Each line
 * is matched three ways — the ordem's price and what the entregas received — within the
 * organisation's tolerances: conforme | divergente (`divergences` says what differs, line by line).
 * "Aceitar" sends a divergent faturamento to its approval queue (never approved automatically: with
 * no queue for it, the acceptance is refused); a conforming one is accepted at once. An accepted
 * faturamento creates the lançamento a pagar with its parcelas — from the duplicatas, or else from
 * the ordem's payment terms — linked both ways, and the ordem de compra becomes "faturada".
 * API: pricing `invoices`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { date, enumOf, integer, list, money, reference, text } from '../fields';
import { sumAmounts } from '../money';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { notes } from './parts/common';
import { ORDER_LINE } from './parts/orderLine';
import { withDef } from '../fields/field';

export const INVOICE_STATES = ['registered', 'awaitingApproval', 'accepted', 'rejected', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_KINDS = ['nfe', 'nfse', 'bill'] as const;
export const MATCH_STATUSES = ['conforming', 'divergent'] as const;

export const INVOICE_MESSAGES = {
  noQueue: 'Faturamento divergente precisa de aprovação, e nenhuma fila de aprovação de faturamentos se aplica a ele. Peça ao administrador para configurar uma.',
  conforming: 'Conforme com a ordem de compra e as entregas: aceito sem aprovação.',
  notInvoiceable: (number: number, state: string) => `A ordem de compra nº ${number} está ${state.toLowerCase()}: só ordens enviadas ou entregues são faturadas.`,
  unknownLine: 'Item não encontrado nesta ordem de compra.',
  duplicateKey: 'Esta NF-e já foi importada.',
  accessKey: 'A chave de acesso tem 44 caracteres.',
  duplicatesSum: 'A soma das duplicatas deve ser igual ao total do documento.',
  noCategory: 'Escolha a categoria de despesa antes de aceitar: ela vai para o lançamento a pagar.',
  noCostCenter: 'Escolha o centro de custos antes de aceitar: a ordem de compra não tem um.',
  fractional: (path: string) => `Quantidade fracionária em ${path}: lance este documento manualmente.`,
} as const;

export const invoiceWorkflow = defineWorkflow<InvoiceState>({
  field: 'status',
  initial: 'registered',
  states: {
    registered: { label: 'Registrado', tone: 'neutral', phase: 'draft' },
    awaitingApproval: { label: 'Aguardando aprovação', tone: 'warning', phase: 'open', locked: 'all' },
    accepted: { label: 'Aceito', tone: 'success', phase: 'done', locked: 'all' },
    rejected: { label: 'Recusado', tone: 'danger', phase: 'draft' },
    cancelled: { label: 'Cancelado', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'accept', label: 'Aceitar', verb: 'aceitar', from: ['registered', 'rejected'], to: 'awaitingApproval', scope: 'update', tone: 'primary', confirm: 'Aceitar este faturamento? Ele gera o lançamento a pagar (com aprovação, se houver divergência).' },
    { name: 'approve', label: 'Aprovar', verb: 'aprovar', from: ['awaitingApproval'], to: 'accepted', scope: 'approve', system: true },
    { name: 'reject', label: 'Recusar', verb: 'recusar', from: ['awaitingApproval'], to: 'rejected', scope: 'approve', input: reasonInput, system: true },
    { name: 'cancel', label: 'Cancelar faturamento', verb: 'cancelar', from: ['registered', 'rejected'], to: 'cancelled', scope: 'update', input: reasonInput, tone: 'danger', confirm: 'Cancelar este faturamento?' },
  ],
  approval: {
    submit: 'accept',
    approve: 'approve',
    reject: 'reject',
    amount: 'total',
    dimensions: { supplierId: 'supplierId' },
    noun: 'O faturamento',
    watched: [],
    restartFrom: [],
    appliesWhen: { field: 'matchStatus', values: ['divergent'], skipNote: INVOICE_MESSAGES.conforming },
    noQueue: INVOICE_MESSAGES.noQueue,
  },
});

/** Σ duplicatas, in centavos. */
export const duplicatesTotal = (values: Readonly<Record<string, unknown>>) =>
  sumAmounts(((values.duplicates as { amount?: number }[] | undefined) ?? []).map((d) => Number(d.amount ?? 0)));

/** Cross-field rules the form shows too: the duplicatas add up to the document's total. */
export function invoiceIssues(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const duplicates = (values.duplicates as unknown[] | undefined) ?? [];
  if (duplicates.length && duplicatesTotal(values) !== Number(values.total)) return { duplicates: [INVOICE_MESSAGES.duplicatesSum] };
  return {};
}

export const invoices = defineResource({
  name: 'invoices',
  api: 'pricing',
  path: 'invoices',
  route: { base: '/invoices', idParam: 'invoiceId' },
  permission: 'invoices',
  labels: { one: 'Faturamento', many: 'Faturamentos', gender: 'm' },
  titleField: 'number',
  fields: {
    purchaseOrderId: reference('Ordem de compra', 'purchaseOrders', { required: 'Escolha a ordem de compra.' }),
    supplierId: reference('Fornecedor', 'suppliers', { readOnly: true }),
    kind: enumOf('Documento', INVOICE_KINDS, { nfe: 'NF-e', nfse: 'NFS-e', bill: 'Fatura' }, { initial: 'nfe' }),
    number: text('Número', { max: 20, required: 'Informe o número do documento.' }),
    series: text('Série', { max: 5, optional: true }),
    accessKey: text('Chave de acesso', { max: 50, optional: true, help: '44 caracteres da NF-e.' }),
    issuedOn: date('Emissão'),
    categoryId: reference('Categoria de despesa', 'expenseCategories', { optional: true, help: 'Vai para o lançamento a pagar.' }),
    costCenterId: reference('Centro de custos', 'costCenters', { optional: true, help: 'Leva todo o rateio do lançamento; em branco, o rateio segue os centros de custos dos pedidos de origem (ou o da ordem de compra).' }),
    lines: list('Itens', {
      purchaseOrderLineId: withDef(text('Item da ordem', { max: 64 }), { lineOf: ORDER_LINE }),
      description: text('Descrição', { max: 240, required: 'Descreva o item.' }),
      quantity: integer('Quantidade', { message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'A quantidade deve ser maior que zero.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.' }),
      unitPrice: money('Preço unitário', { min: 0, minMessage: 'O preço não pode ser negativo.' }),
    }, { min: 1, minMessage: 'Inclua ao menos um item.', max: 990, addLabel: 'Adicionar item faturado' }),
    total: money('Total do documento', { min: 1, minMessage: 'Informe um valor maior que zero.' }),
    duplicates: list('Duplicatas', {
      number: text('Número', { max: 60 }),
      dueDate: date('Vencimento'),
      amount: money('Valor', { min: 1, minMessage: 'Cada duplicata deve ter valor maior que zero.' }),
    }, { max: 120, addLabel: 'Adicionar duplicata' }),
    notes: notes('Observações'),
    status: enumOf('Situação', INVOICE_STATES, stateLabels(INVOICE_STATES, invoiceWorkflow), { readOnly: true }),
    matchStatus: enumOf('Conferência', MATCH_STATUSES, { conforming: 'Conforme', divergent: 'Divergente' }, { readOnly: true, tones: { conforming: 'success', divergent: 'danger' } }),
    divergences: list('Divergências', {
      line: integer('Item'),
      message: text('Divergência'),
    }, { readOnly: true }),
    payableId: reference('Lançamento a pagar', 'payables', { readOnly: true, optional: true, hiddenWhenEmpty: true }),
  },
  list: {
    columns: [{ field: 'number' }, { field: 'supplierId' }, { field: 'purchaseOrderId' }, { field: 'status' }, { field: 'matchStatus' }, { field: 'total', sortable: true }, { field: 'issuedOn', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['number', 'accessKey'],
    filters: [{ field: 'status' }, { field: 'matchStatus' }, { field: 'supplierId' }, { field: 'issuedOn' }],
  },
  form: {
    sections: [
      { key: 'document', title: 'Documento', fields: ['purchaseOrderId', 'kind', 'number', 'series', 'accessKey', 'issuedOn', 'categoryId', 'costCenterId', 'notes'] },
      { key: 'lines', title: 'Itens', fields: ['lines', 'total'] },
      { key: 'duplicates', title: 'Duplicatas', fields: ['duplicates'] },
      { key: 'match', title: 'Conferência com a ordem de compra e as entregas', fields: ['supplierId', 'matchStatus', 'divergences', 'payableId'] },
    ],
  },
  unique: [{ fields: ['accessKey'], message: INVOICE_MESSAGES.duplicateKey }],
  workflow: invoiceWorkflow,
});

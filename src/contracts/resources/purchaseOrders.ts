/**
 * Ordens de compra (/ordens-de-compra): the order sent to one supplier (DOMAIN "Ordem de compra"),
 * made from a cotação's award (one per awarded supplier, each line linked to its cotação line and
 * through it to the pedido lines) or typed directly. Its number is the `xPed` suppliers print on
 * their NF-e. Lifecycle: rascunho → aguardando aprovação (fila de aprovação, when one applies) →
 * aprovada → enviada → parcialmente entregue → entregue → faturada; cancelada before any entrega.
 * `received` shows, per line, what the entregas received and rejected. API: pricing `purchase-orders`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { date, enumOf, integer, list, money, reference, text } from '../fields';
import { lineAmount, MONEY_MESSAGES, sumAmounts } from '../money';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { PRODUCT_UNITS, UNIT_LABELS } from './parts/units';
import { deleteAction, notes } from './parts/common';
import type { RecordMapping } from '../mapping';

export const PURCHASE_ORDER_STATES = ['draft', 'submitted', 'approved', 'rejected', 'sent', 'partiallyReceived', 'received', 'invoiced', 'cancelled'] as const;
export type PurchaseOrderState = (typeof PURCHASE_ORDER_STATES)[number];
/** The states in which an ordem takes faturamentos: sent to its supplier, delivered or not, not yet faturada. */
export const PURCHASE_ORDER_INVOICEABLE: readonly PurchaseOrderState[] = ['sent', 'partiallyReceived', 'received'];

/** Σ lines (quantity × unit price) + freight, in centavos; NaN past the money limit. */
export function purchaseOrderTotal(values: Readonly<Record<string, unknown>>): number {
  const lines = Array.isArray(values.lines) ? (values.lines as Record<string, unknown>[]) : [];
  return sumAmounts([...lines.map((line) => lineAmount(line.quantity, line.unitPrice)), Number(values.freight ?? 0)]);
}

/** Lines whose amount passes the money limit (the server refuses them; the form shows the same). */
export function purchaseOrderLineIssues(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const lines = Array.isArray(values.lines) ? (values.lines as Record<string, unknown>[]) : [];
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    if (Number.isNaN(lineAmount(line.quantity, line.unitPrice))) errors[`lines.${index}.unitPrice`] = [MONEY_MESSAGES.lineTooLarge];
  });
  return errors;
}

export const purchaseOrderWorkflow = defineWorkflow<PurchaseOrderState>({
  field: 'status',
  initial: 'draft',
  states: {
    draft: { label: 'Rascunho', tone: 'neutral', phase: 'draft' },
    submitted: { label: 'Aguardando aprovação', tone: 'info', phase: 'open' },
    approved: { label: 'Aprovada', tone: 'success', phase: 'open' },
    rejected: { label: 'Reprovada', tone: 'danger', phase: 'draft' },
    sent: { label: 'Enviada', tone: 'info', phase: 'open', locked: 'all' },
    partiallyReceived: { label: 'Parcialmente entregue', tone: 'warning', phase: 'open', locked: 'all' },
    received: { label: 'Entregue', tone: 'success', phase: 'open', locked: 'all' },
    invoiced: { label: 'Faturada', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelada', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'submit', label: 'Enviar para aprovação', verb: 'enviar para aprovação', from: ['draft', 'rejected'], to: 'submitted', scope: 'update', tone: 'primary', bulk: true },
    { name: 'approve', label: 'Aprovar', verb: 'aprovar', from: ['submitted'], to: 'approved', scope: 'approve', system: true },
    { name: 'reject', label: 'Reprovar', verb: 'reprovar', from: ['submitted'], to: 'rejected', scope: 'approve', input: reasonInput, system: true },
    { name: 'send', label: 'Enviar ao fornecedor', verb: 'enviar ao fornecedor', from: ['approved'], to: 'sent', scope: 'update', tone: 'primary', confirm: 'Enviar esta ordem de compra ao fornecedor? Depois disso ela não pode mais ser alterada.' },
    { name: 'receive', label: 'Registrar entrega', verb: 'registrar entrega em', from: ['sent', 'partiallyReceived'], to: 'partiallyReceived', scope: 'update', system: true },
    { name: 'invoice', label: 'Faturar', verb: 'faturar', from: ['partiallyReceived', 'received'], to: 'invoiced', scope: 'update', system: true },
    { name: 'cancel', label: 'Cancelar ordem de compra', verb: 'cancelar', from: ['draft', 'submitted', 'approved', 'rejected', 'sent'], to: 'cancelled', scope: 'update', input: reasonInput, tone: 'danger', confirm: 'Cancelar esta ordem de compra?' },
  ],
  approval: {
    submit: 'submit',
    approve: 'approve',
    reject: 'reject',
    amount: 'total',
    dimensions: { costCenterId: 'costCenterId', departmentId: 'departmentId', supplierId: 'supplierId' },
    noun: 'A ordem de compra',
    watched: ['lines', 'supplierId', 'freight', 'paymentTerms', 'costCenterId', 'departmentId'],
    restartFrom: ['submitted', 'approved'],
  },
});

const PURCHASE_ORDER_LINE = {
  productId: reference('Produto', 'products', { optional: true }),
  description: text('Descrição', { max: 240, required: 'Descreva o item.' }),
  quantity: integer('Quantidade', { message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'A quantidade deve ser maior que zero.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.', initial: 1 }),
  unit: enumOf('Unidade', PRODUCT_UNITS, UNIT_LABELS, { initial: 'UN' }),
  unitPrice: money('Preço unitário', { min: 0, minMessage: 'O preço não pode ser negativo.' }),
};

export const purchaseOrders = defineResource({
  name: 'purchaseOrders',
  api: 'pricing',
  path: 'purchase-orders',
  route: { base: '/ordens-de-compra', idParam: 'purchaseOrderId' },
  permission: 'purchaseOrders',
  labels: { one: 'Ordem de compra', many: 'Ordens de compra', gender: 'f' },
  titleField: 'number',
  fields: {
    number: integer('Número', { rule: ({ z }) => z.int(), readOnly: true }),
    status: enumOf('Situação', PURCHASE_ORDER_STATES, stateLabels(PURCHASE_ORDER_STATES, purchaseOrderWorkflow), { readOnly: true }),
    supplierId: reference('Fornecedor', 'suppliers', { required: 'Escolha o fornecedor.' }),
    costCenterId: reference('Centro de custos', 'costCenters', { optional: true }),
    departmentId: reference('Departamento', 'departments', { optional: true }),
    quoteId: reference('Cotação', 'quotes', { readOnly: true, optional: true, hiddenWhenEmpty: true }),
    expectedOn: date('Entrega prevista', { optional: true }),
    paymentTerms: text('Condição de pagamento', { max: 40, optional: true, help: 'Por exemplo 30/60/90, 10x ou à vista: gera as parcelas do faturamento.' }),
    freight: money('Frete', { optional: true, min: 0, minMessage: 'O frete não pode ser negativo.' }),
    notes: notes('Observações ao fornecedor', 2000),
    lines: list('Itens', PURCHASE_ORDER_LINE, { keyed: true, addLabel: 'Adicionar item à ordem', min: 1, minMessage: 'Inclua ao menos um item.', max: 200, maxMessage: 'No máximo 200 itens.' }),
    total: money('Total', { readOnly: true }),
    received: list('Recebido', {
      lineId: text('Item'),
      received: integer('Recebido'),
      rejected: integer('Rejeitado'),
    }, { readOnly: true }),
  },
  list: {
    columns: [{ field: 'number', sortable: true, width: '96px' }, { field: 'supplierId' }, { field: 'status' }, { field: 'total', sortable: true }, { field: 'expectedOn', sortable: true }, { field: 'createdAt', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['number', 'notes'],
    filters: [{ field: 'status' }, { field: 'supplierId' }, { field: 'costCenterId' }, { field: 'total' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Ordem de compra', fields: ['supplierId', 'costCenterId', 'departmentId', 'expectedOn', 'paymentTerms', 'notes'] },
      { key: 'lines', title: 'Itens', fields: ['lines', 'freight', 'total'] },
      { key: 'received', title: 'Entregas', fields: ['quoteId', 'received'] },
    ],
  },
  actions: [deleteAction('Excluir as ordens selecionadas? Só rascunhos podem ser excluídos; as demais se cancelam, com o motivo.')],
  workflow: purchaseOrderWorkflow,
  numbering: { field: 'number' },
  totals: { total: purchaseOrderTotal },
});

/**
 * A cotação's award → ordens de compra: one per awarded supplier, each line at the price its
 * supplier answered, with that supplier's freight and payment terms; each line linked to its
 * cotação line (and through it to the pedido lines).
 */
export const quoteAwardToPurchaseOrders: RecordMapping = {
  name: 'quoteAwardToPurchaseOrders',
  from: 'quotes',
  to: 'purchaseOrders',
  fields: { supplierId: 'supplierId', quoteId: 'quoteId', costCenterId: 'costCenterId', departmentId: 'departmentId', paymentTerms: 'paymentTerms', freight: 'freight', notes: 'notes' },
  split: { by: 'supplierId' },
  lines: {
    from: 'lines',
    to: 'lines',
    fields: { productId: 'productId', description: 'description', quantity: 'quantity', unit: 'unit', unitPrice: 'unitPrice' },
    quantity: 'quantity',
  },
};

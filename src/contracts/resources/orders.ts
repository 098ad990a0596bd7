/**
 * Pedidos (/pedidos): a requester's purchase request (DOMAIN "Pedido"), from the catalogue or free
 * text. Lines (keyed: stable ids) carry a product or a description, quantity, unit, estimated
 * unit price and needed-by date; the total is computed by the server from the lines.
 * Lifecycle: rascunho → enviado → (fila de aprovação) aprovado | reprovado(motivo) → em cotação →
 * atendido; cancelado from any state before atendido. A requester (create scope, no read) sees and
 * changes only their own pedidos. API: supply `orders`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { date, enumOf, integer, list, money, reference, text } from '../fields';
import { lineAmount, MONEY_MESSAGES, sumAmounts } from '../money';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { PRODUCT_UNITS, UNIT_LABELS } from './parts/units';
import { deleteAction, notes } from './parts/common';

export const ORDER_STATES = ['draft', 'submitted', 'approved', 'rejected', 'quoting', 'fulfilled', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Total of the lines in centavos (quantity × estimated unit price); the form shows the same. */
export function orderTotal(values: Readonly<Record<string, unknown>>): number {
  const lines = Array.isArray(values.lines) ? (values.lines as Record<string, unknown>[]) : [];
  return sumAmounts(lines.map((line) => lineAmount(line.quantity, line.unitPrice)));
}

/** Lines whose amount passes the money limit, by line (the server refuses them; the form shows the same). */
export function orderLineIssues(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const lines = Array.isArray(values.lines) ? (values.lines as Record<string, unknown>[]) : [];
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    if (Number.isNaN(lineAmount(line.quantity, line.unitPrice))) errors[`lines.${index}.unitPrice`] = [MONEY_MESSAGES.lineTooLarge];
  });
  return errors;
}

/**
 * Need-by dates already past (`today`: YYYY-MM-DD in São Paulo), of the pedido and of its lines,
 * counting only a date that is new or changed from `before` (an old pedido whose date has passed
 * still saves as it was).
 */
export function pastNeedIssues(values: Readonly<Record<string, unknown>>, before: Readonly<Record<string, unknown>> | undefined, today: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const past = (value: unknown, was: unknown) => typeof value === 'string' && value < today && value !== was;
  if (past(values.neededBy, before?.neededBy)) errors.neededBy = [NEED_BY_PAST];
  const earlier = new Map((Array.isArray(before?.lines) ? (before.lines as Record<string, unknown>[]) : []).map((line) => [line.id, line.neededBy]));
  (Array.isArray(values.lines) ? (values.lines as Record<string, unknown>[]) : []).forEach((line, index) => {
    if (past(line.neededBy, line.id === undefined ? undefined : earlier.get(line.id))) errors[`lines.${index}.neededBy`] = [NEED_BY_PAST];
  });
  return errors;
}

export const NEED_BY_PAST = 'A data de necessidade já passou: escolha hoje ou uma data futura.';

export const orderWorkflow = defineWorkflow<OrderState>({
  field: 'status',
  initial: 'draft',
  states: {
    draft: { label: 'Rascunho', tone: 'neutral', phase: 'draft' },
    submitted: { label: 'Enviado', tone: 'info', phase: 'open' },
    approved: { label: 'Aprovado', tone: 'success', phase: 'open' },
    rejected: { label: 'Reprovado', tone: 'danger', phase: 'draft' },
    quoting: { label: 'Em cotação', tone: 'warning', phase: 'open', locked: 'all' },
    fulfilled: { label: 'Atendido', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelado', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'submit', label: 'Enviar para aprovação', verb: 'enviar', from: ['draft', 'rejected'], to: 'submitted', scope: 'create', ownerOnly: true, bulk: true, tone: 'primary' },
    { name: 'approve', label: 'Aprovar', verb: 'aprovar', from: ['submitted'], to: 'approved', scope: 'approve', system: true },
    { name: 'reject', label: 'Reprovar', verb: 'reprovar', from: ['submitted'], to: 'rejected', scope: 'approve', input: reasonInput, system: true },
    { name: 'startQuoting', label: 'Iniciar cotação', verb: 'enviar para cotação', from: ['approved'], to: 'quoting', scope: 'update', bulk: true, confirm: 'Abrir uma cotação com os itens deste pedido? Depois disso ele não pode mais ser alterado.', bulkConfirm: 'Abrir uma cotação para cada pedido selecionado? Depois disso eles não podem mais ser alterados. Para juntar pedidos numa cotação, use Cotações › Fila.' },
    { name: 'stopQuoting', label: 'Voltar a aguardar cotação', verb: 'devolver', from: ['quoting'], to: 'approved', scope: 'update', system: true },
    { name: 'fulfil', label: 'Marcar como atendido', verb: 'marcar como atendido', from: ['quoting'], to: 'fulfilled', scope: 'update', bulk: true, confirm: 'Marcar este pedido como atendido?', bulkConfirm: 'Marcar os pedidos selecionados como atendidos?' },
    { name: 'cancel', label: 'Cancelar pedido', verb: 'cancelar', from: ['draft', 'submitted', 'approved', 'rejected', 'quoting'], to: 'cancelled', scope: 'create', input: reasonInput, bulk: true, confirm: 'Cancelar este pedido?', bulkConfirm: 'Cancelar os pedidos selecionados?', tone: 'danger' },
  ],
  approval: {
    submit: 'submit',
    approve: 'approve',
    reject: 'reject',
    amount: 'total',
    dimensions: { costCenterId: 'costCenterId', departmentId: 'departmentId' },
    noun: 'O pedido',
    watched: ['lines', 'costCenterId', 'departmentId'],
    restartFrom: ['submitted', 'approved'],
  },
});

/** A line: a catalogue product or a description, quantity, unit, estimated unit price, needed-by date. */
const ORDER_LINE = {
  productId: reference('Produto', 'products', { optional: true }),
  description: text('Descrição', { max: 240, required: 'Descreva o item.' }),
  quantity: integer('Quantidade', { message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'A quantidade deve ser maior que zero.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.', initial: 1 }),
  unit: enumOf('Unidade', PRODUCT_UNITS, UNIT_LABELS, { initial: 'UN' }),
  unitPrice: money('Preço unitário estimado', { min: 0, minMessage: 'O preço não pode ser negativo.' }),
  neededBy: date('Necessário até', { optional: true }),
};

export const orders = defineResource({
  name: 'orders',
  api: 'supply',
  path: 'orders',
  route: { base: '/pedidos', idParam: 'orderId' },
  permission: 'orders',
  labels: { one: 'Pedido', many: 'Pedidos', gender: 'm' },
  titleField: 'title',
  fields: {
    number: integer('Número', { rule: ({ z }) => z.int(), readOnly: true }),
    title: text('Título', { max: 160, required: 'Dê um título ao pedido.' }),
    status: enumOf('Situação', ORDER_STATES, stateLabels(ORDER_STATES, orderWorkflow), { readOnly: true }),
    costCenterId: reference('Centro de custos', 'costCenters', { required: 'Escolha o centro de custos.' }),
    departmentId: reference('Departamento', 'departments', { optional: true }),
    neededBy: date('Necessário até', { optional: true }),
    justification: notes('Justificativa', 2000),
    lines: list('Itens', ORDER_LINE, { keyed: true, addLabel: 'Adicionar item', min: 1, minMessage: 'Inclua ao menos um item.', max: 200, maxMessage: 'No máximo 200 itens.' }),
    total: money('Total estimado', { readOnly: true }),
  },
  list: {
    columns: [{ field: 'number', sortable: true, width: '96px' }, { field: 'title', sortable: true }, { field: 'status' }, { field: 'costCenterId' }, { field: 'total', sortable: true }, { field: 'createdBy' }, { field: 'createdAt', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['number', 'title', 'justification'],
    filters: [{ field: 'status' }, { field: 'costCenterId' }, { field: 'departmentId' }, { field: 'total' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Pedido', fields: ['title', 'costCenterId', 'departmentId', 'neededBy', 'justification'] },
      { key: 'lines', title: 'Itens', fields: ['lines', 'total'] },
    ],
  },
  actions: [deleteAction('Excluir os pedidos selecionados? Só rascunhos podem ser excluídos; os demais se cancelam, com o motivo.')],
  workflow: orderWorkflow,
  numbering: { field: 'number' },
  ownership: 'own',
  totals: { total: orderTotal },
});

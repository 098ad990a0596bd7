/**
 * Pedidos (/pedidos): a requester's purchase request (DOMAIN "Pedido"), from the catalogue or free
 * text. Lines (keyed: stable ids) carry a product or a description, quantity, unit, estimated
 * unit price and needed-by date; the total is computed by the server from the lines.
 * Lifecycle: rascunho → enviado → (fila de aprovação) aprovado | reprovado(motivo) → em cotação →
 * atendido; cancelado from any state before atendido. A requester (create scope, no read) sees and
 * changes only their own pedidos. API: supply `orders`.
 */
import * as z from 'zod/mini';
import { date, money } from '../documents';
import { lineAmount, sumAmounts } from '../money';
import { defineResource, optional, requiredText } from '../resource';
import { defineWorkflow, reasonInput } from '../workflow';
import { PRODUCT_UNITS } from './products';
import { notes } from './parts/common';

export const ORDER_STATES = ['draft', 'submitted', 'approved', 'rejected', 'quoting', 'fulfilled', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const quantity = () => z.int('Informe uma quantidade inteira.').check(z.minimum(1, 'A quantidade deve ser maior que zero.'), z.maximum(1_000_000_000, 'Quantidade grande demais.'));
const unitPrice = () => money().check(z.minimum(0, 'O preço não pode ser negativo.'));

export const orderLine = z.object({
  productId: optional(z.string().check(z.maxLength(64))),
  description: requiredText(240, 'Descreva o item.'),
  quantity: quantity(),
  unit: z.enum(PRODUCT_UNITS),
  unitPrice: unitPrice(),
  neededBy: optional(date()),
});

/** Total of the lines in centavos (quantity × estimated unit price); the form shows the same. */
export function orderTotal(values: Readonly<Record<string, unknown>>): number {
  const lines = Array.isArray(values.lines) ? (values.lines as Record<string, unknown>[]) : [];
  return sumAmounts(lines.map((line) => lineAmount(line.quantity, line.unitPrice)));
}

const UNIT_LABELS = { UN: 'Unidade', CX: 'Caixa', PCT: 'Pacote', KG: 'Quilograma', G: 'Grama', L: 'Litro', ML: 'Mililitro', M: 'Metro', M2: 'Metro quadrado', M3: 'Metro cúbico', H: 'Hora', SV: 'Serviço' };

export const orderWorkflow = defineWorkflow<OrderState>({
  field: 'status',
  initial: 'draft',
  states: {
    draft: { label: 'Rascunho', tone: 'neutral' },
    submitted: { label: 'Enviado', tone: 'info' },
    approved: { label: 'Aprovado', tone: 'success' },
    rejected: { label: 'Reprovado', tone: 'danger' },
    quoting: { label: 'Em cotação', tone: 'warning', locked: 'all' },
    fulfilled: { label: 'Atendido', tone: 'success', locked: 'all' },
    cancelled: { label: 'Cancelado', tone: 'neutral', locked: 'all' },
  },
  transitions: [
    { name: 'submit', label: 'Enviar para aprovação', verb: 'enviar', from: ['draft', 'rejected'], to: 'submitted', scope: 'create', ownerOnly: true, tone: 'primary' },
    { name: 'approve', label: 'Aprovar', verb: 'aprovar', from: ['submitted'], to: 'approved', scope: 'approve', system: true },
    { name: 'reject', label: 'Reprovar', verb: 'reprovar', from: ['submitted'], to: 'rejected', scope: 'approve', input: reasonInput, system: true },
    { name: 'startQuoting', label: 'Iniciar cotação', verb: 'enviar para cotação', from: ['approved'], to: 'quoting', scope: 'update', confirm: 'Enviar este pedido para cotação? Depois disso ele não pode mais ser alterado.' },
    { name: 'fulfil', label: 'Marcar como atendido', verb: 'marcar como atendido', from: ['quoting'], to: 'fulfilled', scope: 'update', confirm: 'Marcar este pedido como atendido?' },
    { name: 'cancel', label: 'Cancelar pedido', verb: 'cancelar', from: ['draft', 'submitted', 'approved', 'rejected', 'quoting'], to: 'cancelled', scope: 'create', input: reasonInput, confirm: 'Cancelar este pedido?', tone: 'danger' },
  ],
  approval: {
    submit: 'submit',
    approve: 'approve',
    reject: 'reject',
    amount: 'total',
    dimensions: { costCenterId: 'costCenterId', departmentId: 'departmentId' },
    watched: ['lines', 'costCenterId', 'departmentId'],
    restartFrom: ['submitted', 'approved'],
  },
});

export const orders = defineResource({
  name: 'orders',
  api: 'supply',
  path: 'orders',
  route: { base: '/pedidos', idParam: 'orderId' },
  permission: 'orders',
  labels: { one: 'Pedido', many: 'Pedidos', gender: 'm' },
  titleField: 'title',
  schema: z.object({
    number: z.int(),
    title: requiredText(160, 'Dê um título ao pedido.'),
    status: z.enum(ORDER_STATES),
    costCenterId: z.string().check(z.minLength(1, 'Escolha o centro de custos.'), z.maxLength(64)),
    departmentId: optional(z.string().check(z.maxLength(64))),
    neededBy: optional(date()),
    justification: notes(2000),
    lines: z.array(orderLine).check(z.minLength(1, 'Inclua ao menos um item.'), z.maxLength(200, 'No máximo 200 itens.')),
    total: money(),
  }),
  fields: {
    number: { type: 'integer', label: 'Número', readOnly: true },
    title: { type: 'text', label: 'Título' },
    status: { type: 'enum', label: 'Situação', readOnly: true, options: ORDER_STATES, optionLabels: Object.fromEntries(ORDER_STATES.map((s) => [s, orderWorkflow.states[s].label])) },
    costCenterId: { type: 'reference', label: 'Centro de custos', resource: 'costCenters' },
    departmentId: { type: 'reference', label: 'Departamento', resource: 'departments' },
    neededBy: { type: 'date', label: 'Necessário até' },
    justification: { type: 'longText', label: 'Justificativa' },
    lines: {
      type: 'list',
      label: 'Itens',
      keyed: true,
      addLabel: 'Adicionar item',
      of: {
        productId: { type: 'reference', label: 'Produto', resource: 'products' },
        description: { type: 'text', label: 'Descrição' },
        quantity: { type: 'integer', label: 'Quantidade', initial: 1 },
        unit: { type: 'enum', label: 'Unidade', options: PRODUCT_UNITS, optionLabels: UNIT_LABELS, initial: 'UN' },
        unitPrice: { type: 'money', label: 'Preço unitário estimado' },
        neededBy: { type: 'date', label: 'Necessário até' },
      },
    },
    total: { type: 'money', label: 'Total estimado', readOnly: true },
  },
  list: {
    columns: [{ field: 'number', sortable: true, width: '6rem' }, { field: 'title', sortable: true }, { field: 'status' }, { field: 'costCenterId' }, { field: 'total', sortable: true }, { field: 'createdBy' }, { field: 'createdAt', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['title', 'justification'],
    filters: [{ field: 'status' }, { field: 'costCenterId' }, { field: 'departmentId' }, { field: 'total' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Pedido', fields: ['title', 'costCenterId', 'departmentId', 'neededBy', 'justification'] },
      { key: 'lines', title: 'Itens', fields: ['lines', 'total'] },
    ],
  },
  workflow: orderWorkflow,
  ownership: 'own',
  totals: { total: orderTotal },
});

/**
 * Cotações (/cotacoes): a request for quotation to several suppliers for the lines of one or more
 * approved pedidos (DOMAIN "Cotação"). Lines come from the pedidos (the same product from two
 * pedidos is one line with the sum; each pedido line stays linked) or are typed by the buyer.
 * Each supplier's solicitação and its answers (orçamento) are `quoteRequests`, nested under the
 * cotação. Concluding takes the award per line (split between suppliers), with a justification
 * where the award is not the lowest price, and creates one ordem de compra per awarded supplier.
 * Lifecycle: aberta → solicitações enviadas → orçamentos recebidos → em análise → concluída |
 * cancelada. API: pricing `quotes`.
 */
import type * as z from 'zod/mini';
import type { RuleKit } from '../validation/rules';
import { defineResource } from '../define';
import { date, enumOf, integer, list, reference, text } from '../fields';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { PRODUCT_UNITS, UNIT_LABELS } from './parts/units';
import { notes } from './parts/common';
import type { RecordMapping } from '../mapping';

export const QUOTE_STATES = ['open', 'sent', 'received', 'analysing', 'concluded', 'cancelled'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
/** The states in which a cotação still takes suppliers and their answers (solicitações). */
export const QUOTE_TAKES_SUPPLIERS: readonly QuoteState[] = ['open', 'sent', 'received'];

export const QUOTE_MESSAGES = {
  noRequests: 'Inclua ao menos um fornecedor antes de enviar as solicitações.',
  noAnswers: 'Nenhum fornecedor respondeu ainda: registre ao menos um orçamento antes da análise.',
  notQuoted: 'Este fornecedor não cotou este item.',
  unknownLine: 'Item não encontrado nesta cotação.',
  unknownRequest: 'Solicitação não encontrada nesta cotação.',
  justify: 'Justifique a escolha: há preço menor para este item.',
  nothingAwarded: 'Escolha o fornecedor de ao menos um item.',
  twice: 'Cada item só pode ser adjudicado uma vez.',
  orderNotApproved: (number: number) => `O pedido nº ${number} não está aprovado: só pedidos aprovados entram em cotação.`,
  noOrders: 'Escolha ao menos um pedido.',
  noDelete: 'Cotações não são excluídas: use "Cancelar cotação", com o motivo (os pedidos voltam a aguardar cotação).',
} as const;

/** The award of one line (conclude's input). */
export const awardInput = ({ z }: RuleKit) => z.object({
  awards: z.array(z.strictObject({
    lineId: z.string().check(z.minLength(1), z.maxLength(64)),
    requestId: z.string().check(z.minLength(1), z.maxLength(64)),
    justification: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500, 'Use no máximo 500 caracteres.')))),
  })).check(z.minLength(1, QUOTE_MESSAGES.nothingAwarded), z.maxLength(200)),
});
export type AwardInput = z.infer<ReturnType<typeof awardInput>>;

export const quoteWorkflow = defineWorkflow<QuoteState>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Aberta', tone: 'neutral', phase: 'draft' },
    sent: { label: 'Solicitações enviadas', tone: 'info', phase: 'open', locked: ['lines'] },
    received: { label: 'Orçamentos recebidos', tone: 'info', phase: 'open', locked: ['lines'] },
    analysing: { label: 'Em análise', tone: 'warning', phase: 'open', locked: 'all' },
    concluded: { label: 'Concluída', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelada', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'send', label: 'Enviar solicitações', verb: 'enviar as solicitações de', from: ['open'], to: 'sent', scope: 'update', tone: 'primary', confirm: 'Enviar as solicitações aos fornecedores? Os itens não poderão mais ser alterados.' },
    { name: 'receive', label: 'Orçamentos recebidos', verb: 'receber orçamentos de', from: ['sent'], to: 'received', scope: 'update', system: true },
    { name: 'analyse', label: 'Iniciar análise', verb: 'analisar', from: ['sent', 'received'], to: 'analysing', scope: 'update', tone: 'primary', confirm: 'Encerrar o recebimento de orçamentos e iniciar a análise?' },
    { name: 'reopen', label: 'Voltar a receber orçamentos', verb: 'reabrir', from: ['analysing'], to: 'sent', scope: 'update' },
    { name: 'conclude', label: 'Concluir e gerar ordens de compra', verb: 'concluir', from: ['analysing'], to: 'concluded', scope: 'update', input: awardInput, tone: 'primary' },
    { name: 'cancel', label: 'Cancelar cotação', verb: 'cancelar', from: ['open', 'sent', 'received', 'analysing'], to: 'cancelled', scope: 'update', input: reasonInput, tone: 'danger', confirm: 'Cancelar esta cotação? Os pedidos voltam a aguardar cotação.' },
  ],
});

const QUOTE_LINE = {
  productId: reference('Produto', 'products', { optional: true }),
  description: text('Descrição', { max: 240, required: 'Descreva o item.' }),
  quantity: integer('Quantidade', { message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'A quantidade deve ser maior que zero.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.', initial: 1 }),
  unit: enumOf('Unidade', PRODUCT_UNITS, UNIT_LABELS, { initial: 'UN' }),
};

export const quotes = defineResource({
  name: 'quotes',
  api: 'pricing',
  path: 'quotes',
  route: { base: '/cotacoes', idParam: 'quoteId' },
  permission: 'quotes',
  labels: { one: 'Cotação', many: 'Cotações', gender: 'f' },
  titleField: 'title',
  fields: {
    number: integer('Número', { rule: ({ z }) => z.int(), readOnly: true }),
    title: text('Título', { max: 160, required: 'Dê um título à cotação.' }),
    status: enumOf('Situação', QUOTE_STATES, stateLabels(QUOTE_STATES, quoteWorkflow), { readOnly: true }),
    deadline: date('Prazo para respostas', { help: 'Até quando os fornecedores podem responder.' }),
    notes: notes('Observações aos fornecedores', 2000),
    lines: list('Itens', QUOTE_LINE, { keyed: true, addLabel: 'Adicionar item à cotação', min: 1, minMessage: 'Inclua ao menos um item.', max: 200, maxMessage: 'No máximo 200 itens.' }),
    origins: list('Pedidos de origem', {
      lineId: text('Item'),
      orderId: reference('Pedido', 'orders'),
      orderNumber: integer('Pedido nº'),
      quantity: integer('Quantidade'),
    }, { readOnly: true }),
    awards: list('Adjudicação', {
      lineId: text('Item'),
      requestId: reference('Solicitação', 'quoteRequests'),
      supplierId: reference('Fornecedor', 'suppliers'),
      purchaseOrderId: reference('Ordem de compra', 'purchaseOrders', { optional: true }),
      justification: text('Justificativa', { optional: true }),
    }, { readOnly: true }),
  },
  list: {
    columns: [{ field: 'number', sortable: true, width: '96px' }, { field: 'title', sortable: true }, { field: 'status' }, { field: 'deadline', sortable: true }, { field: 'createdBy' }, { field: 'createdAt', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['number', 'title'],
    filters: [{ field: 'status' }, { field: 'deadline' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Cotação', fields: ['title', 'deadline', 'notes'] },
      { key: 'lines', title: 'Itens', fields: ['lines'] },
      { key: 'origins', title: 'Pedidos e adjudicação', fields: ['origins', 'awards'] },
    ],
  },
  workflow: quoteWorkflow,
  numbering: { field: 'number' },
});

/** Pedidos → cotação: their lines, the same product (or the same description and unit) merged with the quantities added. */
export const ordersToQuote: RecordMapping = {
  name: 'ordersToQuote',
  from: 'orders',
  to: 'quotes',
  fields: { title: 'title', deadline: 'deadline', notes: 'notes' },
  lines: {
    from: 'lines',
    to: 'lines',
    fields: { productId: 'productId', description: 'description', quantity: 'quantity', unit: 'unit' },
    mergeOn: ['productId', 'description', 'unit'],
    sum: ['quantity'],
    quantity: 'quantity',
  },
};

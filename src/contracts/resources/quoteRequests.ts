/**
 * Solicitações of a cotação (/cotacoes/{quoteId}/orcamentos): one per supplier, nested under its
 * cotação (DOMAIN "Solicitação / Orçamento"). The orçamento is the supplier's answer: per cotação
 * line a unit price, the quantity offered and the lead time, plus freight, payment terms, validity,
 * notes and a proposal PDF — typed in by the buyer, or by the supplier through the link sent by
 * e-mail. Its total is computed from the answers (centavos). API: pricing `quotes/{quoteId}/requests`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { date, email, enumOf, file, integer, list, money, reference, text } from '../fields';
import { lineAmount, sumAmounts } from '../money';
import { defineWorkflow, stateLabels } from '../workflow';
import { notes } from './parts/common';

export const QUOTE_REQUEST_STATES = ['pending', 'answered', 'declined'] as const;
export type QuoteRequestState = (typeof QUOTE_REQUEST_STATES)[number];

export const quoteRequestWorkflow = defineWorkflow<QuoteRequestState>({
  field: 'status',
  initial: 'pending',
  states: {
    pending: { label: 'Aguardando resposta', tone: 'info', phase: 'open' },
    answered: { label: 'Respondida', tone: 'success', phase: 'open' },
    declined: { label: 'Declinada', tone: 'neutral', phase: 'void' },
  },
  transitions: [
    { name: 'answer', label: 'Registrar orçamento', verb: 'registrar o orçamento de', from: ['pending', 'answered'], to: 'answered', scope: 'update', tone: 'primary' },
    { name: 'decline', label: 'Fornecedor declinou', verb: 'declinar', from: ['pending', 'answered'], to: 'declined', scope: 'update' },
  ],
});

/** Σ answered lines (unit price × quantity offered) + freight, in centavos. */
export function requestTotal(values: Readonly<Record<string, unknown>>): number {
  const answers = Array.isArray(values.answers) ? (values.answers as Record<string, unknown>[]) : [];
  const lines = answers.filter((answer) => answer.unitPrice !== null && answer.unitPrice !== undefined).map((answer) => lineAmount(answer.quantity, answer.unitPrice));
  return sumAmounts([...lines, Number(values.freight ?? 0)]);
}

export const quoteRequests = defineResource({
  name: 'quoteRequests',
  api: 'pricing',
  path: 'quotes/{quoteId}/requests',
  route: { base: '/cotacoes/{quoteId}/orcamentos', idParam: 'requestId' },
  permission: 'quotes',
  parent: { resource: 'quotes', param: 'quoteId' },
  labels: { one: 'Solicitação', many: 'Solicitações', gender: 'f' },
  titleField: 'supplierId',
  fields: {
    supplierId: reference('Fornecedor', 'suppliers', { required: 'Escolha o fornecedor.' }),
    contactEmail: email('E-mail do fornecedor', { optional: true, help: 'Para onde vai o link de resposta.' }),
    status: enumOf('Situação', QUOTE_REQUEST_STATES, stateLabels(QUOTE_REQUEST_STATES, quoteRequestWorkflow), { readOnly: true }),
    answers: list('Preços', {
      lineId: text('Item', { max: 64 }),
      unitPrice: money('Preço unitário', { optional: true, min: 0, minMessage: 'O preço não pode ser negativo.' }),
      quantity: integer('Quantidade ofertada', { message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'A quantidade deve ser maior que zero.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.' }),
      leadTimeDays: integer('Prazo de entrega (dias)', { optional: true, min: 0, max: 3650, minMessage: 'O prazo não pode ser negativo.', maxMessage: 'Prazo longo demais.' }),
    }, { max: 200, addLabel: 'Adicionar preço' }),
    freight: money('Frete', { optional: true, min: 0, minMessage: 'O frete não pode ser negativo.' }),
    paymentTerms: text('Condição de pagamento', { max: 40, optional: true, help: 'Por exemplo 30/60/90, 10x ou à vista.' }),
    validUntil: date('Validade da proposta', { optional: true }),
    notes: notes('Observações'),
    proposalFileId: file('Proposta (PDF)', { optional: true, accept: ['application/pdf'] }),
    total: money('Total', { readOnly: true }),
  },
  list: {
    columns: [{ field: 'supplierId' }, { field: 'status' }, { field: 'total', sortable: true }, { field: 'validUntil' }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'createdAt',
    searchFields: ['notes'],
  },
  form: {
    sections: [
      { key: 'supplier', title: 'Fornecedor', fields: ['supplierId', 'contactEmail'] },
      { key: 'answers', title: 'Orçamento', fields: ['answers', 'freight', 'paymentTerms', 'validUntil', 'notes', 'proposalFileId', 'total'] },
    ],
  },
  workflow: quoteRequestWorkflow,
  // A new answer link to the supplier's e-mail (server/pricing/supplier-link.ts); the previous one stops working.
  actions: [{ name: 'resendLink', label: 'Reenviar link', scope: 'update', row: true, confirm: 'Enviar um novo link de resposta ao fornecedor? O link enviado antes deixa de valer.' }],
  totals: { total: requestTotal },
});

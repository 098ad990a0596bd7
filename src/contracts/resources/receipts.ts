/**
 * Entregas (/receipts): what arrived against an ordem de compra (DOMAIN "Entrega"): per line the
 * quantity received and the quantity rejected with a reason. Partial entregas add up; the ordem de
 * compra follows (parcialmente entregue → entregue). Receiving more than ordered beyond the
 * organisation's tolerance is refused. An entrega is a fact: it is never edited nor deleted.
 * API: pricing `receipts`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { date, integer, list, reference, text } from '../fields';
import { notes } from './parts/common';
import { ORDER_LINE } from './parts/orderLine';
import { withDef } from '../fields/field';

export const RECEIPT_MESSAGES = {
  notReceivable: (number: number, state: string) => `A ordem de compra nº ${number} está ${state.toLowerCase()}: só ordens enviadas recebem entregas.`,
  unknownLine: 'Item não encontrado nesta ordem de compra.',
  nothing: 'Informe a quantidade recebida ou rejeitada de ao menos um item.',
  tooMuch: (max: number) => `Quantidade acima do pedido: ainda cabem ${max} (com a tolerância).`,
  reason: 'Informe o motivo da rejeição.',
  immutable: 'Entregas não são alteradas nem excluídas: registre uma nova entrega para corrigir.',
  twice: 'Cada item aparece uma vez por entrega.',
} as const;

export const receipts = defineResource({
  name: 'receipts',
  api: 'pricing',
  path: 'receipts',
  route: { base: '/receipts', idParam: 'receiptId' },
  permission: 'receipts',
  labels: { one: 'Entrega', many: 'Entregas', gender: 'f' },
  titleField: 'number',
  fields: {
    number: integer('Número', { rule: ({ z }) => z.int(), readOnly: true }),
    purchaseOrderId: reference('Ordem de compra', 'purchaseOrders', { required: 'Escolha a ordem de compra.' }),
    receivedOn: date('Recebido em'),
    document: text('Documento de transporte', { max: 60, optional: true, help: 'Número da nota ou do canhoto, se houver.' }),
    notes: notes('Observações'),
    lines: list('Itens recebidos', {
      purchaseOrderLineId: withDef(text('Item da ordem', { max: 64 }), { lineOf: ORDER_LINE }),
      received: integer('Quantidade recebida', { message: 'Informe uma quantidade inteira.', min: 0, minMessage: 'A quantidade não pode ser negativa.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.', initial: 0 }),
      rejected: integer('Quantidade rejeitada', { message: 'Informe uma quantidade inteira.', min: 0, minMessage: 'A quantidade não pode ser negativa.', max: 1_000_000_000, maxMessage: 'Quantidade grande demais.', initial: 0 }),
      rejectionReason: text('Motivo da rejeição', { max: 240, optional: true }),
    }, { min: 1, minMessage: 'Inclua ao menos um item.', max: 200, addLabel: 'Adicionar item recebido' }),
  },
  list: {
    columns: [{ field: 'number', sortable: true, width: '96px' }, { field: 'purchaseOrderId' }, { field: 'receivedOn', sortable: true }, { field: 'createdBy' }, { field: 'createdAt', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['number', 'document', 'notes'],
    filters: [{ field: 'purchaseOrderId' }, { field: 'receivedOn' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Entrega', fields: ['purchaseOrderId', 'receivedOn', 'document', 'notes'] },
      { key: 'lines', title: 'Itens', fields: ['lines'] },
    ],
  },
  numbering: { field: 'number' },
});

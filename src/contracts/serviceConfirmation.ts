/**
 * A service line is received by the requester's confirmation (issue 24). An ordem de compra line
 * whose product is a service (products `kind: service`) takes no entrega from the buyer: the
 * requester of the pedido it came from (pedido line → cotação line → ordem line, `record_links`)
 * confirms it from their pedido — "Confirmar prestação do serviço" with the date and an optional
 * note, which records the entrega of their share on their behalf — or contests it with a reason,
 * which holds the faturamento of that line until they confirm. A typed line without a product is
 * goods: to have a service confirmed by its requester, the pedido names a service product.
 * `GET /v1/pricing/orders/{orderId}/services`, `POST …/services/{lineId}/confirm|contest`.
 */
import * as z from 'zod/mini';
import { date as dateRule } from './documents';
import { defineEndpoint } from './endpoint';

export const SERVICE_MESSAGES = {
  byRequester: (line: number, description: string) =>
    `O item ${line} (${description}) é um serviço: quem confirma a prestação é o requisitante, no próprio pedido.`,
  notOwn: 'Só o requisitante deste pedido confirma os serviços dele.',
  notService: 'Este item não é um serviço deste pedido.',
  notReceivable: (number: number, state: string) => `A ordem de compra nº ${number} está ${state.toLowerCase()}: o serviço não pode ser confirmado agora.`,
  already: 'A prestação deste serviço já foi confirmada.',
  nothing: 'Nada a confirmar: este item já foi todo recebido.',
  contested: (line: number, description: string) =>
    `O item ${line} (${description}) está contestado pelo requisitante: aguarde a confirmação da prestação antes de aceitar o faturamento.`,
  receiptNote: (number: number, note: string | null) => `Prestação confirmada pelo requisitante no pedido nº ${number}.${note ? ` ${note}` : ''}`,
} as const;

export const SERVICE_STATES = ['pending', 'confirmed', 'contested'] as const;

const serviceLine = z.object({
  purchaseOrderLineId: z.string(),
  purchaseOrderId: z.string(),
  purchaseOrderNumber: z.int(),
  purchaseOrderStatus: z.string(),
  description: z.string(),
  quantity: z.int(),
  status: z.enum(SERVICE_STATES),
  performedOn: z.nullable(z.string()),
  note: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** The caller is the pedido's requester and the line still takes a confirmation or a contest. */
  mayConfirm: z.boolean(),
});
export type ServiceLine = z.infer<typeof serviceLine>;

const params = z.object({ orderId: z.string().check(z.maxLength(64)) });
const lineParams = z.object({ orderId: z.string().check(z.maxLength(64)), lineId: z.string().check(z.maxLength(64)) });

export const serviceLinesEndpoint = defineEndpoint({
  family: 'pricing',
  method: 'GET',
  path: 'orders/{orderId}/services',
  summary: 'Os serviços de um pedido que aguardam a confirmação do requisitante',
  params,
  answer: z.array(serviceLine),
});

export const confirmServiceBody = z.strictObject({
  performedOn: dateRule(),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(240, 'Use no máximo 240 caracteres.')))),
});

export const confirmServiceEndpoint = defineEndpoint({
  family: 'pricing',
  method: 'POST',
  path: 'orders/{orderId}/services/{lineId}/confirm',
  summary: 'O requisitante confirma a prestação de um serviço do seu pedido (registra a entrega)',
  params: lineParams,
  body: confirmServiceBody,
  answer: serviceLine,
});

export const contestServiceBody = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1, 'Informe o motivo da contestação.'), z.maxLength(240, 'Use no máximo 240 caracteres.')),
});

export const contestServiceEndpoint = defineEndpoint({
  family: 'pricing',
  method: 'POST',
  path: 'orders/{orderId}/services/{lineId}/contest',
  summary: 'O requisitante contesta a prestação de um serviço do seu pedido',
  params: lineParams,
  body: contestServiceBody,
  answer: serviceLine,
});

/**
 * Cotações › Fila: "Iniciar cotação" for the selected approved pedidos — one cotação with their
 * lines (the same product merged, each pedido line linked), each pedido "em cotação".
 * `POST /v1/pricing/quotes/from-orders` → the new cotação's id and number.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { date as dateRule } from './documents';

export const quoteFromOrdersBody = z.strictObject({
  orderIds: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1, 'Escolha ao menos um pedido.'), z.maxLength(100, 'No máximo 100 pedidos por cotação.')),
  title: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(160, 'Use no máximo 160 caracteres.')))),
  deadline: z.optional(z.nullable(dateRule())),
});

export const quoteFromOrdersEndpoint = defineEndpoint({
  family: 'pricing',
  method: 'POST',
  path: 'quotes/from-orders',
  summary: 'Abre uma cotação com os itens dos pedidos aprovados escolhidos',
  body: quoteFromOrdersBody,
  answer: z.object({ id: z.string(), number: z.int() }),
});

/**
 * Faturamentos: an NF-e XML (nfeProc, layout 4.00) imported against an ordem de compra
 * (`POST /v1/pricing/invoices/import-nfe`) → 201 with the faturamento, matched three ways. Refused
 * with a pt-BR message naming the problem and nothing stored: not XML or not an NF-e, a DOCTYPE,
 * no authorisation, a wrong chave, totals that do not add up, an emitter that is not the ordem's
 * supplier, a recipient that is not this organisation, a chave already imported (409).
 */
export const importNfeBody = z.strictObject({
  purchaseOrderId: z.string().check(z.minLength(1, 'Escolha a ordem de compra.'), z.maxLength(64)),
  xml: z.string().check(z.minLength(1, 'Envie o XML da NF-e.'), z.maxLength(5 * 1024 * 1024, 'O XML passa de 5 MB.')),
  categoryId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});

export const importNfeEndpoint = defineEndpoint({
  family: 'pricing',
  method: 'POST',
  path: 'invoices/import-nfe',
  summary: 'Importa o XML de uma NF-e como faturamento de uma ordem de compra',
  body: importNfeBody,
  answer: z.object({ id: z.string() }),
});

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

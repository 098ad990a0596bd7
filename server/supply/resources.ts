/**
 * Storage of the supply family's registries (`/v1/supply`):
 * - the product department tree (`categories` → `product_categories`; the slug is unique among
 *   siblings, a node cannot move under itself or a descendant, a node with children or products is
 *   not deleted);
 * - pedidos (`orders`, lines in `order_lines` with stable ids), numbered per organisation (one
 *   atomic counter); numbering and the approval plug are declared (the service and
 *   registry/families.ts apply them). A pedido's own "Iniciar cotação" opens a cotação with its
 *   lines (server/pricing/quotes.ts); one that entered a cotação from Cotações › Fila is already in it.
 */
import { categories, orders } from '../../src/contracts/resources/index.js';
import { orderLineIssues, pastNeedIssues } from '../../src/contracts/resources/orders.js';
import { todayIn } from '../approvals/engine.js';
import { HttpError, MESSAGES } from '../errors.js';
import type { Call, Values, WireRecord } from '../registry/storage.js';
import { liveQuoteOf, quoteFromOrders } from '../pricing/quotes.js';
import { declaredStorage } from '../registry/declared.js';
import type { Storages } from '../registry/storage.js';

/** A need-by date set in the past is a 400 on its field (issue 27 §3); an unchanged old one is left alone. */
function refusePastNeed(call: Call, values: Values, before?: WireRecord): void {
  const errors = pastNeedIssues(values, before, todayIn(call.ctx.clock()));
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.validation, errors);
}

export const supplyStorages: Storages = {
  categories: declaredStorage(categories, 'product_categories'),
  orders: declaredStorage(orders, 'orders', {
    children: {
      lines: { table: 'order_lines', own: 'order_id' },
    },
    validate: (values) => orderLineIssues(values),
    beforeCreate: async (_trx, call, values) => refusePastNeed(call, values),
    beforeUpdate: async (_trx, call, values, before) => refusePastNeed(call, values, before),
    transitions: {
      async startQuoting(trx, call, before) {
        if (await liveQuoteOf(trx, call, before.id)) return;
        const quote = await quoteFromOrders(trx, call, [before.id], {}, true);
        return { note: `Cotação nº ${quote.number} aberta.` };
      },
    },
  }),
};

/** `POST /v1/pricing/quotes/from-orders`: one cotação for several approved pedidos (Cotações › Fila). */
import type { FastifyInstance } from 'fastify';
import { quoteFromOrdersEndpoint } from '../../src/contracts/quoting.js';
import { quotes } from '../../src/contracts/resources/quotes.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import { hasScope } from '../identity/users.js';
import { quoteFromOrders } from './quotes.js';

export function pricingRoutes(ctx: AppContext) {
  return async function pricing(app: FastifyInstance) {
    serveEndpoint(app, quoteFromOrdersEndpoint, { onRequest: app.requireAccess, tags: ['Cotações'] }, async (request, reply) => {
      const { userId, orgId, accessLevel } = request.auth!;
      const allowed = (await hasScope(ctx.db, { id: userId, orgId, accessLevel }, 'quotes', 'create')) && (await hasScope(ctx.db, { id: userId, orgId, accessLevel }, 'orders', 'update'));
      if (!allowed) throw forbidden();
      const service = ctx.records(quotes.name);
      const quote = await service.run({ userId, orgId, accessLevel }, { request }, (trx, call) => quoteFromOrders(trx, call, request.body.orderIds, request.body));
      reply.code(201);
      return { id: quote.id, number: Number(quote.number) };
    });
  };
}

/**
 * Pricing calls that are not CRUD: `POST quotes/from-orders` (one cotação for several approved
 * pedidos, Cotações › Fila) and `POST invoices/import-nfe` (a faturamento from an NF-e XML).
 */
import type { FastifyInstance } from 'fastify';
import { importNfeEndpoint, quoteFromOrdersEndpoint } from '../../src/contracts/quoting.js';
import { invoices } from '../../src/contracts/resources/invoices.js';
import { quotes } from '../../src/contracts/resources/quotes.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import { hasScope } from '../identity/users.js';
import { invoiceFromNfe } from './nfe-invoice.js';
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

    serveEndpoint(app, importNfeEndpoint, { onRequest: app.requireAccess, tags: ['Faturamentos'] }, async (request, reply) => {
      const { userId, orgId, accessLevel } = request.auth!;
      if (!(await hasScope(ctx.db, { id: userId, orgId, accessLevel }, 'invoices', 'create'))) throw forbidden();
      const service = ctx.records(invoices.name);
      const invoice = await service.run({ userId, orgId, accessLevel }, { request }, async (trx, call) => {
        const values = await invoiceFromNfe(trx, call, request.body.xml, request.body.purchaseOrderId);
        return service.create(trx, call, { ...values, categoryId: request.body.categoryId ?? null, costCenterId: null });
      });
      reply.code(201);
      return { id: invoice.id };
    });
  };
}

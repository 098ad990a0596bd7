/**
 * Pricing calls that are not CRUD: `POST quotes/from-orders` (one cotação for several approved
 * pedidos, Cotações › Fila), `POST invoices/import-nfe` (a faturamento from an NF-e XML) and the
 * requester's services (`orders/{orderId}/services`: list, confirm, contest — the pedido's own
 * requester, with `orders: create`; whoever reads pedidos sees the list).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importNfeEndpoint, quoteFromOrdersEndpoint } from '../../src/contracts/quoting.js';
import { invoices } from '../../src/contracts/resources/invoices.js';
import { quotes } from '../../src/contracts/resources/quotes.js';
import { receipts } from '../../src/contracts/resources/receipts.js';
import { confirmServiceEndpoint, contestServiceEndpoint, serviceLinesEndpoint } from '../../src/contracts/serviceConfirmation.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import { hasScope } from '../identity/users.js';
import { invoiceFromNfe } from './nfe-invoice.js';
import { quoteFromOrders } from './quotes.js';
import { confirmService, contestService, serviceLines } from './service-confirmations.js';

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
        // The category is the person's choice (an active one); the rest comes from the NF-e and its ordem.
        return service.create(trx, call, { ...values, categoryId: request.body.categoryId ?? null, costCenterId: null }, {}, { chosenByPerson: { before: values } });
      });
      reply.code(201);
      return { id: invoice.id };
    });

    type Params = { orderId: string; lineId: string };
    const caller = async (request: FastifyRequest) => {
      const { userId, orgId, accessLevel } = request.auth!;
      const user = { id: userId, orgId, accessLevel };
      return { userId, orgId, accessLevel, mayCreate: await hasScope(ctx.db, user, 'orders', 'create'), mayRead: await hasScope(ctx.db, user, 'orders', 'read') };
    };
    serveEndpoint(app, serviceLinesEndpoint, { onRequest: app.requireAccess, tags: ['Pedidos'] }, async (request) => {
      const who = await caller(request);
      if (!who.mayCreate && !who.mayRead) throw forbidden();
      const { orderId } = request.params as Params;
      return ctx.records(receipts.name).run(who, { request }, (trx, call) => serviceLines(trx, call, orderId, who.mayRead));
    });
    serveEndpoint(app, confirmServiceEndpoint, { onRequest: app.requireAccess, tags: ['Pedidos'] }, async (request) => {
      const who = await caller(request);
      if (!who.mayCreate) throw forbidden();
      const { orderId, lineId } = request.params as Params;
      return ctx.records(receipts.name).run(who, { request }, (trx, call) => confirmService(trx, call, orderId, lineId, request.body, who.mayRead));
    });
    serveEndpoint(app, contestServiceEndpoint, { onRequest: app.requireAccess, tags: ['Pedidos'] }, async (request) => {
      const who = await caller(request);
      if (!who.mayCreate) throw forbidden();
      const { orderId, lineId } = request.params as Params;
      return ctx.records(receipts.name).run(who, { request }, (trx, call) => contestService(trx, call, orderId, lineId, request.body, who.mayRead));
    });
  };
}

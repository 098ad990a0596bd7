/**
 * `GET /api/finance-reporting/home/figures` (contracts/dashboards.ts): the figures of the caller's
 * home in one call — what each role works on. Every figure is computed only when the caller may
 * read its resource (else null), always inside the caller's tenant (named in every query and under
 * its row-level security). What falls due is the work of who keeps the payables / receivables
 * (`update`), not of an approver who only reads them. "Today" is São Paulo's calendar date; "the week" is today and the six
 * days after it; an open parcela is one in a live phase of its workflow (amount − paid).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { BUYING_STATES, homeFiguresEndpoint, type HomeFigures } from '../../../src/contracts/dashboards.js';
import { payableInstallments } from '../../../src/contracts/resources/index.js';
import { findTransition } from '../../../src/contracts/workflow.js';
import { waitingFor } from '../../approvals/routes.js';
import { todayIn } from '../../approvals/engine.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import { serveEndpoint } from '../../http/endpoint.js';
import { scopeSubject } from '../../identity/guard.js';
import { hasScope } from '../../identity/users.js';
import { accountBalances, addDays, asFigure, dueFigures, OPEN_STATES } from './figures.js';

const payable = payableInstallments.workflow!;
const ATTEST_FROM = findTransition(payable, 'attest')!.from;
const PAYMENT_QUEUE = findTransition(payable, 'attest')!.to;

export function homeFiguresRoutes(ctx: AppContext) {
  return async function homeFigures(app: FastifyInstance) {
    serveEndpoint(app, homeFiguresEndpoint, { onRequest: app.requireAccess, tags: ['Painéis'] }, async (request): Promise<HomeFigures> => {
      const auth = request.auth!;
      const { userId, orgId } = auth;
      const user = scopeSubject(auth);
      const may = (resource: string, scope: string) => hasScope(ctx.db, user, resource, scope);
      const [accounts, payables, receivables, authorises, attests, orders, quotes, purchaseOrders] = await Promise.all([
        may('bankAccounts', 'read'), may('payables', 'update'), may('receivables', 'update'), may('paymentQueue', 'approve'),
        may('requesterQueue', 'create'), may('orders', 'create'), may('quotes', 'create'), may('purchaseOrders', 'read'),
      ]);
      const today = todayIn(ctx.clock());
      const weekEnd = addDays(today, 6);
      return withTenant(ctx.tenantDb, orgId, async (trx) => {
        const installments = async (where: RawBuilder<unknown>) => {
          const row = (await sql<{ n: string; a: string | null }>`SELECT count(*)::text AS n, sum(i.amount - i.paid_amount)::text AS a FROM installments i
            WHERE i.org_id = ${orgId} AND i.direction = 'payable' AND ${where}`.execute(trx)).rows[0];
          return asFigure(row.n, row.a);
        };
        const records = async (table: 'orders' | 'purchase_orders', states: readonly string[]) => {
          const row = (await sql<{ n: string; a: string | null }>`SELECT count(*)::text AS n, sum(total)::text AS a FROM ${sql.table(table)}
            WHERE org_id = ${orgId} AND status IN (${sql.join([...states])})`.execute(trx)).rows[0];
          return asFigure(row.n, row.a);
        };
        const waiting = (await sql<{ n: string; a: string | null }>`SELECT count(*)::text AS n, sum(f.amount)::text AS a FROM approval_flows f
          JOIN approval_flow_stages s ON s.flow_id = f.id AND s.position = f.current_position WHERE ${waitingFor(userId, orgId, today)}`.execute(trx)).rows[0];
        return {
          today,
          weekEnd,
          openStates: OPEN_STATES,
          accounts: accounts
            ? (await accountBalances(trx, orgId, today)).map(({ id, name, balance }) => ({ id, name, balance }))
            : null,
          payables: payables ? await dueFigures(trx, orgId, 'payable', today, weekEnd) : null,
          receivables: receivables ? await dueFigures(trx, orgId, 'receivable', today, weekEnd) : null,
          awaitingAuthorization: authorises ? await installments(sql`i.status = ${PAYMENT_QUEUE} AND i.created_by IS DISTINCT FROM ${userId}`) : null,
          awaitingMyAttest: attests ? await installments(sql`i.status IN (${sql.join(ATTEST_FROM)}) AND i.requester_id = ${userId}`) : null,
          waitingForMe: asFigure(waiting.n, waiting.a),
          myOrders: orders
            ? Object.fromEntries((await sql<{ status: string; n: string }>`SELECT status, count(*)::text AS n FROM orders WHERE org_id = ${orgId} AND created_by = ${userId} GROUP BY 1`.execute(trx)).rows.map((r) => [r.status, Number(r.n)]))
            : null,
          ordersToQuote: quotes ? await records('orders', BUYING_STATES.toQuote) : null,
          purchaseOrders: purchaseOrders
            ? { awaitingDelivery: await records('purchase_orders', BUYING_STATES.awaitingDelivery), awaitingInvoice: await records('purchase_orders', BUYING_STATES.awaitingInvoice) }
            : null,
        };
      });
    });
  };
}

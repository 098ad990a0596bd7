/**
 * `GET /api/finance/summary`: the finance counts of "Minhas pendências" (contracts/financeSummary).
 * Each count only for who may act on it: the atesto with `requesterQueue`, authorisation with
 * `paymentQueue: approve` (never one's own lançamentos), overdue with `payables: read`. Overdue
 * is by the São Paulo calendar date.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { financeSummaryEndpoint } from '../../src/contracts/financeSummary.js';
import { payableInstallments } from '../../src/contracts/resources/index.js';
import { findTransition, LIVE_PHASES } from '../../src/contracts/workflow.js';
import { todayIn } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { serveEndpoint } from '../http/endpoint.js';
import { hasScope } from '../identity/users.js';
import { inPhases } from '../registry/phases.js';

const workflow = payableInstallments.workflow!;
/** "Waiting for my atesto": where the atesto can run. */
const awaitingAttest = sql`status IN (${sql.join(findTransition(workflow, 'attest')!.from)})`;
/** "In the payment queue": where the atesto sends a parcela (the list the counter links to). */
const inPaymentQueue = sql`status = ${findTransition(workflow, 'attest')!.to}`;

export function financeSummaryRoutes(ctx: AppContext) {
  return async function summary(app: FastifyInstance) {
    serveEndpoint(app, financeSummaryEndpoint, { onRequest: app.requireAccess, tags: ['Contas a pagar'] }, async (request) => {
      const { userId, orgId, accessLevel } = request.auth!;
      const user = { id: userId, orgId, accessLevel };
      // Overdue payables are the work of whoever keeps the payables (update), not of an approver who only reads them.
      const [attests, authorises, works] = await Promise.all([
        hasScope(ctx.db, user, 'requesterQueue', 'create'),
        hasScope(ctx.db, user, 'paymentQueue', 'approve'),
        hasScope(ctx.db, user, 'payables', 'update'),
      ]);
      const today = todayIn(ctx.clock());
      return withTenant(ctx.tenantDb, orgId, async (trx) => {
        const counts = await sql<{ attest: string; authorise: string; overdue: string }>`SELECT
          (SELECT count(*) FROM installments WHERE org_id = ${orgId} AND direction = 'payable' AND ${awaitingAttest} AND requester_id = ${userId})::text AS attest,
          (SELECT count(*) FROM installments WHERE org_id = ${orgId} AND direction = 'payable' AND ${inPaymentQueue} AND created_by IS DISTINCT FROM ${userId})::text AS authorise,
          (SELECT count(*) FROM installments WHERE org_id = ${orgId} AND direction = 'payable' AND due_date < ${today} AND ${inPhases(sql.ref('status'), workflow, LIVE_PHASES)})::text AS overdue`.execute(trx);
        const row = counts.rows[0];
        return {
          awaitingMyAttest: attests ? Number(row.attest) : null,
          awaitingAuthorization: authorises ? Number(row.authorise) : null,
          overduePayables: works ? Number(row.overdue) : null,
        };
      });
    });
  };
}

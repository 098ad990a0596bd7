/**
 * `GET /api/finance/summary`: the finance counts of "Minhas pendências" (contracts/financeSummary).
 * Each count only for who may act on it: the atesto with `requesterQueue`, authorisation with
 * `paymentQueue: approve` (never one's own lançamentos), overdue with `payables: read`. Overdue
 * is by the São Paulo calendar date.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { financeSummary } from '../../src/contracts/financeSummary.js';
import { todayIn } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { hasScope } from '../identity/users.js';

const BEARER = [{ bearerAuth: [] }];

export function financeSummaryRoutes(ctx: AppContext) {
  return async function summary(app: FastifyInstance) {
    app.get('/summary', { onRequest: app.requireAccess, schema: { tags: ['Contas a pagar'], summary: 'Minhas pendências financeiras: atesto, autorização e vencidas', security: BEARER, response: { 200: financeSummary } } }, async (request) => {
      const { userId, orgId, accessLevel } = request.auth!;
      const user = { id: userId, orgId, accessLevel };
      const [attests, authorises, reads] = await Promise.all([
        hasScope(ctx.db, user, 'requesterQueue', 'create'),
        hasScope(ctx.db, user, 'paymentQueue', 'approve'),
        hasScope(ctx.db, user, 'payables', 'read'),
      ]);
      const today = todayIn(ctx.clock());
      return withTenant(ctx.tenantDb, orgId, async (trx) => {
        const counts = await sql<{ attest: string; authorise: string; overdue: string }>`SELECT
          (SELECT count(*) FROM installments WHERE org_id = ${orgId} AND direction = 'payable' AND status = 'awaiting_requester' AND requester_id = ${userId})::text AS attest,
          (SELECT count(*) FROM installments WHERE org_id = ${orgId} AND direction = 'payable' AND status = 'queued' AND created_by IS DISTINCT FROM ${userId})::text AS authorise,
          (SELECT count(*) FROM installments WHERE org_id = ${orgId} AND direction = 'payable' AND due_date < ${today} AND status NOT IN ('paid', 'cancelled'))::text AS overdue`.execute(trx);
        const row = counts.rows[0];
        return {
          awaitingMyAttest: attests ? Number(row.attest) : null,
          awaitingAuthorization: authorises ? Number(row.authorise) : null,
          overduePayables: reads ? Number(row.overdue) : null,
        };
      });
    });
  };
}

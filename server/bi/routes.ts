/**
 * `GET /api/finance-reporting/reports/{dre,cash-flow,drill}` (contracts/reports.ts): read-only,
 * `financeReports: read`, the tenant from the token only (every query names it and runs under its
 * row-level security). The summaries are kept in the same transaction as each write (migration
 * 0030), so a report read right after a baixa already counts it.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { cashFlowEndpoint, dreEndpoint, drillEndpoint, REPORT_MESSAGES, REPORT_PERMISSION, type Basis, type DrillKey, type Grain } from '../../src/contracts/reports.js';
import { todayIn } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { fieldError } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import { cashFlowReport, dreReport, drill } from './reports.js';
import { reportAccess, reportOrg } from './tokens.js';

const TAGS = ['Relatórios'];
const MAX_DAYS: Record<Grain, number> = { day: 366, week: 3 * 366, month: 3 * 366 };
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

function checkRange(from: string, to: string, grain: Grain) {
  if (to < from) throw fieldError('to', REPORT_MESSAGES.range);
  if (days(from, to) > MAX_DAYS[grain]) throw fieldError('to', REPORT_MESSAGES.tooLong);
}

export function biReportRoutes(ctx: AppContext) {
  return async function reports(app: FastifyInstance) {
    const onRequest = [app.requireAccess, app.requireScope(REPORT_PERMISSION, 'read') as unknown as onRequestHookHandler];
    // DRE and fluxo de caixa also answer a token de conta (tokens.ts), in JSON or CSV.
    serveEndpoint(app, dreEndpoint, { ...reportAccess(ctx, app, 'dre'), tags: TAGS }, async (request) => {
      const query = request.query as { year: number; basis?: Basis; bankAccountId?: string; costCenterId?: string };
      const orgId = reportOrg(request);
      return withTenant(ctx.tenantDb, orgId, (trx) => dreReport(trx, orgId, { ...query, basis: query.basis ?? 'competence' }, todayIn(ctx.clock())));
    });
    serveEndpoint(app, cashFlowEndpoint, { ...reportAccess(ctx, app, 'cashFlow'), tags: TAGS }, async (request) => {
      const query = request.query as { from: string; to: string; grain?: Grain; bankAccountId?: string };
      const grain = query.grain ?? 'week';
      checkRange(query.from, query.to, grain);
      const orgId = reportOrg(request);
      return withTenant(ctx.tenantDb, orgId, (trx) => cashFlowReport(trx, orgId, { ...query, grain }, todayIn(ctx.clock())));
    });
    serveEndpoint(app, drillEndpoint, { onRequest, tags: TAGS }, async (request) => {
      const query = request.query as DrillKey & { from: string; to: string };
      checkRange(query.from, query.to, 'month');
      const orgId = request.auth!.orgId;
      return withTenant(ctx.tenantDb, orgId, (trx) => drill(trx, orgId, query));
    });
  };
}

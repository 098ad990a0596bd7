/**
 * `GET /api/finance-reporting/reports/{dre,dre-by-cost-center,dfc,cash-flow,drill}`
 * (contracts/reports.ts): read-only, `financeReports: read`, the tenant from the token only (every
 * query names it and runs under its row-level security). The summaries are kept in the same
 * transaction as each write (migration 0030), so a report read right after a baixa already counts
 * it. Every report also downloads as the screen shows it: `{report}/export.csv|xlsx` with the
 * report's own query (report-export.ts), for a signed-in user with the same permission; each
 * download is audited on the primary before the file leaves (download-audit.ts). All of them read
 * the read replica when REPORTS_DATABASE_URL names one (replica.ts), never writing there.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TokenReport } from '../../src/contracts/resources/accountTokens.js';
import { drillEndpoint, REPORT_MESSAGES, REPORT_PERMISSION, REPORTS, reportExportPath, type Basis, type DrillKey, type Grain, type ReportAnswer, type ReportName } from '../../src/contracts/reports.js';
import { todayIn } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { fieldError } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import { fastifyPath } from '../registry/route-table.js';
import { EXPORT_TYPES, fileNameOf } from '../registry/export.js';
import { dfcReport } from './dfc.js';
import { auditReportDownload } from './download-audit.js';
import { reportsDbFor } from './replica.js';
import { reportCsv, reportXlsx } from './report-export.js';
import { cashFlowReport, dreByCostCenterReport, dreReport, drill, type Trx } from './reports.js';
import { reportAccess, reportOrg } from './tokens.js';

const TAGS = ['Relatórios'];
const MAX_DAYS: Record<Grain, number> = { day: 366, week: 3 * 366, month: 3 * 366 };
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

function checkRange(from: string, to: string, grain: Grain) {
  if (to < from) throw fieldError('to', REPORT_MESSAGES.range);
  if (days(from, to) > MAX_DAYS[grain]) throw fieldError('to', REPORT_MESSAGES.tooLong);
}

type Query = Record<string, unknown>;
/** Each report's answer from its (validated) query: the JSON route and the downloads share it. */
const COMPUTE: Record<ReportName, (trx: Trx, orgId: string, query: Query, today: string) => Promise<ReportAnswer>> = {
  dre: (trx, orgId, q, today) => dreReport(trx, orgId, { ...(q as { year: number }), basis: (q.basis as Basis | undefined) ?? 'competence' }, today),
  dreByCostCenter: (trx, orgId, q, today) => dreByCostCenterReport(trx, orgId, { ...(q as { year: number }), basis: (q.basis as Basis | undefined) ?? 'competence' }, today),
  dfc: (trx, orgId, q, today) => dfcReport(trx, orgId, q as { year: number }, today),
  cashFlow: (trx, orgId, q, today) => {
    const query = q as { from: string; to: string; grain?: Grain; bankAccountId?: string };
    const grain = query.grain ?? 'week';
    checkRange(query.from, query.to, grain);
    return cashFlowReport(trx, orgId, { ...query, grain }, today);
  },
};
/** The reports a token de conta may pull (contracts/resources/accountTokens.ts). */
const TOKEN_REPORTS: Partial<Record<ReportName, TokenReport>> = { dre: 'dre', cashFlow: 'cashFlow' };

export function biReportRoutes(ctx: AppContext) {
  return async function reports(app: FastifyInstance) {
    const onRequest = [app.requireAccess, app.requireScope(REPORT_PERMISSION, 'read') as unknown as onRequestHookHandler];
    // The replica when one is configured, the primary right after the user's own write (replica.ts).
    const answer = (name: ReportName, request: FastifyRequest, orgId: string) =>
      withTenant(reportsDbFor(ctx, request), orgId, (trx) => COMPUTE[name](trx, orgId, request.query as Query, todayIn(ctx.clock())));
    for (const name of Object.keys(REPORTS) as ReportName[]) {
      const declaration = REPORTS[name];
      // DRE and fluxo de caixa also answer a token de conta (tokens.ts), in JSON or CSV.
      const token = TOKEN_REPORTS[name];
      serveEndpoint(app, declaration.endpoint, { ...(token ? reportAccess(ctx, app, token) : { onRequest }), tags: TAGS }, (request) => answer(name, request, reportOrg(request)));
      for (const format of ['csv', 'xlsx'] as const) {
        app.get(
          fastifyPath(reportExportPath(declaration.endpoint, format)),
          { onRequest, schema: { tags: TAGS, summary: `${declaration.title} em ${format.toUpperCase()}, como na tela`, security: [{ bearerAuth: [] }], querystring: declaration.endpoint.query, produces: [EXPORT_TYPES[format].split(';')[0]] } },
          async (request, reply) => {
            const report = await answer(name, request, request.auth!.orgId);
            const file = format === 'csv' ? reportCsv(declaration, report) : reportXlsx(declaration, report);
            // Who took which report, with which filters, how many rows: on the primary, or no file.
            await auditReportDownload(ctx, request, { report: name, format, filters: request.query as Query, rows: report.rows.length });
            return reply.type(EXPORT_TYPES[format]).header('content-disposition', `attachment; filename="${fileNameOf(declaration.title, name, ctx.clock(), format)}"`).send(file);
          },
        );
      }
    }
    serveEndpoint(app, drillEndpoint, { onRequest, tags: TAGS }, async (request) => {
      const query = request.query as DrillKey & { from: string; to: string };
      checkRange(query.from, query.to, 'month');
      const orgId = request.auth!.orgId;
      return withTenant(reportsDbFor(ctx, request), orgId, (trx) => drill(trx, orgId, query));
    });
  };
}

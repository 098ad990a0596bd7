/**
 * The painéis' calls (contracts/dashboards.ts), `financeReports: read` like the reports, and the
 * home's figures (any signed-in user: each figure checks its own resource). The painéis DRE and
 * fluxo de caixa read the reports' own endpoints (server/bi/routes.ts).
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { costCentresEndpoint, overviewEndpoint } from '../../../src/contracts/dashboards.js';
import { REPORT_PERMISSION, type Basis } from '../../../src/contracts/reports.js';
import { todayIn } from '../../approvals/engine.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import { serveEndpoint } from '../../http/endpoint.js';
import { named } from '../../http/named-plugin.js';
import { costCentres } from './costCentres.js';
import { homeFiguresRoutes } from './home.js';
import { overview } from './overview.js';

const TAGS = ['Painéis'];

export function dashboardRoutes(ctx: AppContext) {
  return async function dashboards(app: FastifyInstance) {
    const onRequest = [app.requireAccess, app.requireScope(REPORT_PERMISSION, 'read') as unknown as onRequestHookHandler];
    serveEndpoint(app, overviewEndpoint, { onRequest, tags: TAGS }, async (request) => {
      const { orgId } = request.auth!;
      return withTenant(ctx.tenantDb, orgId, (trx) => overview(trx, orgId, todayIn(ctx.clock())));
    });
    serveEndpoint(app, costCentresEndpoint, { onRequest, tags: TAGS }, async (request) => {
      const { orgId } = request.auth!;
      return withTenant(ctx.tenantDb, orgId, (trx) => costCentres(trx, orgId, (request.query as { year: number }).year, (request.query as { basis?: Basis }).basis));
    });
    await app.register(named(homeFiguresRoutes(ctx)));
  };
}

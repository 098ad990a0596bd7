/**
 * The organisation's first-run checklist (issue 28; the steps are data in
 * src/contracts/onboarding.ts): its state for the administrator's home, skipping a step and taking
 * the skip back, and the one-click helpers of three steps — the head office from the organisation's
 * data, the standard chart of accounts and the approval queue templates — which write through the
 * registries' record services.
 *
 * Scopes: reading the state needs `settings: read`; skipping, `settings: update` (a skip is the
 * organisation's, not the user's); each helper needs create on what it creates.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { findOnboardingStep, onboardingEndpoints } from '../../src/contracts/onboarding.js';
import { audit } from '../audit.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { forbidden, HttpError, MESSAGES } from '../errors.js';
import { scopeSubject } from '../identity/guard.js';
import { hasScope } from '../identity/users.js';
import { serveEndpoint } from '../http/endpoint.js';
import type { Caller } from '../registry/service.js';
import { applyApprovalTemplate } from './apply-approval-template.js';
import { applyHeadOffice } from './apply-head-office.js';
import { applyStandardChart } from './apply-standard-chart.js';
import { onboardingState } from './onboarding-state.js';

export const ONBOARDING_PATH = '/onboarding';

const TAGS = ['identity'];

export function onboardingRoutes(ctx: AppContext) {
  /** The request's caller, once each of `scopes` ([resource, scope]) is held (403 otherwise). */
  async function allowed(request: FastifyRequest, scopes: [string, string][]): Promise<Caller> {
    const auth = request.auth!;
    const held = await Promise.all(scopes.map(([resource, scope]) => hasScope(ctx.db, scopeSubject(auth), resource, scope)));
    if (held.includes(false)) throw forbidden();
    return { userId: auth.userId, orgId: auth.orgId, accessLevel: auth.accessLevel };
  }

  const stateOf = (caller: Caller) => withTenant(ctx.tenantDb, caller.orgId, (trx) => onboardingState(trx, caller.orgId, caller.userId));

  /** Skips (`on`) or takes back the skip of a step, audited; answers the new state. */
  async function setSkip(request: FastifyRequest, key: string, on: boolean) {
    const caller = await allowed(request, [['settings', 'update']]);
    if (!findOnboardingStep(key)) throw new HttpError(404, MESSAGES.notFound);
    return withTenant(ctx.tenantDb, caller.orgId, async (trx) => {
      const changed = on
        ? await sql`INSERT INTO onboarding_skips (org_id, step, skipped_by, skipped_at) VALUES (${caller.orgId}, ${key}, ${caller.userId}, ${ctx.clock()}) ON CONFLICT (org_id, step) DO NOTHING`.execute(trx)
        : await sql`DELETE FROM onboarding_skips WHERE org_id = ${caller.orgId} AND step = ${key}`.execute(trx);
      if (Number(changed.numAffectedRows ?? 0) > 0) {
        await audit(trx, ctx.clock(), { orgId: caller.orgId, actorUserId: caller.userId, action: on ? 'onboarding.skip' : 'onboarding.unskip', entityType: 'onboarding', entityId: key }, request);
      }
      return onboardingState(trx, caller.orgId, caller.userId);
    });
  }

  return async function onboarding(app: FastifyInstance) {
    const options = { onRequest: app.requireAccess, tags: TAGS };
    serveEndpoint(app, onboardingEndpoints.state, options, async (request) => stateOf(await allowed(request, [['settings', 'read']])));
    serveEndpoint(app, onboardingEndpoints.skip, options, async (request) => setSkip(request, (request.params as { key: string }).key, true));
    serveEndpoint(app, onboardingEndpoints.unskip, options, async (request) => setSkip(request, (request.params as { key: string }).key, false));
    serveEndpoint(app, onboardingEndpoints.headOffice, options, async (request) => applyHeadOffice(ctx, await allowed(request, [['companies', 'create']]), request));
    serveEndpoint(app, onboardingEndpoints.standardChart, options, async (request) => {
      const caller = await allowed(request, [['chartAccounts', 'create'], ['expenseCategories', 'create'], ['revenueCategories', 'create']]);
      return applyStandardChart(ctx, caller, request);
    });
    serveEndpoint(app, onboardingEndpoints.approvalTemplate, options, async (request) => {
      const caller = await allowed(request, [['approvalQueues', 'create']]);
      return applyApprovalTemplate(ctx, caller, request, (request.params as { key: string }).key);
    });
  };
}

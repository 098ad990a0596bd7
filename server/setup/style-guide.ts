/**
 * The style guide's gate (src/contracts/styleGuide.ts): registered only when the settings say the
 * developer pages are on (`developerPages`: main.ts sets it outside NODE_ENV=production), so a
 * production server answers 404 like any unknown path; outside production, `settings: read`.
 */
import type { FastifyInstance } from 'fastify';
import { styleGuideEndpoints } from '../../src/contracts/styleGuide.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../errors.js';
import { serveEndpoint } from '../http/endpoint.js';
import { scopeSubject } from '../identity/guard.js';
import { hasScope } from '../identity/users.js';

export function styleGuideRoutes(ctx: AppContext) {
  return async function styleGuide(app: FastifyInstance) {
    if (!ctx.settings.developerPages) return;
    serveEndpoint(app, styleGuideEndpoints.gate, { onRequest: app.requireAccess, tags: ['identity'] }, async (request) => {
      if (!(await hasScope(ctx.db, scopeSubject(request.auth!), 'settings', 'read'))) throw forbidden();
      return { enabled: true as const };
    });
  };
}

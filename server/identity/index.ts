/** The identity family, mounted at /v1/identity (paths: IDENTITY_PATHS of the contract). */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { accountTwoFactorRoutes } from './account-two-factor.js';
import { authRoutes } from './auth-routes.js';
import { meRoutes } from './me-routes.js';

export const IDENTITY_PREFIX = '/v1/identity';

export function identityPlugin(ctx: AppContext, authRateLimit: RateLimitOptions | undefined) {
  return async function identity(app: FastifyInstance) {
    await authRoutes(app, ctx, authRateLimit);
    await meRoutes(app, ctx, authRateLimit);
    await accountTwoFactorRoutes(app, ctx, authRateLimit);
  };
}

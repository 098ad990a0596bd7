/**
 * Request-flood limits (SECURITY.md "throttling"), on the API only:
 * - pages and static files are never counted (a page load is ~15 requests; an office behind
 *   one address reloading would otherwise exhaust the limit) — `isLimited`;
 * - an API call is counted per signed-in user when it carries a valid access token (signature
 *   and expiry checked: the key cannot be forged), per address otherwise — `rateLimitKey`;
 * - the auth routes keep their own, stricter limit per address (password guessing); a refresh
 *   grant of POST auth counts apart, with the general limit (`grantRateLimit`).
 * The 429 answer is JSON with `Retry-After`, or a pt-BR HTML page for a browser navigation
 * (errors.ts). The counters live in the database (rate-limit-store.ts): every instance sees the
 * same ones (on PGlite, owned by one process, main.ts keeps them in memory: cheaper). Should the database not answer, the call is let through (`skipOnError`): it meets
 * the database again in its handler, which answers for it.
 */
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { MESSAGES } from '../errors.js';
import { bearerToken } from '../identity/guard.js';
import { CLEAN_EVERY_MS, cleanHits, databaseRateLimitStore } from './rate-limit-store.js';

const API = /^\/(v1|api)\//;

/** Only API calls count; pages, scripts, the app config and the build manifest never do. */
export const isLimited = (request: FastifyRequest): boolean => API.test(request.url);

const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;

export function rateLimitKey(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<string> => {
    const token = bearerToken(request);
    if (token) {
      const claims = await ctx.tokens.verify(token, ['access']);
      if (claims) return `user:${claims.sub}`;
    }
    return byAddress(request);
  };
}

/** Registers the limiter; returns the options of the auth routes' stricter limit (undefined when off). */
export async function registerRateLimit(app: FastifyInstance, ctx: AppContext): Promise<RateLimitOptions | undefined> {
  if (!ctx.settings.rateLimit) return undefined;
  const { max, authMax, timeWindowMs } = ctx.settings.rateLimit;
  const shared = ctx.settings.rateLimit.store !== 'memory';
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: timeWindowMs,
    allowList: (request) => !isLimited(request),
    keyGenerator: rateLimitKey(ctx),
    ...(shared ? { store: databaseRateLimitStore(ctx.db), skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(MESSAGES.tooMany), { statusCode: context.statusCode === 403 ? 403 : 429 }),
  });
  // One hook in front of every route's own onRequest hooks (authentication): a flood of calls
  // with no or a bad token is counted too. Routes with their own limit (auth) use that one.
  const general = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (!isLimited(request) || request.routeOptions.config?.rateLimit) return;
    // An API path has no HEAD route: its HEAD is answered by running its GET (http/head.ts), which is counted.
    if (request.method === 'HEAD') return;
    await general.call(app, request, reply);
  });
  let cleaner: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!shared) return;
    cleaner = setInterval(() => {
      cleanHits(ctx.db).catch((error) => app.log.warn({ err: error }, 'rate-limit clean-up failed'));
    }, CLEAN_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(cleaner));
  return { max: authMax, timeWindow: timeWindowMs, keyGenerator: byAddress };
}

const isRefreshGrant = (request: FastifyRequest) => (request.body as { grantType?: unknown } | undefined)?.grantType === 'RefreshToken';

/**
 * POST auth: password logins keep the auth limit per address; refresh grants count apart, with
 * the general limit per address — a refresh token is 256 random bits (nothing to guess), and the
 * guard refreshes on every navigation with "lembrar de mim", so an office behind one address
 * would otherwise exhaust the login limit by browsing. Counted once the body is parsed.
 */
export function grantRateLimit(ctx: AppContext, auth: RateLimitOptions): RateLimitOptions {
  const general = ctx.settings.rateLimit ? ctx.settings.rateLimit.max : Number(auth.max);
  return {
    ...auth,
    hook: 'preHandler',
    keyGenerator: (request) => (isRefreshGrant(request) ? `refresh:${request.ip}` : byAddress(request)),
    max: (_request, key) => (key.startsWith('refresh:') ? general : Number(auth.max)),
  };
}

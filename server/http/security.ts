/**
 * Response headers: helmet (CSP without inline script, nosniff, no referrer…), CORS only for
 * the configured origins, `Cache-Control: no-store` on every API answer.
 *
 * helmet's middleware is built once and applied to every answer. @fastify/helmet built it again
 * on every request (parsing the CSP directives each time): ~3% of a list request's server CPU.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppContext } from '../context.js';

const API = /^\/(v1|api)\//;

export async function securityHeaders(app: FastifyInstance, ctx: AppContext) {
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Shadow roots adopt constructable stylesheets; style attributes from React need this.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the previews of uploads and of stored images, fetched with the token (core/files.ts).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.settings.publicUrl.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  app.addHook('onSend', async (request, reply, payload) => {
    if (API.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const origins = new Set(ctx.settings.corsOrigins.map((o) => o.replace(/\/+$/, '')));
  if (origins.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !origins.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'x-xsrf-token, link, x-total-count, x-total-count-over, retry-after, etag, www-authenticate');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', 'authorization, content-type, accept, x-xsrf-token, idempotency-key, if-match');
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}

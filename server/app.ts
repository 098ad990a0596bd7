/**
 * buildApp(options) → a Fastify instance with the whole API (not listening yet; tests call
 * `app.inject` or `app.listen({port: 0})`, and may add their own routes before `ready()`).
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
// @fastify/cookie loads `cookie` (an ES module) with `await import()` when registered: imported
// here, it is read with the other modules at load, and that import finds it loaded. Otherwise
// `buildApp` waited on the file read (issue 23: 150–500 ms idle on a loaded machine).
import 'cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../src/contracts/validation/provide.js';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { deriveKeys } from './auth/crypto.js';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords.js';
import { TokenService } from './auth/tokens.js';
import { DEFAULT_SETTINGS, type AppContext, type ServerSettings } from './context.js';
import type { Database } from './db/types.js';
import { findPoisonedKey, HttpError, MESSAGES, registerErrorHandling } from './errors.js';
import { describeRegistryContract } from './http/openapi.js';
import { healthRoutes } from './http/health.js';
import { named } from './http/named-plugin.js';
import { registerRateLimit } from './http/rate-limit.js';
import { securityHeaders } from './http/security.js';
import { webRoutes } from './http/web.js';
import { authHook, scopeHook } from './identity/guard.js';
import { IDENTITY_PREFIX, identityPlugin } from './identity/index.js';
import { outboxMailer, type Mailer } from './mail/mailer.js';
import { companyLookupRoutes, type CompanyLookupOptions } from './commons/company-lookup.js';
import { searchRoutes } from './search/routes.js';
import { postalCodeRoutes, type PostalCodeOptions } from './commons/postal-codes.js';
import { importJob } from './finance/imports/job.js';
import { DEFAULT_JOB_SETTINGS, JobQueue, type JobQueueSettings } from './jobs/queue.js';
import type { SqlExecutor } from './db/connect.js';
import { importRoutes } from './finance/imports/routes.js';
import { financeSummaryRoutes } from './finance/summary.js';
import { pricingRoutes } from './pricing/routes.js';
import { supplierLinkRoutes } from './pricing/supplier-link-routes.js';
import { remittanceJob } from './finance/remittances/job.js';
import { returnJob } from './finance/remittances/returnJob.js';
import { remittanceRoutes } from './finance/remittances/routes.js';
import { balanceRoutes } from './finance/balanceRoutes.js';
import { biReportRoutes } from './bi/routes.js';
import { dashboardRoutes } from './bi/dashboards/routes.js';
import { reconciliationRoutes } from './finance/reconciliationRoutes.js';
import { markWrites } from './bi/replica.js';
import { accountTokenRoutes } from './bi/tokens.js';
import { approvalRoutes } from './approvals/routes.js';
import { FAMILY_PREFIXES, registryFamilies } from './registry/families.js';
import { buildCatalogue } from './registry/catalogue.js';
import { FILE_FAMILIES } from '../src/contracts/files.js';
import { fileRoutes } from './files/routes.js';
import { onboardingRoutes } from './setup/onboarding.js';
import { permissionMatrixRoutes } from './identity/permission-matrix.js';
import { styleGuideRoutes } from './setup/style-guide.js';

z.config(z.locales.ptBR());

export interface BuildAppOptions {
  /** The app's handle for identity work (`DatabaseHandle.appDb`). */
  db: Kysely<Database>;
  /** The app's handle for tenant work (`DatabaseHandle.tenantDb`); default `db` (then row-level security only applies if `db` is not the owner). */
  tenantDb?: Kysely<Database>;
  /** The reports' read-only handle (REPORTS_DATABASE_URL, a read replica); default none: the reports read `tenantDb`. */
  reportsDb?: Kysely<Database>;
  /** APP_SECRET: signs tokens, keys the XSRF/code HMACs, encrypts TOTP keys. */
  secret: string;
  /** Defaults to the database outbox (dev mailbox). */
  mailer?: Mailer;
  clock?: () => Date;
  settings?: Partial<ServerSettings>;
  hasher?: PasswordHasher;
  /** Fastify logger option (false in tests unless they capture it). */
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** Postal-code lookup (commons/postal-codes.ts): upstream URL (POSTAL_CODE_URL), fetch, time-out. */
  postalCodes?: PostalCodeOptions;
  /** Company lookup by CNPJ (commons/company-lookup.ts): upstream URL (COMPANY_LOOKUP_URL), fetch, time-out. */
  companyLookup?: CompanyLookupOptions;
  /** The job queue's database access: the OWNER's raw SQL (`DatabaseHandle.executeSql`) and its kind. */
  jobs: {
    executeSql: SqlExecutor;
    databaseKind: 'pglite' | 'postgres';
    settings?: Partial<JobQueueSettings>;
    /** Serialises the queue's set-up between instances (db/startup.ts `withAdvisoryLock`). */
    exclusively?: <T>(work: () => Promise<T>) => Promise<T>;
    /**
     * false: the caller starts the queue itself (`app.jobs.start()`; main.ts does, right after
     * listening, when the database already has the queue's tables). Default true: on `ready()`.
     */
    startOnReady?: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    appContext: AppContext;
    /** The background-job queue (jobs/queue.ts): the batch imports' steps. */
    jobs: JobQueue;
    /** Resolves when the background work started so far (recovery e-mails, queued jobs) is done. */
    backgroundIdle(): Promise<void>;
  }
}

/** Request log lines: method and path only (query strings may carry tokens). */
const requestSerializer = (request: { method: string; url: string; id?: unknown }) => ({
  method: request.method,
  url: request.url.split('?')[0],
  id: request.id,
});

/** fastify's types describe ajv-shaped factories; fastify calls them with the route's schema, which here is zod. */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const settings: ServerSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const keys = deriveKeys(options.secret);
  const logger = options.logger === undefined ? false : options.logger;

  const app = Fastify({
    logger: logger && typeof logger === 'object' ? { ...logger, serializers: { req: requestSerializer, ...(logger as { serializers?: object }).serializers } } : logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
    // Every route's schemas are zod (fastify-type-provider-zod's compilers). Given here rather than
    // by setValidatorCompiler/setSerializerCompiler after, fastify never builds its default
    // JSON-schema compilers: ajv and fast-json-stringify's compiler are never loaded (issue 23:
    // ~150 ms of CPU and 0.3–1 s of wall clock off the start on a loaded machine).
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // No load time-out per plugin: avvio arms (and clears) a timer for every plugin and for every
    // route's `after`, ~700 of them at start (issue 23: ~80 ms). Our plugins only await the start
    // (a stuck one would hang the start rather than fail it after 10 s).
    pluginTimeout: 0,
    // No HEAD route beside each GET: they doubled the router's work at start (find-my-way compiles
    // a matcher per node and per method; issue 23: ~250 ms of CPU for ~330 GETs) and its memory.
    // A HEAD is answered by the GET it stands for, run inside (http/head.ts).
    exposeHeadRoutes: false,
  });

  const pending = new Set<Promise<unknown>>();
  const ctx: AppContext = {
    db: options.db,
    tenantDb: options.tenantDb ?? options.db,
    ...(options.reportsDb ? { reportsDb: options.reportsDb } : {}),
    clock,
    mailer: options.mailer ?? outboxMailer(options.db, clock),
    keys,
    tokens: new TokenService(keys.jwt, clock),
    hasher: options.hasher ?? createPasswordHasher(),
    settings,
    background(task) {
      const run = Promise.resolve()
        .then(task)
        .catch((error) => app.log.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    records: (name) => records(name),
  };
  const records = buildCatalogue(ctx);
  app.decorate('appContext', ctx);
  const tasksIdle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };
  // The tasks started so far, then the job queue (its steps may start tasks).
  app.decorate('backgroundIdle', async () => {
    await tasksIdle();
    await app.jobs.idle();
    await tasksIdle();
  });
  app.decorate('requireAccess', authHook(ctx, ['access']));
  app.decorate('requireAuth', (types: readonly ('access' | 'PreAuthorization')[]) => authHook(ctx, types));
  app.decorate('requireScope', (resource: string, scope: string) => scopeHook(ctx, resource, scope));
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => {
    await tasksIdle();
  });

  // JSON bodies: `__proto__` / `constructor.prototype` keys refused with a field error (400);
  // an empty body with a JSON content type is "no body" (routes with a body schema still 400).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new HttpError(400, MESSAGES.badBody, { body: ['JSON inválido.'] }), undefined);
    }
    const poisoned = findPoisonedKey(value, '');
    if (poisoned) return done(new HttpError(400, MESSAGES.validation, { [poisoned]: ['Propriedade não permitida.'] }), undefined);
    return done(null, value);
  });

  registerErrorHandling(app);
  await app.register(cookie);
  // A signed-in user's writes mark the reports to read the primary for a while (bi/replica.ts).
  markWrites(app, ctx);
  await securityHeaders(app, ctx);

  const authRateLimit = await registerRateLimit(app, ctx);
  await healthRoutes(app, ctx);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Retaguarda API', version: '0.1.0', description: 'API do Retaguarda (compras e finanças).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // If-Match, 412/428 and the list headers of the generated registry routes (http/openapi.ts).
    transformObject: (documents) => describeRegistryContract('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });

  await app.register(named(identityPlugin(ctx, authRateLimit)), { prefix: IDENTITY_PREFIX });
  // The organisation's first-run checklist (issue 28): which steps are done.
  await app.register(named(onboardingRoutes(ctx)), { prefix: IDENTITY_PREFIX });
  // The permission matrix of profiles and a user's effective permissions (issue 27).
  await app.register(named(permissionMatrixRoutes(ctx)), { prefix: IDENTITY_PREFIX });
  await app.register(named(styleGuideRoutes(ctx)), { prefix: IDENTITY_PREFIX });
  // Generated routes of every declaration of the served families (registry/families.ts).
  await registryFamilies(app, ctx);
  await app.register(named(approvalRoutes(ctx)), { prefix: FAMILY_PREFIXES.approvals });
  // Hand-written routes next to them: batch imports (finance), the postal-code and CNPJ lookups (commons).
  const jobs = new JobQueue(options.jobs.executeSql, app.log, { ...DEFAULT_JOB_SETTINGS, ...options.jobs.settings }, options.jobs.databaseKind, options.jobs.exclusively);
  jobs.register(importJob(ctx, app.log, () => jobs));
  jobs.register(remittanceJob(ctx, app.log, () => jobs));
  jobs.register(returnJob(ctx, app.log, () => jobs));
  app.decorate('jobs', jobs);
  if (options.jobs.startOnReady !== false) app.addHook('onReady', async () => jobs.start());
  // Stops taking jobs and waits for the step in progress (graceful shutdown).
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  await app.register(named(importRoutes(ctx, jobs)), { prefix: FAMILY_PREFIXES.finance });
  await app.register(named(financeSummaryRoutes(ctx)), { prefix: FAMILY_PREFIXES.finance });
  await app.register(named(pricingRoutes(ctx)), { prefix: FAMILY_PREFIXES.pricing });
  await app.register(named(remittanceRoutes(ctx, jobs)), { prefix: FAMILY_PREFIXES.finance });
  await app.register(named(balanceRoutes(ctx)), { prefix: FAMILY_PREFIXES.finance });
  await app.register(named(biReportRoutes(ctx)), { prefix: FAMILY_PREFIXES.financeReporting });
  await app.register(named(dashboardRoutes(ctx)), { prefix: FAMILY_PREFIXES.financeReporting });
  await app.register(named(reconciliationRoutes(ctx)), { prefix: FAMILY_PREFIXES.finance });
  await app.register(named(accountTokenRoutes(ctx)), { prefix: FAMILY_PREFIXES.financeReporting });
  await app.register(named(postalCodeRoutes(ctx, options.postalCodes)), { prefix: FAMILY_PREFIXES.commons });
  await app.register(named(companyLookupRoutes(ctx, options.companyLookup)), { prefix: FAMILY_PREFIXES.commons });
  // "Ir para…" finds records of every kind the caller reads (search/routes.ts).
  await app.register(named(searchRoutes(ctx)), { prefix: FAMILY_PREFIXES.commons });
  // Files uploaded in 64 KB parts: the spec lists `files` in the commons, cart and pricing families.
  for (const family of FILE_FAMILIES) await app.register(named(fileRoutes(ctx)), { prefix: FAMILY_PREFIXES[family] });
  // The supplier's answer link of a cotação: a page outside the API families (pricing/supplier-link-routes.ts).
  await app.register(named(supplierLinkRoutes(ctx)));
  await webRoutes(app, ctx);
  return app;
}

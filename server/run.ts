/**
 * The server's start after its database opened (main.ts opens it first, so that the embedded
 * database starts in its worker while this module and the app's load): migrations and the demo
 * seed, the app, listening, the shutdown, and the embedded database's statistics refresh.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.js';
import { createPasswordHasher } from './auth/passwords.js';
import { reportsDatabase, type DatabaseHandle } from './db/connect.js';
import { grantJobsAtStart, JOBS_LOCK_KEY, prepareDatabase, STARTUP_LOCK_KEY, withAdvisoryLock } from './db/startup.js';
import { prettyLogStream, wantsPrettyLogs } from './http/log-format.js';
import { DEFAULT_MAIL_FROM, smtpMailer } from './mail/mailer.js';
import { DEMO_ROTATED, demoPasswords, printDemoPasswords } from './setup/demo-passwords.js';
import { demoWanted, developerPagesOn, isProduction, mailMode, settingsInForce } from './setup/deployment.js';
import { rotateKnownDemoPasswords } from './setup/known-demo-passwords.js';
import { setupAtStart } from './setup/setup-at-start.js';
import { demoQuarterAtStart } from './setup/demo-quarter.js';
import { testSessionsFrom } from './identity/test-sessions.js';

/** How long after listening an embedded database without new tables or rows refreshes its statistics. */
const ANALYZE_DELAY_MS = 10_000;
/** How long after listening the job queue starts on a database that already had its tables. */
const JOBS_START_DELAY_MS = 1_000;

export interface StartedProcess {
  env: NodeJS.ProcessEnv;
  port: number;
  host: string;
  publicUrl: string;
  secret: string;
  database: DatabaseHandle;
  /** Removes the data directory's server pid file (embedded database). */
  releasePid?: () => void;
  /** Milliseconds since the process started, per start-up step, and the function that records one. */
  startup: Record<string, number>;
  step: (name: string) => void;
}

export async function runServer({ env, port, host, publicUrl, secret, database, releasePid, startup, step }: StartedProcess): Promise<void> {
  const hasher = createPasswordHasher();
  // In production the demo (SEED_DEMO=1 only) never gets the README's password.
  const passwords = isProduction(env) ? demoPasswords() : undefined;
  // The database's part of the start runs while the app builds below (building it reads no table).
  const preparing = (async () => {
    const prepared = await prepareDatabase(database, { seed: demoWanted(env), hasher, demoPassword: passwords && ((email) => passwords.get(email)!) });
    if (prepared.seeded && passwords) printDemoPasswords(passwords);
    if (isProduction(env)) {
      // A demo organisation from before (or from a development copy) keeps no published password.
      const rotated = await withAdvisoryLock(database, STARTUP_LOCK_KEY, () => rotateKnownDemoPasswords(database.db, hasher, new Date()));
      if (rotated.size > 0) printDemoPasswords(rotated, DEMO_ROTATED);
    }
    // SETUP_* (an operator with only the environment and the log): the setup command's work.
    await setupAtStart(database, env, hasher, { say: (line) => process.stdout.write(`${line}\n`), complain: (line) => process.stderr.write(`${line}\n`) });
    // The job queue starts after listening: what a first request enqueues needs its tables and grants now.
    const queueTables = await grantJobsAtStart(database);
    step('migrated');
    return { ...prepared, queueTables };
  })();
  // Awaited after the app is built; a failure meanwhile is not an unhandled rejection.
  preparing.catch(() => undefined);
  const mailFrom = env.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  const mail = mailMode(env);
  const mailer = mail === 'smtp' ? smtpMailer(env.SMTP_URL!, mailFrom) : undefined;
  const rateLimitStore =
    env.RATE_LIMIT_STORE === 'memory' || env.RATE_LIMIT_STORE === 'database' ? env.RATE_LIMIT_STORE : database.kind === 'postgres' ? ('database' as const) : ('memory' as const);
  const inForce = settingsInForce(env, rateLimitStore);

  // Reports on a read replica (docs/operations.md): a login that may only SELECT.
  const reportsDb = env.REPORTS_DATABASE_URL ? reportsDatabase(env.REPORTS_DATABASE_URL) : undefined;
  const app = await buildApp({
    db: database.appDb,
    tenantDb: database.tenantDb,
    ...(reportsDb ? { reportsDb } : {}),
    jobs: {
      executeSql: database.executeSql,
      databaseKind: database.kind,
      exclusively: (work) => withAdvisoryLock(database, JOBS_LOCK_KEY, work),
      // Started below: before listening when this start created tables or the queue has none; else
      // JOBS_START_DELAY_MS after listening (issue 23: its set-up and pg-boss's modules off the
      // way to ready, and the first requests not queued behind its statements). Sending a job
      // needs only the tables; workers pick up what waits.
      startOnReady: false,
      settings: {
        ...(env.JOBS_EXPIRE_SECONDS ? { expireInSeconds: Number(env.JOBS_EXPIRE_SECONDS) } : {}),
        ...(env.JOBS_MAINTENANCE_SECONDS ? { maintenanceSeconds: Number(env.JOBS_MAINTENANCE_SECONDS) } : {}),
      },
    },
    secret,
    mailer,
    hasher,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    postalCodes: { upstream: env.POSTAL_CODE_URL },
    companyLookup: { upstream: env.COMPANY_LOOKUP_URL },
    logger: {
      level: env.LOG_LEVEL ?? 'info',
      ...(wantsPrettyLogs(env, Boolean(process.stdout.isTTY)) ? { stream: prettyLogStream(process.stdout) } : {}),
    },
    settings: {
      publicUrl,
      appConfigPath: path.resolve(env.APP_CONFIG_PATH ?? './app.config.json'),
      staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
      demoDir: path.resolve(env.DEMO_DIR ?? './demo'),
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
      // The dev mailbox shows reset links and codes to anyone: never in production.
      devMailbox: mail === 'dev-mailbox',
      // The style guide's gate (setup/style-guide.ts): the developer pages are off in production.
      developerPages: developerPagesOn(env),
      rateLimit: {
        max: Number(env.RATE_LIMIT_MAX ?? 600),
        authMax: Number(env.RATE_LIMIT_AUTH_MAX ?? 30),
        timeWindowMs: 60_000,
        // Shared counters in PostgreSQL (several instances); PGlite belongs to this one process,
        // where counting in memory is cheaper (bench/rate-limit-store.ts). RATE_LIMIT_STORE
        // (`memory` | `database`) overrides it: one instance, or a limiter in front of the API.
        store: rateLimitStore,
      },
      inForce,
      ...testSessionsFrom(env, (line) => console.warn(line)),
    },
  });
  step('appBuilt');
  const { migrations: applied, seeded, queueTables } = await preparing;
  // PGlite has no autovacuum: refresh the planner's statistics at every start (PostgreSQL's
  // autovacuum does it on its own). Sampled, so it stays quick on large tables. Before serving
  // when this start created tables or rows (migrations, the demo seed); otherwise the statistics
  // of the last start are in the data directory and serve until the refresh, ANALYZE_DELAY_MS
  // after the server listens: 240–500 ms less to ready, and the first requests of a restart do
  // not wait behind it (PGlite runs one statement at a time).
  const newTablesOrRows = applied.length > 0 || seeded;
  const analyzeBeforeServing = database.kind === 'pglite' && newTablesOrRows;
  if (analyzeBeforeServing) await sql`ANALYZE`.execute(database.db);
  step('analyzed');
  const jobsBeforeListening = newTablesOrRows || !queueTables;
  if (jobsBeforeListening) await app.jobs.start();
  // DEMO_QUARTER=1 (npm start): a quarter of pedidos and lançamentos in the demo organisation, once (setup/demo-quarter.ts).
  if (await demoQuarterAtStart(database, app.appContext, env, app.log)) step('demoQuarter');
  app.log.info({ database: database.kind, migrations: applied, seeded }, 'database ready');
  if (mail === 'dev-mailbox') app.log.warn(`SMTP_URL not set: e-mails go to ${publicUrl}/dev/caixa-de-entrada (development only)`);
  if (mail === 'off') app.log.warn('MAIL=off: no e-mail is sent (codes by e-mail and password recovery cannot reach anyone)');

  const drainMs = Number(env.SHUTDOWN_DRAIN_MS ?? 0);
  const timeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  let closing = false;
  let analyzeTimer: NodeJS.Timeout | undefined;
  let jobsTimer: NodeJS.Timeout | undefined;
  let analyzing: Promise<void> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C: stop now.
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.lifecycle.draining = true;
    app.log.info({ signal, drainMs, timeoutMs }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: requests still in flight were cut');
      process.exit(1);
    }, drainMs + timeoutMs).unref();
    clearTimeout(jobsTimer);
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Stops accepting; waits for the requests in flight and the import step in progress.
    const closed = app.close();
    // Keep-alive connections left idle by the requests that finish are closed as they go idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    await closed;
    clearInterval(idle);
    clearTimeout(analyzeTimer);
    await analyzing;
    await mailer?.close?.();
    await reportsDb?.destroy();
    await database.close();
    releasePid?.();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  step('listening');
  if (!jobsBeforeListening) {
    jobsTimer = setTimeout(() => {
      app.jobs.start().catch((error: unknown) => {
        // As a failure before listening was: the start fails.
        console.error('Falha ao iniciar o servidor:', error);
        process.exit(1);
      });
    }, JOBS_START_DELAY_MS);
  }
  if (database.kind === 'pglite' && !analyzeBeforeServing) {
    analyzeTimer = setTimeout(() => {
      analyzing = sql`ANALYZE`.execute(database.db).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'ANALYZE after start failed'),
      );
    }, ANALYZE_DELAY_MS).unref();
  }
  app.log.info({ startupMs: startup, settings: inForce }, `Retaguarda em ${publicUrl} (API em ${publicUrl}/v1/identity, OpenAPI em ${publicUrl}/openapi.json)`);
}

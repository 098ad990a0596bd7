/**
 * Entry point: `npx tsx server/main.ts`; `npm start` runs it bundled (`node dist-server/main.mjs`,
 * scripts/build-server.mjs).
 *
 * Environment:
 *   PORT (3000), HOST (0.0.0.0), DATABASE_URL (PostgreSQL, the tables' owner: migrations; the app
 *   runs as the role retaguarda_app — see db/connect.ts; else PGlite in DATA_DIR),
 *   DATABASE_APP_URL (optional login for the app's connections, a member of retaguarda_app),
 *   DATA_DIR (./data), PGLITE_TUNED (1; 0 = the data directory's own PostgreSQL settings instead of
 *   PGLITE_SETTINGS in db/connect.ts, for bench/embedded-db.ts), SMTP_URL (else the database outbox, readable at /dev/caixa-de-entrada
 *   unless NODE_ENV=production),
 *   MAIL_FROM, PUBLIC_URL (http://localhost:PORT), APP_SECRET (else generated once into
 *   DATA_DIR/app-secret, mode 600), APP_CONFIG_PATH (./app.config.json), STATIC_DIR (./dist),
 *   DEMO_DIR (./demo), CORS_ORIGINS (comma separated), TRUST_PROXY (1 behind a proxy),
 *   RATE_LIMIT_MAX (600 API calls/min per signed-in user, else per IP; pages and static files
 *   are not counted), RATE_LIMIT_AUTH_MAX (30/min per IP on auth calls), RATE_LIMIT_STORE
 *   (memory | database; default database on PostgreSQL) — counted in PostgreSQL
 *   (shared by every instance) or, on PGlite, in memory,
 *   LOG_LEVEL (info), LOG_FORMAT (json | pretty; default: readable lines in a terminal, JSON
 *   lines when NODE_ENV=production or stdout is not a terminal — http/log-format.ts),
 *   SEED_DEMO (1; 0 skips the demo organisation; with NODE_ENV=production only 1 creates it, with
 *   random passwords printed once), MAIL (smtp | off: with NODE_ENV=production, off is how an
 *   operator runs without SMTP_URL), POSTAL_CODE_URL (ViaCEP-shaped
 *   upstream of /v1/commons/addresses/postal-codes, default https://viacep.com.br/ws; `off` =
 *   offline answers from the CEP ranges only), COMPANY_LOOKUP_URL (BrasilAPI-shaped upstream of
 *   /v1/commons/companies/cnpj, default https://brasilapi.com.br/api/cnpj/v1; `off` = no lookups),
 *   JOBS_EXPIRE_SECONDS (each job kind's own: a job step still active after this long is
 *   taken as lost and retried), JOBS_MAINTENANCE_SECONDS (30: how often expired steps are
 *   looked for — jobs/queue.ts),
 *   SHUTDOWN_DRAIN_MS (0: how long /readyz answers 503 before the server stops accepting, so that
 *   a load balancer takes the instance out first), SHUTDOWN_TIMEOUT_MS (10000: in-flight requests
 *   still running then are cut and the process exits 1).
 *
 * SETUP_CNPJ, SETUP_NOME, SETUP_EMAIL (+ SETUP_RAZAO_SOCIAL, SETUP_NOME_FANTASIA,
 * SETUP_NOVO_CONVITE): the setup command's work at start (setup/setup-at-start.ts).
 *
 * NODE_ENV=production: the start refuses to run (one line per reason, exit 78) when PUBLIC_URL,
 * SMTP_URL (unless MAIL=off) or, with DATABASE_URL, APP_SECRET is missing, or the secret is weak
 * (setup/deployment.ts). The settings in force (never their values) are in the start log and
 * GET /readyz.
 *
 * Start: migrations and the demo seed under a PostgreSQL advisory lock (db/startup.ts: several
 * instances may start at once). Stop (SIGTERM / SIGINT): /readyz answers 503 (draining), then
 * the server stops accepting, finishes in-flight requests and the job step in progress (jobs/queue.ts),
 * closes the database and exits 0. Health: GET /healthz, GET /readyz (http/health.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.js';
import { createPasswordHasher } from './auth/passwords.js';
import { openDatabase, reportsDatabase } from './db/connect.js';
import { JOBS_LOCK_KEY, prepareDatabase, STARTUP_LOCK_KEY, withAdvisoryLock } from './db/startup.js';
import { prettyLogStream, wantsPrettyLogs } from './http/log-format.js';
import { DEFAULT_MAIL_FROM, smtpMailer } from './mail/mailer.js';
import { DEMO_ROTATED, demoPasswords, printDemoPasswords } from './setup/demo-passwords.js';
import { demoWanted, developerPagesOn, EXIT_CONFIG, isProduction, mailMode, productionProblems, settingsInForce } from './setup/deployment.js';
import { rotateKnownDemoPasswords } from './setup/known-demo-passwords.js';
import { recordServerPid } from './setup/server-pid.js';
import { setupAtStart } from './setup/setup-at-start.js';
import { demoQuarterAtStart } from './setup/demo-quarter.js';
import { testSessionsFrom } from './identity/test-sessions.js';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const dataDir = path.resolve(env.DATA_DIR ?? './data');
const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');

function appSecret(): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Milliseconds since the process started, per start-up step (logged; bench/embedded-db.ts reads them). */
const startup: Record<string, number> = { modulesLoaded: Math.round(performance.now()) };
const step = (name: string) => (startup[name] = Math.round(performance.now()));

/** How long after listening an embedded database without new tables or rows refreshes its statistics. */
const ANALYZE_DELAY_MS = 10_000;

async function main() {
  const problems = productionProblems(env, { fileSecret: env.APP_SECRET || env.DATABASE_URL ? undefined : appSecret() });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`Retaguarda não iniciou / did not start: ${problem}`);
    process.exit(EXIT_CONFIG);
  }
  const secret = appSecret();
  if (!env.DATABASE_URL) mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, appDatabaseUrl: env.DATABASE_APP_URL, dataDir: path.join(dataDir, 'pglite'), tuned: env.PGLITE_TUNED !== '0' });
  // The setup command must not open the embedded database while this process holds it.
  const releasePid = database.kind === 'pglite' ? recordServerPid(dataDir) : undefined;
  step('databaseOpen');
  const hasher = createPasswordHasher();
  // In production the demo (SEED_DEMO=1 only) never gets the README's password.
  const passwords = isProduction(env) ? demoPasswords() : undefined;
  const { migrations: applied, seeded } = await prepareDatabase(database, { seed: demoWanted(env), hasher, demoPassword: passwords && ((email) => passwords.get(email)!) });
  if (seeded && passwords) printDemoPasswords(passwords);
  if (isProduction(env)) {
    // A demo organisation from before (or from a development copy) keeps no published password.
    const rotated = await withAdvisoryLock(database, STARTUP_LOCK_KEY, () => rotateKnownDemoPasswords(database.db, hasher, new Date()));
    if (rotated.size > 0) printDemoPasswords(rotated, DEMO_ROTATED);
  }
  // SETUP_* (an operator with only the environment and the log): the setup command's work.
  await setupAtStart(database, env, hasher, { say: (line) => process.stdout.write(`${line}\n`), complain: (line) => process.stderr.write(`${line}\n`) });
  step('migrated');
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
      // A database whose queue tables are there (nothing migrated or seeded now): the queue starts
      // right after listening, not before (issue 23: its set-up and pg-boss's modules off the
      // way to ready). Sending a job needs only the tables; workers pick up what waits.
      startOnReady: newTablesOrRows,
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
  // DEMO_QUARTER=1 (npm start): a quarter of pedidos and lançamentos in the demo organisation, once (setup/demo-quarter.ts).
  if (await demoQuarterAtStart(database, app.appContext, env, app.log)) step('demoQuarter');
  app.log.info({ database: database.kind, migrations: applied, seeded }, 'database ready');
  if (mail === 'dev-mailbox') app.log.warn(`SMTP_URL not set: e-mails go to ${publicUrl}/dev/caixa-de-entrada (development only)`);
  if (mail === 'off') app.log.warn('MAIL=off: no e-mail is sent (codes by e-mail and password recovery cannot reach anyone)');

  const drainMs = Number(env.SHUTDOWN_DRAIN_MS ?? 0);
  const timeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  let closing = false;
  let analyzeTimer: NodeJS.Timeout | undefined;
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
  if (!newTablesOrRows) {
    app.jobs.start().catch((error: unknown) => {
      // As a failure before listening was: the start fails.
      console.error('Falha ao iniciar o servidor:', error);
      process.exit(1);
    });
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

main().catch((error) => {
  console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});

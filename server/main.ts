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
import { startDatabase } from './db/connect.js';
import { EXIT_CONFIG, productionProblems } from './setup/deployment.js';
import { recordServerPid } from './setup/server-pid.js';

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

/**
 * Milliseconds since the process started, per start-up step (logged; bench/server.ts and
 * bench/embedded-db.ts read them): `modulesLoaded` this entry, `serverModulesLoaded` the rest of
 * the server (run.ts and the app), `databaseOpen` the database (in parallel with those and the app's build).
 */
const startup: Record<string, number> = { modulesLoaded: Math.round(performance.now()) };
const step = (name: string) => (startup[name] = Math.round(performance.now()));

async function main() {
  const problems = productionProblems(env, { fileSecret: env.APP_SECRET || env.DATABASE_URL ? undefined : appSecret() });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`Retaguarda não iniciou / did not start: ${problem}`);
    process.exit(EXIT_CONFIG);
  }
  const secret = appSecret();
  if (!env.DATABASE_URL) mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  // The setup command must not open the embedded database while this process holds it (from now on).
  const releasePid = env.DATABASE_URL ? undefined : recordServerPid(dataDir);
  // The embedded database starts in its worker thread; its handles take statements at once (they
  // wait there until PostgreSQL is up), so the main thread loads and builds the server meanwhile.
  const { database, opened } = startDatabase({
    databaseUrl: env.DATABASE_URL,
    appDatabaseUrl: env.DATABASE_APP_URL,
    dataDir: path.join(dataDir, 'pglite'),
    tuned: env.PGLITE_TUNED !== '0',
    onLost: (error) => {
      console.error('O banco de dados embutido parou / the embedded database stopped:', error);
      process.exit(1);
    },
  });
  opened.then(
    () => step('databaseOpen'),
    (error: unknown) => {
      releasePid?.();
      console.error('Falha ao iniciar o servidor:', error);
      process.exit(1);
    },
  );
  const { runServer } = await import('./run.js');
  step('serverModulesLoaded');
  await runServer({ env, port, host, publicUrl, secret, database, releasePid, startup, step });
}

main().catch((error) => {
  console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});

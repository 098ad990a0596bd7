/**
 * Entry point: `npx tsx server/main.ts`.
 *
 * Environment:
 *   PORT (3000), HOST (0.0.0.0), DATABASE_URL (PostgreSQL, the tables' owner: migrations; the app
 *   runs as the role retaguarda_app — see db/connect.ts; else PGlite in DATA_DIR),
 *   DATABASE_APP_URL (optional login for the app's connections, a member of retaguarda_app),
 *   DATA_DIR (./data), SMTP_URL (else the database outbox, readable at /dev/caixa-de-entrada
 *   unless NODE_ENV=production),
 *   MAIL_FROM, PUBLIC_URL (http://localhost:PORT), APP_SECRET (else generated once into
 *   DATA_DIR/app-secret, mode 600), APP_CONFIG_PATH (./app.config.json), STATIC_DIR (./dist),
 *   DEMO_DIR (./demo), CORS_ORIGINS (comma separated), TRUST_PROXY (1 behind a proxy),
 *   RATE_LIMIT_MAX (600 API calls/min per signed-in user, else per IP; pages and static files
 *   are not counted), RATE_LIMIT_AUTH_MAX (30/min per IP on auth calls),
 *   LOG_LEVEL (info), SEED_DEMO (1; 0 skips the demo organisation), POSTAL_CODE_URL (ViaCEP-shaped
 *   upstream of /v1/commons/addresses/postal-codes, default https://viacep.com.br/ws; `off` =
 *   offline answers from the CEP ranges only).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.js';
import { createPasswordHasher } from './auth/passwords.js';
import { openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { DEFAULT_MAIL_FROM, smtpMailer } from './mail/mailer.js';

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

async function main() {
  const secret = appSecret();
  if (!env.DATABASE_URL) mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, appDatabaseUrl: env.DATABASE_APP_URL, dataDir: path.join(dataDir, 'pglite') });
  const applied = await migrateToLatest(database.db);
  const hasher = createPasswordHasher();
  const seeded = env.SEED_DEMO === '0' ? false : await seedDemo(database.db, hasher);
  // PGlite has no autovacuum: refresh the planner's statistics at every start (PostgreSQL's
  // autovacuum does it on its own). Sampled, so it stays quick on large tables.
  if (database.kind === 'pglite') await sql`ANALYZE`.execute(database.db);
  const mailFrom = env.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, mailFrom) : undefined;

  const app = await buildApp({
    db: database.appDb,
    tenantDb: database.tenantDb,
    secret,
    mailer,
    hasher,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    postalCodes: { upstream: env.POSTAL_CODE_URL },
    logger: { level: env.LOG_LEVEL ?? 'info' },
    settings: {
      publicUrl,
      appConfigPath: path.resolve(env.APP_CONFIG_PATH ?? './app.config.json'),
      staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
      demoDir: path.resolve(env.DEMO_DIR ?? './demo'),
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
      // The dev mailbox shows reset links and codes to anyone: never in production.
      devMailbox: !env.SMTP_URL && env.NODE_ENV !== 'production',
      rateLimit: { max: Number(env.RATE_LIMIT_MAX ?? 600), authMax: Number(env.RATE_LIMIT_AUTH_MAX ?? 30), timeWindowMs: 60_000 },
    },
  });
  app.log.info({ database: database.kind, migrations: applied, seeded }, 'database ready');
  if (!env.SMTP_URL) app.log.warn(`SMTP_URL not set: e-mails go to ${publicUrl}/dev/caixa-de-entrada (development only)`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await mailer?.close?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  app.log.info(`Retaguarda em ${publicUrl} (API em ${publicUrl}/v1/identity, OpenAPI em ${publicUrl}/openapi.json)`);
}

main().catch((error) => {
  console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});

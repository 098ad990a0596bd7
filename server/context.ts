/** What every route of the API gets: database, clock, mailer, keys, hasher and settings. */
import type { Kysely } from 'kysely';
import type { TokenService } from './auth/tokens.js';
import type { Keys } from './auth/crypto.js';
import type { PasswordHasher } from './auth/passwords.js';
import type { Database } from './db/types.js';
import type { Mailer } from './mail/mailer.js';
import type { ResourceService } from './registry/service.js';
import type { SettingsInForce } from './setup/deployment.js';

export interface ServerSettings {
  /** Base of every link sent by e-mail (never the Host header). */
  publicUrl: string;
  appConfigPath: string;
  staticDir: string;
  demoDir: string;
  /** Origins allowed by CORS; empty → no CORS headers at all. */
  corsOrigins: string[];
  /** Serve /dev/caixa-de-entrada and /dev/outbox.json (only sensible with the outbox mailer). */
  devMailbox: boolean;
  /**
   * Request-flood limits per client IP; `false` disables the limiter. `store`: where the
   * counters live — `database` (default: shared by every instance, http/rate-limit-store.ts) or
   * `memory` (this process only; main.ts picks it on PGlite, which one process owns).
   */
  rateLimit: false | { max: number; authMax: number; timeWindowMs: number; store?: 'database' | 'memory' };
  /** Extra delay per consecutive failed login (ms × failures, capped at 2 s). 0 disables. */
  loginFailureDelayMs: number;
  /**
   * Test-only (TEST_SESSION_LOGINS, TEST_ACCESS_TOKEN_SECONDS, TEST_IDLE_TIMEOUT_SECONDS; main.ts
   * ignores them in production): sessions of these logins (normalised) get an access token of
   * `accessSeconds` and, without "Lembrar de mim", an idle time-out of `idleSeconds` — so a
   * browser test sees a session outlive its access token and end by idleness in seconds.
   */
  testSessions?: { logins: string[]; accessSeconds?: number; idleSeconds?: number };
  /** Which settings the process runs with (never their values), shown by GET /readyz; main.ts sets it. */
  inForce?: SettingsInForce;
  /**
   * Serve the style guide's gate (developer pages /theme, /tests, /table, /test-icon:
   * setup/style-guide.ts). main.ts turns it on outside NODE_ENV=production; off unless said.
   */
  developerPages?: boolean;
}

export interface AppContext {
  /** Identity and system work (connect.ts `appDb`): explicit org filters, bypass flag on. */
  db: Kysely<Database>;
  /**
   * Tenant-scoped work, only through `withTenant()` / `asSystemOwner()` (db/tenant.ts): the
   * app's role with row-level security, default deny (connect.ts `tenantDb`).
   */
  tenantDb: Kysely<Database>;
  /**
   * The reports' read-only handle (REPORTS_DATABASE_URL, connect.ts `reportsDatabase`): a read
   * replica. Absent: the reports read `tenantDb`. Chosen per request by bi/replica.ts.
   */
  reportsDb?: Kysely<Database>;
  clock: () => Date;
  mailer: Mailer;
  keys: Keys;
  tokens: TokenService;
  hasher: PasswordHasher;
  settings: ServerSettings;
  /** Runs work after the answer was sent (e-mail of password recovery); awaited on close. */
  background(task: () => Promise<unknown>): void;
  /** The service of a served declaration by name (registry/catalogue.ts): the one write path of its records. */
  records(name: string): ResourceService;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  publicUrl: 'http://localhost:3000',
  appConfigPath: './app.config.json',
  staticDir: './dist',
  demoDir: './demo',
  corsOrigins: [],
  devMailbox: false,
  rateLimit: { max: 600, authMax: 30, timeWindowMs: 60_000 },
  loginFailureDelayMs: 250,
};

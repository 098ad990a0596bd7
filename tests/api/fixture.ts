/**
 * API test fixture: the real server (buildApp) on a real database, a real SMTP server.
 *
 * - PGlite: one migrated + seeded template per code version (kept in the OS temp dir, keyed by
 *   a hash of server/db and the seed's dependencies), copied for each test file (~0.5 s instead
 *   of a 4 s cold start + migrations + seeding).
 * - PostgreSQL (when DATABASE_URL is set): a template database `rt_tpl_<hash>` built once, and
 *   `CREATE DATABASE rt_test_<random> TEMPLATE …` per file, dropped afterwards.
 * Each suite (`describe.each(databaseKinds())`) gets its own database, app, clock and mailbox.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { xsrfFor } from '../../server/auth/crypto.js';
import { createPasswordHasher, type PasswordHasher } from '../../server/auth/passwords.js';
import type { ServerSettings } from '../../server/context.js';
import { openPglite, pgliteDatabase, postgresDatabase, type DatabaseHandle } from '../../server/db/connect.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { DEMO_ORG_ID, DEMO_PASSWORD, seedDemo } from '../../server/db/seed.js';
import type { Database } from '../../server/db/types.js';
import { normaliseLogin } from '../../server/identity/users.js';
import { smtpMailer } from '../../server/mail/mailer.js';
import { TestSmtp } from './mail.js';

export type DbKind = 'pglite' | 'postgres';
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const API = '/v1/identity';
export const PUBLIC_URL = 'https://retaguarda.example.test';
export { DEMO_PASSWORD };

export function databaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

// ---------------------------------------------------------------- template databases
function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

function templateKey(): string {
  const files = [...listFiles(path.join(ROOT, 'server/db')), path.join(ROOT, 'server/identity/users.ts'), path.join(ROOT, 'server/auth/passwords.ts')].sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, createPasswordHasher());
}

async function pgliteTemplate(key: string): Promise<string> {
  const dir = path.join(tmpdir(), `retaguarda-api-pglite-${key}`);
  if (existsSync(path.join(dir, '.ready'))) return dir;
  const building = `${dir}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(building, { recursive: true });
  const handle = pgliteDatabase(await openPglite(building));
  await buildTemplate(handle);
  await handle.close();
  await writeFile(path.join(building, '.ready'), new Date().toISOString());
  try {
    await rename(building, dir);
  } catch {
    await rm(building, { recursive: true, force: true });
  }
  // Templates of older code versions are of no use any more — once no run can be copying them
  // (another checkout's run may be using its own template right now).
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith('retaguarda-api-pglite-') && !name.startsWith(`retaguarda-api-pglite-${key}`) && !name.includes('.building-')) {
      const old = path.join(tmpdir(), name);
      if (Date.now() - statSync(old).mtimeMs > 3600_000) await rm(old, { recursive: true, force: true }).catch(() => undefined);
    }
  }
  return dir;
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(key: string): Promise<string> {
  const name = `rt_tpl_${key}`;
  const found = await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount) return name;
  const building = `rt_tplb_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${building}`);
  const handle = postgresDatabase(databaseUrl(building), 2);
  try {
    await buildTemplate(handle);
  } finally {
    await handle.close();
  }
  try {
    await adminQuery(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch {
    await adminQuery(`DROP DATABASE IF EXISTS ${building}`);
  }
  // Parallel checkouts with other migrations share this server: RT_KEEP_OTHER_TEMPLATES=1 keeps theirs.
  if (process.env.RT_KEEP_OTHER_TEMPLATES === '1') return name;
  const old = await adminQuery("SELECT datname FROM pg_database WHERE datname LIKE 'rt\\_tpl%' AND datname <> $1", [name]);
  for (const row of old.rows as { datname: string }[]) await adminQuery(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => undefined);
  return name;
}

/**
 * A fresh migrated + seeded database, not opened: a PGlite directory (`pgliteDir`) or a
 * PostgreSQL URL (`url`) — for tests that start the real server process on it.
 */
export async function freshDatabaseLocation(kind: DbKind): Promise<{ pgliteDir?: string; url?: string; dispose: () => Promise<void> }> {
  const key = templateKey();
  if (kind === 'pglite') {
    const template = await pgliteTemplate(key);
    const dir = path.join(tmpdir(), `retaguarda-api-db-${randomUUID()}`);
    await cp(template, dir, { recursive: true });
    return { pgliteDir: dir, dispose: () => rm(dir, { recursive: true, force: true }) };
  }
  const template = await postgresTemplate(key);
  const name = `rt_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: databaseUrl(name), dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}

/** An empty PostgreSQL database on the DATABASE_URL server (no migrations), dropped by `dispose`. */
export async function emptyPostgresDatabase(): Promise<{ url: string; dispose: () => Promise<void> }> {
  const name = `rt_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { url: databaseUrl(name), dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}

export async function freshDatabase(kind: DbKind): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const location = await freshDatabaseLocation(kind);
  const handle = location.pgliteDir ? pgliteDatabase(await openPglite(location.pgliteDir)) : postgresDatabase(location.url!, 5);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await location.dispose();
    },
  };
}

// ---------------------------------------------------------------- clock
export class TestClock {
  private current: number;
  constructor(start = new Date()) {
    this.current = start.getTime();
  }
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
  set(date: Date): void {
    this.current = date.getTime();
  }
}

// ---------------------------------------------------------------- the environment
export interface CountingHasher extends PasswordHasher {
  calls: { hash: number; verify: number; dummy: number };
}

function countingHasher(inner: PasswordHasher): CountingHasher {
  const calls = { hash: 0, verify: 0, dummy: 0 };
  return {
    calls,
    hash: (p) => (calls.hash++, inner.hash(p)),
    verify: (h, p) => (calls.verify++, inner.verify(h, p)),
    verifyDummy: (p) => (calls.dummy++, inner.verifyDummy(p)),
    needsRehash: (h) => inner.needsRehash(h),
  };
}

export interface TestEnv {
  kind: DbKind;
  app: FastifyInstance;
  /** Owner handle (bypasses row-level security): direct reads and writes of the tests. */
  db: Kysely<Database>;
  /** The app's handles, as the server uses them (role `retaguarda_app`). */
  appDb: Kysely<Database>;
  tenantDb: Kysely<Database>;
  clock: TestClock;
  smtp: TestSmtp;
  hasher: CountingHasher;
  /** Every log line the server wrote. */
  logs: string[];
  secret: string;
}

export interface EnvOptions {
  settings?: Partial<ServerSettings>;
  /** Use the database outbox (dev mailbox) instead of SMTP. */
  outbox?: boolean;
  /** Lets a test add routes before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Postal-code lookup upstream; default `off` (offline answers: tests never reach the internet). */
  postalCodes?: BuildAppOptions['postalCodes'];
  /** CNPJ lookup upstream; default `off` (every lookup a 503: tests never reach the internet). */
  companyLookup?: BuildAppOptions['companyLookup'];
  /** The reports' read-only handle (REPORTS_DATABASE_URL), made on the fresh database. */
  reportsDb?: (handle: DatabaseHandle) => Promise<BuildAppOptions['reportsDb']>;
}

/** Registers beforeAll/afterAll for a suite and returns the (then filled) environment. */
export function useTestEnv(kind: DbKind, options: EnvOptions = {}): TestEnv {
  const env = { kind } as TestEnv;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const [{ handle, dispose: disposeDb }, smtp] = await Promise.all([freshDatabase(kind), (async () => {
      const s = new TestSmtp();
      await s.start();
      return s;
    })()]);
    env.db = handle.db;
    env.appDb = handle.appDb;
    env.tenantDb = handle.tenantDb;
    env.smtp = smtp;
    env.clock = new TestClock();
    env.logs = [];
    env.secret = randomBytes(32).toString('base64url');
    env.hasher = countingHasher(createPasswordHasher());
    const mailer = smtpMailer(smtp.url, 'Retaguarda <nao-responda@retaguarda.local>', { ignoreTLS: true, secure: false });
    const reportsDb = await options.reportsDb?.(handle);
    env.app = await buildApp({
      db: handle.appDb,
      tenantDb: handle.tenantDb,
      ...(reportsDb ? { reportsDb } : {}),
      jobs: { executeSql: handle.executeSql, databaseKind: handle.kind, settings: { pollingSeconds: 0.5 } },
      secret: env.secret,
      mailer: options.outbox ? undefined : mailer,
      clock: env.clock.now,
      hasher: env.hasher,
      logger: { level: 'info', stream: { write: (line: string) => void (env.logs.push(line), process.env.RT_TEST_LOGS && /"level":50/.test(line) && process.stderr.write(line)) } },
      postalCodes: options.postalCodes ?? { upstream: 'off' },
      companyLookup: options.companyLookup ?? { upstream: 'off' },
      settings: {
        publicUrl: PUBLIC_URL,
        appConfigPath: path.join(ROOT, 'app.config.json'),
        staticDir: path.join(ROOT, 'dist'),
        demoDir: path.join(ROOT, 'demo'),
        devMailbox: false,
        rateLimit: false,
        loginFailureDelayMs: 0,
        ...options.settings,
      },
    });
    await options.beforeReady?.(env.app);
    await env.app.ready();
    dispose = async () => {
      await env.app.close();
      await mailer.close?.();
      await smtp.stop();
      await disposeDb();
    };
  });
  afterAll(async () => {
    await dispose?.();
  });
  return env;
}

// ---------------------------------------------------------------- HTTP helpers
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  /** The body's bytes (file downloads). */
  bytes: Buffer;
}

export interface Session {
  accessToken: string;
  refreshToken?: string;
  xsrf: string;
}

export interface CallOptions {
  session?: Session;
  token?: string;
  /** XSRF header value; defaults to the session's; `false` sends none. */
  xsrf?: string | false;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call<T = any>(env: TestEnv, method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.token ?? options.session?.accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  const xsrf = options.xsrf === undefined ? options.session?.xsrf : options.xsrf;
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  let payload: string | Buffer | undefined;
  if (Buffer.isBuffer(options.body)) {
    headers['content-type'] ??= 'application/octet-stream';
    payload = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await env.app.inject({ method: method as 'GET', url: url.startsWith('/') ? url : `${API}/${url}`, headers, payload });
  let body: unknown = undefined;
  if (response.body) {
    try {
      body = JSON.parse(response.body);
    } catch {
      body = response.body;
    }
  }
  return { status: response.statusCode, body: body as T, headers: response.headers as Answer["headers"], raw: response.body, bytes: response.rawPayload };
}

/** The XSRF-TOKEN cookie of an answer. */
export function xsrfCookie(answer: Answer): string | undefined {
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const line = cookies.find((c) => c.startsWith('XSRF-TOKEN='));
  return line?.slice('XSRF-TOKEN='.length).split(';')[0];
}

export function sessionFrom(answer: Answer): Session {
  const xsrf = xsrfCookie(answer);
  if (answer.status !== 200 || !xsrf) throw new Error(`no session in answer ${answer.status} ${answer.raw}`);
  return { accessToken: answer.body.accessToken, refreshToken: answer.body.refreshToken, xsrf };
}

export function login(env: TestEnv, loginName: string, secret = DEMO_PASSWORD, extra: Record<string, unknown> = {}) {
  return call(env, 'POST', 'auth', { body: { login: loginName, secret, ...extra } });
}

/** Logs in a user without two-factor and returns the session. */
export async function loginSession(env: TestEnv, loginName: string, secret = DEMO_PASSWORD, extra: Record<string, unknown> = {}): Promise<Session> {
  const answer = await login(env, loginName, secret, extra);
  if (answer.body?.tokenType !== 'Authorization') throw new Error(`expected Authorization, got ${answer.status} ${answer.raw}`);
  return sessionFrom(answer);
}

export function jwtPayload(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

export function xsrfOf(env: TestEnv, token: string): string {
  return xsrfFor(env.app.appContext.keys, jwtPayload(token).sid);
}

// ---------------------------------------------------------------- data helpers
export interface TestUser {
  id: string;
  email: string;
  password: string;
  orgId: string;
}

let userCounter = 0;
export async function createUser(
  env: TestEnv,
  options: {
    email?: string;
    password?: string;
    orgId?: string;
    accessLevel?: 'SystemOwner' | 'Admin' | 'User';
    mandatory?: boolean;
    enabledByUser?: boolean;
    allowed?: ('Email' | 'TOTP')[];
    active?: boolean;
  } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `teste${userCounter}.${randomBytes(3).toString('hex')}@demo.com.br`;
  const password = options.password ?? `Senha-de-teste-${userCounter}!`;
  const id = randomUUID();
  const orgId = options.orgId ?? DEMO_ORG_ID;
  const now = env.clock.now();
  await env.db
    .insertInto('users')
    .values({
      id,
      org_id: orgId,
      email,
      login_key: normaliseLogin(email),
      name: `Usuário de Teste ${userCounter}`,
      access_level: options.accessLevel ?? 'User',
      password_hash: await createPasswordHasher().hash(password),
      is_active: options.active ?? true,
      two_factor_mandatory: options.mandatory ?? false,
      two_factor_enabled_by_user: options.enabledByUser ?? false,
      allowed_methods: options.allowed ?? ['Email', 'TOTP'],
      email_2fa_confirmed: false,
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email, password, orgId };
}

export function totpCode(base32: string, at: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });
}

/** Moves the clock to the start of a fresh 30 s TOTP step (plus `offsetMs`). */
export function alignToStep(clock: TestClock, offsetMs = 1000): void {
  const now = clock.now().getTime();
  clock.set(new Date(Math.floor(now / 30_000) * 30_000 + 30_000 + offsetMs));
}

/**
 * Logs in a two-factor user whose setup is required and binds TOTP; returns the key and the
 * full session obtained from the setup answer.
 */
export async function bindTotp(env: TestEnv, user: TestUser, extra: Record<string, unknown> = {}): Promise<{ key: string; session: Session; answer: Answer }> {
  const pre = await login(env, user.email, user.password, extra);
  if (pre.body?.tokenType !== 'PreAuthorization') throw new Error(`expected PreAuthorization: ${pre.raw}`);
  const preSession = sessionFrom(pre);
  const setup = await call(env, 'GET', 'auth/two-factors/setup', { session: preSession });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.raw}`);
  alignToStep(env.clock);
  const answer = await call(env, 'POST', 'auth/two-factors/setup', {
    session: preSession,
    body: { totpKey: setup.body.totpKey, verificationCode: totpCode(setup.body.totpKey, env.clock.now()) },
  });
  if (answer.status !== 200) throw new Error(`setup confirm failed: ${answer.raw}`);
  return { key: setup.body.totpKey, session: sessionFrom(answer), answer };
}

export async function preAuthorize(env: TestEnv, user: { email: string; password: string }): Promise<Session> {
  const pre = await login(env, user.email, user.password);
  if (pre.body?.tokenType !== 'PreAuthorization') throw new Error(`expected PreAuthorization: ${pre.raw}`);
  return sessionFrom(pre);
}

export async function userRow(env: TestEnv, id: string) {
  return env.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A new user of `orgId` in the demo profiles `groups`, signed in. */
export async function userInGroups(env: TestEnv, groups: string[], orgId = DEMO_ORG_ID): Promise<{ user: TestUser; session: Session }> {
  const user = await createUser(env, { orgId });
  for (const name of groups) {
    const group = await env.db.selectFrom('user_groups').select('id').where('org_id', '=', user.orgId).where('name', '=', name).executeTakeFirstOrThrow();
    await env.db.insertInto('user_group_members').values({ org_id: user.orgId, group_id: group.id, user_id: user.id }).execute();
  }
  return { user, session: await loginSession(env, user.email, user.password) };
}

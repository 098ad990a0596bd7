/**
 * Kysely on either PostgreSQL (`pg`, when DATABASE_URL is set) or PGlite (embedded, on disk).
 * Both return the same JS types: int8 and numeric → string, date → 'YYYY-MM-DD' string,
 * timestamptz → Date, text[] → string[], jsonb → parsed value.
 *
 * ## Three ways into the same database (row-level security, SECURITY.md "tenants")
 * | handle | role | `app.bypass_rls` | used by |
 * |---|---|---|---|
 * | `db` | the DATABASE_URL user (owner of the tables) | on | migrations, seed, maintenance, tests |
 * | `appDb` | `retaguarda_app` (not owner, not superuser, NOBYPASSRLS) | on | identity: authentication and the account routes, which look users and tokens up before a tenant is known (login key, token hash) and filter by org explicitly |
 * | `tenantDb` | `retaguarda_app` | off (default deny) | every tenant-scoped route, only through `withTenant()` / `asSystemOwner()` (db/tenant.ts), which set `app.org_id` / the bypass flag per transaction |
 *
 * The role is created by migration 0002 (NOLOGIN; the owner is made a member) and taken with
 * `SET ROLE` on each new connection, so CI's `DATABASE_URL=postgres://postgres@…` (superuser,
 * trust) and a managed server with an owner login both work. `DATABASE_APP_URL` (optional)
 * makes the two app handles connect with another login (a member of `retaguarda_app`, e.g. one
 * with LOGIN and its own password) so that the app's connections cannot `RESET ROLE` back to
 * the owner. On PGlite the one connection switches role and flag when it changes hands.
 */
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './types.js';
import { startPgliteInWorker, type PgliteLike } from './pglite-remote.js';
import { namesPreparedStatements } from './prepared.js';
import { sendsStatementsTogether } from './tenant.js';

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
/** `pg` and PGlite load when a database of their kind opens: the embedded server never loads `pg`, nor PGlite on its main thread. */
const requirePackage = createRequire(import.meta.url);
let pgModule: typeof pg | undefined;
const pgLibrary = () => (pgModule ??= requirePackage('pg') as typeof pg);
const asText = (value: string) => value;

/** The role the application runs as (created by migration 0002). */
export const APP_ROLE = 'retaguarda_app';

export type DatabaseKind = 'pglite' | 'postgres';
/** Which of the three handles (see the table above), or the reports' read-only one (`reportsDatabase`). */
export type DbContext = 'owner' | 'app' | 'tenant' | 'reports';

/** Statements that put a connection into a context (session level). */
const CONTEXT_SETUP: Record<DbContext, string[]> = {
  owner: ['RESET ROLE', "SET app.bypass_rls = 'on'"],
  app: [`SET ROLE ${APP_ROLE}`, "SET app.bypass_rls = 'on'"],
  tenant: [`SET ROLE ${APP_ROLE}`, "SET app.bypass_rls = 'off'"],
  // Its own login (no SET ROLE: a SELECT-only role stays one), row-level security on, and every transaction read-only.
  reports: ["SET app.bypass_rls = 'off'", 'SET default_transaction_read_only = on'],
};

export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount?: number }>;

/** Raw SQL through a kysely handle or transaction (one statement when there are values). */
export const kyselyExecutor =
  (db: { executeQuery: Kysely<Database>['executeQuery'] }): SqlExecutor =>
  async (text, values = []) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values));
    return { rows: (result.rows as unknown[]) ?? [], rowCount: Number(result.numAffectedRows ?? result.rows?.length ?? 0) };
  };

/**
 * Several statements in one message with their own BEGIN (pg-boss's migrations) leave the
 * connection in an aborted transaction when one fails (e.g. two instances creating pg-boss's
 * schema at once: pg-boss expects and ignores that error): rolled back on the same connection
 * before it goes back to the pool.
 */
async function rollingBack(execute: SqlExecutor, text: string) {
  try {
    return await execute(text);
  } catch (error) {
    await execute('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export interface DatabaseHandle {
  /** Owner context: migrations, seed, maintenance (and the tests' direct reads and writes). */
  db: Kysely<Database>;
  /** The app's role with the bypass flag: identity (authentication, account routes). */
  appDb: Kysely<Database>;
  /** The app's role, default deny: tenant work through `withTenant` / `asSystemOwner` only. */
  tenantDb: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Raw SQL in the owner context, for the job queue (pg-boss, jobs/queue.ts): text without
   * values may hold several statements (pg-boss's own schema migrations).
   */
  executeSql: SqlExecutor;
  /** Closes the pools / the PGlite instance. */
  close(): Promise<void>;
}

export { openPglite, PGLITE_SETTINGS } from './pglite-open.js';

/** The three handles on one PGlite: in this thread (`openPglite`, the tests) or in a worker (`startPgliteInWorker`, the server). */
export function pgliteDatabase(pglite: PgliteLike): DatabaseHandle {
  const gate = new PgliteGate(pglite);
  const make = (context: DbContext) => new Kysely<Database>({ dialect: new GatedPGliteDialect(gate, context) });
  const db = make('owner');
  const appDb = make('app');
  const tenantDb = make('tenant');
  return {
    db,
    appDb,
    tenantDb,
    kind: 'pglite',
    // Through the gate (owner context); several statements go through `exec`.
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values?.length) {
          const result = await pglite.query(text, values);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        }
        const results = await pglite.exec(text).catch(async (error) => {
          await pglite.exec('ROLLBACK').catch(() => undefined); // see `rollingBack`
          throw error;
        });
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }),
    close: async () => {
      await Promise.all([db.destroy(), appDb.destroy(), tenantDb.destroy()]);
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function postgresPool(connectionString: string, max = 10): pg.Pool {
  const pg = pgLibrary();
  const pool = new pg.Pool({
    connectionString,
    max,
    // A database that went away fails a request in seconds (503), not after the TCP time-out.
    connectionTimeoutMillis: 5000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID.INT8 || oid === OID.NUMERIC || oid === OID.DATE) return asText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client dropped by the server (restart, DROP DATABASE … WITH (FORCE)) must not
  // crash the process: the pool discards it and the next checkout opens a new one.
  pool.on('error', () => undefined);
  // Nor one dropped while checked out between two statements (a transaction awaiting other
  // work): pg-pool listens only to idle clients, and a client's 'error' without a listener is
  // an uncaught exception. Its next query fails ("not queryable": a 503) and the pool removes
  // it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    namesPreparedStatements(client);
  });
  return pool;
}

function postgresKysely(connectionString: string, max: number, context: DbContext): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: postgresPool(connectionString, max),
      onCreateConnection: async (connection) => {
        for (const statement of CONTEXT_SETUP[context]) await connection.executeQuery(CompiledQuery.raw(statement));
      },
    }),
  });
}

/**
 * `connectionString` is the owner's (migrations); `appConnectionString` (default: the same)
 * is what the app's two handles log in with before `SET ROLE retaguarda_app`.
 */
export function postgresDatabase(connectionString: string, max = 10, appConnectionString: string = connectionString): DatabaseHandle {
  const db = postgresKysely(connectionString, Math.min(max, 3), 'owner');
  const appDb = postgresKysely(appConnectionString, max, 'app');
  const tenantDb = postgresKysely(appConnectionString, max, 'tenant');
  for (const handle of [db, appDb, tenantDb]) sendsStatementsTogether(handle);
  return {
    db,
    appDb,
    tenantDb,
    kind: 'postgres',
    // Without values node-postgres uses the simple protocol: several statements are allowed.
    executeSql: (text, values) => (values?.length ? kyselyExecutor(db)(text, values) : db.connection().execute((connection) => rollingBack(kyselyExecutor(connection), text))),
    close: async () => {
      await Promise.all([db.destroy(), appDb.destroy(), tenantDb.destroy()]);
    },
  };
}

/**
 * The reports' handle on `REPORTS_DATABASE_URL` (docs/operations.md "Reports on a read replica"):
 * a read replica, or any login that may only SELECT. Tenant work through `withTenant` as on
 * `tenantDb` (the tenant policies apply to every role); never used for a write.
 */
export function reportsDatabase(connectionString: string, max = 5): Kysely<Database> {
  const handle = postgresKysely(connectionString, max, 'reports');
  sendsStatementsTogether(handle);
  return handle;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  appDatabaseUrl?: string;
  dataDir: string;
  tuned?: boolean;
  /** The embedded database's worker died (the embedded database is gone; the server should stop). */
  onLost?: (error: Error) => void;
}

/**
 * PostgreSQL at `databaseUrl`, else PGlite in `dataDir`, in a worker thread (pglite-remote.ts),
 * whose handles are usable at once: their statements wait in the worker until PostgreSQL is up
 * (the server builds its app meanwhile). `opened` settles then, or rejects with why it did not.
 */
export function startDatabase(opts: DatabaseOptions): { database: DatabaseHandle; opened: Promise<void> } {
  if (opts.databaseUrl) return { database: postgresDatabase(opts.databaseUrl, 10, opts.appDatabaseUrl || opts.databaseUrl), opened: Promise.resolve() };
  const pglite = startPgliteInWorker(opts.dataDir, { tuned: opts.tuned, onLost: opts.onLost });
  return { database: pgliteDatabase(pglite), opened: pglite.waitReady };
}

/** As startDatabase, settling once the database is open. */
export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  const { database, opened } = startDatabase(opts);
  await opened;
  return database;
}

/**
 * Kysely's PGlite driver shares one connection between every caller: a query issued by one
 * request while another request holds a transaction would run inside that transaction. The
 * gate hands the single connection out under a mutex, like a pool of size one, and puts it in
 * the context (role + bypass flag) of the handle that takes it. Never query one handle while
 * holding a transaction of another (or of the same one): that waits forever.
 */
class PgliteGate {
  tail: Promise<void> = Promise.resolve();
  context: DbContext | undefined;
  constructor(readonly pglite: PgliteLike) {}
}

class GatedPGliteDialect extends PGliteDialect {
  readonly #gate: PgliteGate;
  readonly #context: DbContext;
  constructor(gate: PgliteGate, context: DbContext) {
    super({ pglite: gate.pglite as PGlite });
    this.#gate = gate;
    this.#context = context;
  }
  override createDriver(): Driver {
    return new GateDriver(super.createDriver(), this.#gate, this.#context);
  }
}

class GateDriver implements Driver {
  #inner: Driver;
  #gate: PgliteGate;
  #context: DbContext;
  #release: (() => void) | undefined;
  constructor(inner: Driver, gate: PgliteGate, context: DbContext) {
    this.#inner = inner;
    this.#gate = gate;
    this.#context = context;
  }
  init(): Promise<void> {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#gate.tail;
    let release!: () => void;
    this.#gate.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      if (this.#gate.context !== this.#context) {
        this.#gate.context = undefined;
        await this.#gate.pglite.exec(CONTEXT_SETUP[this.#context].join('; '));
        this.#gate.context = this.#context;
      }
      const connection = await this.#inner.acquireConnection();
      this.#release = release;
      return connection;
    } catch (error) {
      release();
      throw error;
    }
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint: Driver['savepoint'] = (c, n, q) => this.#inner.savepoint!(c, n, q);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (c, n, q) => this.#inner.rollbackToSavepoint!(c, n, q);
  releaseSavepoint: Driver['releaseSavepoint'] = (c, n, q) => this.#inner.releaseSavepoint!(c, n, q);
  async destroy(): Promise<void> {
    // The PGlite instance is shared by the three handles: the handle's close() ends it.
  }
}

export type { Dialect };

/**
 * Migrations and the demo seed at server start, safe when several instances start at once on
 * one PostgreSQL database: the work runs under a session-level advisory lock (held on one
 * connection of the owner's pool for the duration), so one instance migrates and seeds while
 * the others wait, then find nothing left to do. PGlite belongs to one process: no lock.
 */
import { sql } from 'kysely';
import type { PasswordHasher } from '../auth/passwords.js';
import type { DatabaseHandle } from './connect.js';
import { grantQueueToApp } from '../jobs/queue.js';
import { migrateToLatest } from './migrate.js';
import { seedDemo } from './seed.js';

/** The advisory lock's key (any bigint the app keeps for itself: "RTGD" + 1). */
export const STARTUP_LOCK_KEY = 0x52544744_00000001n;

export interface StartupResult {
  /** Migrations applied by this call. */
  migrations: string[];
  /** Whether this call created the demo organisation. */
  seeded: boolean;
}

/** `demoPassword`: each demo login's password when it is not the README's (production: random ones). */
export async function prepareDatabase(handle: DatabaseHandle, options: { seed: boolean; hasher: PasswordHasher; demoPassword?: (email: string) => string }): Promise<StartupResult> {
  const work = async (): Promise<StartupResult> => {
    const migrations = await migrateToLatest(handle.db);
    const seeded = options.seed ? await seedDemo(handle.db, options.hasher, options.demoPassword) : false;
    return { migrations, seeded };
  };
  return withAdvisoryLock(handle, STARTUP_LOCK_KEY, work);
}

/** The job queue's set-up (pg-boss's schema, queues, grants: jobs/queue.ts) runs under this one. */
export const JOBS_LOCK_KEY = 0x52544744_00000002n;

/**
 * The job queue's grants at every start, before listening (jobs/queue.ts `grantQueueToApp`), under
 * the set-up's lock: a GRANT on pgboss.job while another instance creates a queue (pg-boss attaches
 * a partition to that table) fails with "tuple concurrently updated" and ends that start.
 */
export function grantJobsAtStart(handle: DatabaseHandle): Promise<boolean> {
  return withAdvisoryLock(handle, JOBS_LOCK_KEY, () => grantQueueToApp(handle.executeSql));
}

/**
 * `work` under a session-level advisory lock held on one connection of the owner's pool (other
 * instances wait); on PGlite (one process, one connection) without a lock.
 */
export async function withAdvisoryLock<T>(handle: DatabaseHandle, key: bigint, work: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return work();
  return handle.db.connection().execute(async (locked) => {
    await sql`SELECT pg_advisory_lock(${key.toString()}::bigint)`.execute(locked);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${key.toString()}::bigint)`.execute(locked);
    }
  });
}

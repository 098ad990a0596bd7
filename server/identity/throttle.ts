/**
 * Counters of failed attempts, kept in the database (shared by every API instance):
 * - per normalised login (also for logins that do not exist, so a lock says nothing);
 * - per user for second-factor codes, across PreAuthorization tokens.
 * N failures inside the window lock for a while; a success clears the counter.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  SECOND_FACTOR_LOCK_MS,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_WINDOW_MS,
} from './policy.js';

export interface LockState {
  locked: boolean;
  /** Seconds until the lock ends (0 when not locked). */
  retryAfterSeconds: number;
}

function lockState(lockedUntil: Date | null | undefined, now: Date): LockState {
  if (!lockedUntil || lockedUntil.getTime() <= now.getTime()) return { locked: false, retryAfterSeconds: 0 };
  return { locked: true, retryAfterSeconds: Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000) };
}

export async function loginLock(db: Kysely<Database>, loginKey: string, now: Date): Promise<LockState> {
  const row = await db.selectFrom('login_throttle').select('locked_until').where('login_key', '=', loginKey).executeTakeFirst();
  return lockState(row?.locked_until, now);
}

/** Counts a failed login; returns the failures counted so far (0 right after a lock starts). */
export async function loginFailed(db: Kysely<Database>, loginKey: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const row = await db
    .insertInto('login_throttle')
    .values({ login_key: loginKey, failures: 1, last_failure_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('login_key').doUpdateSet({
        failures: sql<number>`CASE WHEN login_throttle.last_failure_at < ${windowStart} THEN 1 ELSE login_throttle.failures + 1 END`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (row.failures >= LOGIN_MAX_FAILURES) {
    await db
      .updateTable('login_throttle')
      .set({ failures: 0, locked_until: new Date(now.getTime() + LOGIN_LOCK_MS) })
      .where('login_key', '=', loginKey)
      .execute();
    return 0;
  }
  return row.failures;
}

export async function loginSucceeded(db: Kysely<Database>, loginKey: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('login_key', '=', loginKey).execute();
}

export async function secondFactorLock(db: Kysely<Database>, userId: string, now: Date): Promise<LockState> {
  const row = await db.selectFrom('second_factor_throttle').select('locked_until').where('user_id', '=', userId).executeTakeFirst();
  return lockState(row?.locked_until, now);
}

export async function secondFactorFailed(db: Kysely<Database>, user: { id: string; org_id: string }, now: Date): Promise<LockState> {
  const windowStart = new Date(now.getTime() - SECOND_FACTOR_WINDOW_MS);
  const row = await db
    .insertInto('second_factor_throttle')
    .values({ user_id: user.id, org_id: user.org_id, failures: 1, last_failure_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        failures: sql<number>`CASE WHEN second_factor_throttle.last_failure_at < ${windowStart} THEN 1 ELSE second_factor_throttle.failures + 1 END`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (row.failures >= SECOND_FACTOR_MAX_FAILURES) {
    const lockedUntil = new Date(now.getTime() + SECOND_FACTOR_LOCK_MS);
    await db.updateTable('second_factor_throttle').set({ failures: 0, locked_until: lockedUntil }).where('user_id', '=', user.id).execute();
    return lockState(lockedUntil, now);
  }
  return { locked: false, retryAfterSeconds: 0 };
}

export async function secondFactorSucceeded(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('second_factor_throttle').where('user_id', '=', userId).execute();
}

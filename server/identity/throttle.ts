/**
 * Counters of attempts, kept in the database (shared by every API instance):
 * - per normalised login (also for logins that do not exist, so a lock says nothing);
 * - per user for second-factor codes, across PreAuthorization tokens.
 *
 * An attempt takes its slot BEFORE the secret is checked, in one statement (reserve, then
 * check): a burst of parallel guesses gets at most N checks, whatever its size. A slot is a
 * failure until the attempt proves otherwise. Taking the N-th slot of the window starts the
 * lock; a success clears the counter (and with it that lock); an attempt that turns out to be
 * no guess (a replay of a code that just won) gives its slot back.
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

/** A slot taken: its number in the window, `last` when taking it started the lock. */
export interface Slot {
  number: number;
  last: boolean;
}

interface Rule {
  max: number;
  windowMs: number;
  lockMs: number;
}

const LOGIN: Rule = { max: LOGIN_MAX_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS, lockMs: LOGIN_LOCK_MS };
const SECOND_FACTOR: Rule = { max: SECOND_FACTOR_MAX_FAILURES, windowMs: SECOND_FACTOR_WINDOW_MS, lockMs: SECOND_FACTOR_LOCK_MS };

type CounterTable = 'login_throttle' | 'second_factor_throttle';

function lockState(lockedUntil: Date | null | undefined, now: Date): LockState {
  if (!lockedUntil || lockedUntil.getTime() <= now.getTime()) return { locked: false, retryAfterSeconds: 0 };
  return { locked: true, retryAfterSeconds: Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000) };
}

/**
 * The pieces of the one reserving statement (INSERT … ON CONFLICT DO UPDATE … WHERE open):
 * the row of a first attempt, the update of the counter, and the condition that it is open.
 * PostgreSQL locks the row for the update, so parallel reservations queue and each sees the
 * count the previous one left.
 */
function reservation(table: CounterTable, rule: Rule, now: Date) {
  const failures = sql.ref(`${table}.failures`);
  const lastAt = sql.ref(`${table}.last_failure_at`);
  const lockedUntil = sql.ref(`${table}.locked_until`);
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  const windowStart = new Date(now.getTime() - rule.windowMs);
  // A window that ended, or a lock that ended, starts the count again.
  const next = sql<number>`CASE WHEN ${lastAt} < ${windowStart} OR ${lockedUntil} <= ${now} THEN 1 ELSE ${failures} + 1 END`;
  return {
    first: { failures: 1, last_failure_at: now, locked_until: rule.max <= 1 ? lockUntil : null },
    update: {
      failures: next,
      last_failure_at: now,
      locked_until: sql<Date | null>`CASE WHEN ${next} >= ${rule.max} THEN ${lockUntil}::timestamptz END`,
    },
    open: sql<boolean>`${lockedUntil} IS NULL OR ${lockedUntil} <= ${now}`,
  };
}

function slotOf(row: { failures: number; locked_until: Date | null }): Slot {
  return { number: row.failures, last: row.locked_until !== null };
}

/** Takes one login attempt for `loginKey` before the password is checked; null while locked. */
export async function reserveLoginAttempt(db: Kysely<Database>, loginKey: string, now: Date): Promise<Slot | null> {
  const r = reservation('login_throttle', LOGIN, now);
  const row = await db
    .insertInto('login_throttle')
    .values({ login_key: loginKey, ...r.first })
    .onConflict((oc) => oc.column('login_key').doUpdateSet(r.update).where(r.open))
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
  return row ? slotOf(row) : null;
}

/** A successful login clears the counter (and a lock its own last slot started). */
export async function loginSucceeded(db: Kysely<Database>, loginKey: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('login_key', '=', loginKey).execute();
}

/** Takes one second-factor attempt for the user before the code is compared, or answers the lock. */
export async function reserveSecondFactorAttempt(db: Kysely<Database>, user: { id: string; org_id: string }, now: Date): Promise<Slot | LockState> {
  const r = reservation('second_factor_throttle', SECOND_FACTOR, now);
  const row = await db
    .insertInto('second_factor_throttle')
    .values({ user_id: user.id, org_id: user.org_id, ...r.first })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(r.update).where(r.open))
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
  if (row) return slotOf(row);
  // Refused because the lock was on; a success may have cleared it since: still refused, briefly.
  const lock = lockState(await secondFactorLockedUntil(db, user.id), now);
  return { locked: true, retryAfterSeconds: Math.max(1, lock.retryAfterSeconds) };
}

/** Gives back a slot whose attempt was no guess; fewer than N failures lock nothing. */
export async function releaseSecondFactorAttempt(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('second_factor_throttle')
    .set({ failures: sql<number>`failures - 1`, locked_until: null })
    .where('user_id', '=', userId)
    .where('failures', '>', 0)
    .execute();
}

/** For calls that are no attempt themselves (sending a code): is the user locked out now? */
export async function secondFactorLock(db: Kysely<Database>, userId: string, now: Date): Promise<LockState> {
  return lockState(await secondFactorLockedUntil(db, userId), now);
}

export async function secondFactorSucceeded(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('second_factor_throttle').where('user_id', '=', userId).execute();
}

async function secondFactorLockedUntil(db: Kysely<Database>, userId: string): Promise<Date | null | undefined> {
  const row = await db.selectFrom('second_factor_throttle').select('locked_until').where('user_id', '=', userId).executeTakeFirst();
  return row?.locked_until;
}

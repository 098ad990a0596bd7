/**
 * A production start on a database that already holds the demo organisation with the README's
 * password (an installation from before issue 28, or a copy of a development database): every
 * demo login whose password is still DEMO_PASSWORD gets a random one — printed once by main.ts,
 * like SEED_DEMO=1's — and loses its sessions, so that no published credential signs in. Runs
 * under the start-up lock: of several instances starting at once, one rotates, the others find
 * nothing left. Costs one argon2 verification per demo login, only when the demo exists.
 */
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '../auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed.js';
import type { Database } from '../db/types.js';
import { normaliseLogin } from '../identity/users.js';
import { randomPassword } from './demo-passwords.js';

/** The demo logins that had the README's password, with their new passwords (empty when none). */
export async function rotateKnownDemoPasswords(db: Kysely<Database>, hasher: PasswordHasher, now: Date): Promise<Map<string, string>> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('login_key', 'in', DEMO_USERS.map((user) => normaliseLogin(user.email)))
    .execute();
  const rotated = new Map<string, string>();
  for (const user of users) {
    if (!(await hasher.verify(user.password_hash, DEMO_PASSWORD))) continue;
    const password = randomPassword();
    const hash = await hasher.hash(password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, password_changed_at: now, updated_at: now }).where('id', '=', user.id).execute();
      await trx.updateTable('sessions').set({ revoked_at: now, revoked_reason: 'known-password' }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    });
    rotated.set(user.email, password);
  }
  return rotated;
}

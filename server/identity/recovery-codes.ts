/**
 * One-time recovery codes (Minha conta): 10 codes of 10 characters of Crockford's base 32
 * (50 bits each) from the CSPRNG, shown once; stored as an HMAC bound to the user; each code is
 * spent by one guarded UPDATE (`used_at IS NULL`), so parallel requests with the same code let
 * exactly one through. Issuing a set deletes the previous one. A failed recovery code counts
 * against the second-factor lock like any other code (the callers do the counting).
 */
import type { CodeCheck } from './second-factor.js';
import { randomInt, randomUUID } from 'node:crypto';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../src/contracts/identity.js';
import { hmac } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import type { UserRow } from './users.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function codeHash(ctx: AppContext, userId: string, normalised: string): string {
  return hmac(ctx.keys.codes, 'recovery-code', userId, normalised);
}

/** `XXXXX-XXXXX`: how a code is shown (any case, spaces or hyphens are accepted back). */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A new set of codes for the user (the old set is deleted); answers them formatted, once. */
export async function issueRecoveryCodes(ctx: AppContext, user: Pick<UserRow, 'id' | 'org_id'>): Promise<string[]> {
  const now = ctx.clock();
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('recovery_codes')
      .values([...codes].map((code) => ({ id: randomUUID(), org_id: user.org_id, user_id: user.id, code_hash: codeHash(ctx, user.id, code), created_at: now, used_at: null })))
      .execute();
  });
  return [...codes].map(formatRecoveryCode);
}

/** A spent code sent again within this time is a replay (a double click, a parallel request), not a guess. */
const REPLAY_WINDOW_MS = 2 * 60 * 1000;

/**
 * Spends a code: 'ok' for exactly one caller of an unused code of this user; 'replay' for the
 * same code spent moments ago (its slot is given back: no guess); 'wrong' otherwise.
 */
export async function useRecoveryCode(ctx: AppContext, user: Pick<UserRow, 'id'>, code: string): Promise<CodeCheck> {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== RECOVERY_CODE_LENGTH) return 'wrong';
  const hash = codeHash(ctx, user.id, normalised);
  const now = ctx.clock();
  const result = await ctx.db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', user.id)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'ok';
  const spent = await ctx.db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', user.id)
    .where('code_hash', '=', hash)
    .where('used_at', '>=', new Date(now.getTime() - REPLAY_WINDOW_MS))
    .executeTakeFirst();
  return spent ? 'replay' : 'wrong';
}

export async function recoveryCodesStatus(ctx: AppContext, userId: string): Promise<{ remaining: number; total: number; createdAt: string | null }> {
  const rows = await ctx.db.selectFrom('recovery_codes').select(['created_at', 'used_at']).where('user_id', '=', userId).execute();
  const createdAt = rows.reduce<Date | null>((latest, row) => (!latest || row.created_at > latest ? row.created_at : latest), null);
  return { remaining: rows.filter((row) => row.used_at === null).length, total: rows.length, createdAt: createdAt ? createdAt.toISOString() : null };
}

export async function deleteRecoveryCodes(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

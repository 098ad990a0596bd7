/**
 * Second factor: TOTP (RFC 6238, 30 s steps, ±1 step, replay-proof through the last accepted
 * step stored per user and one atomic UPDATE) and e-mail codes (6 digits, 10 min, 5 attempts
 * taken before the comparison, only the newest lives, stored as an HMAC, never logged).
 * The per-user attempt budget around these checks: second-factor-attempt.ts.
 */
import { randomInt, randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { sql } from 'kysely';
import { decrypt, encrypt, hmac, safeEqual } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import { MESSAGES, tooMany } from '../errors.js';
import { verificationCodeMail } from '../mail/templates.js';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS, TOTP } from './policy.js';
import type { UserRow } from './users.js';

export type CodePurpose = 'login' | 'account';

function totpFor(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP.issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP.digits,
    period: TOTP.period,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The step whose code matches (current ±1), or null. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, 'x');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP.window });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP.period) + delta;
}

export function decryptTotp(ctx: AppContext, user: UserRow, sealed: string): string {
  return decrypt(ctx.keys.enc, sealed, `totp:${user.id}`);
}

export function encryptTotp(ctx: AppContext, user: UserRow, base32: string): string {
  return encrypt(ctx.keys.enc, base32, `totp:${user.id}`);
}

/** A fresh 160-bit key from the CSPRNG, stored encrypted as the user's pending key. */
export async function startTotpSetup(ctx: AppContext, user: UserRow) {
  const secret = new OTPAuth.Secret({ size: TOTP.secretBytes });
  const totpKey = secret.base32;
  await ctx.db.updateTable('users').set({ totp_pending_enc: encryptTotp(ctx, user, totpKey), updated_at: ctx.clock() }).where('id', '=', user.id).execute();
  const otpauthUrl = totpFor(totpKey, user.email).toString();
  // qrcode loads when an authenticator is first set up, not at every start.
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { totpKey, otpauthUrl, qrCode };
}

/**
 * A code's outcome: `replay` is the right code of a step that already won (a double click, a
 * retry): refused like a wrong code, but no guess.
 */
export type CodeCheck = 'ok' | 'wrong' | 'replay';

/** The pending key when `totpKey` is the one the setup handed out, else null. */
export function pendingTotpKey(ctx: AppContext, user: UserRow, totpKey: string): string | null {
  if (!user.totp_pending_enc) return null;
  try {
    const pending = decryptTotp(ctx, user, user.totp_pending_enc);
    return safeEqual(pending, totpKey.replace(/\s+/g, '').toUpperCase()) ? pending : null;
  } catch {
    return null;
  }
}

/**
 * Confirms the pending key with a code and binds it, in one UPDATE guarded by the pending
 * ciphertext and the last step.
 */
export async function confirmTotpSetup(ctx: AppContext, user: UserRow, pendingKey: string, code: string): Promise<CodeCheck> {
  const sealed = user.totp_pending_enc!;
  const step = matchTotpStep(pendingKey, code, ctx.clock());
  if (step === null) return 'wrong';
  const result = await ctx.db
    .updateTable('users')
    .set({ totp_secret_enc: sealed, totp_pending_enc: null, totp_last_step: String(step), updated_at: ctx.clock() })
    .where('id', '=', user.id)
    .where('totp_pending_enc', '=', sealed)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return stepOutcome(ctx, result.numUpdatedRows, user.id, sealed, step);
}

/** Checks a TOTP code against the bound key; accepts each step at most once (atomic). */
export async function verifyTotp(ctx: AppContext, user: UserRow, code: string): Promise<CodeCheck> {
  const sealed = user.totp_secret_enc;
  if (!sealed) return 'wrong';
  let secret: string;
  try {
    secret = decryptTotp(ctx, user, sealed);
  } catch {
    return 'wrong';
  }
  const step = matchTotpStep(secret, code, ctx.clock());
  if (step === null) return 'wrong';
  const result = await ctx.db
    .updateTable('users')
    .set({ totp_last_step: String(step) })
    .where('id', '=', user.id)
    .where('totp_secret_enc', '=', sealed)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return stepOutcome(ctx, result.numUpdatedRows, user.id, sealed, step);
}

/** `ok` when the guarded UPDATE took the step; `replay` when this step of this key is the one that last won. */
async function stepOutcome(ctx: AppContext, updatedRows: bigint, userId: string, sealed: string, step: number): Promise<CodeCheck> {
  if (Number(updatedRows) === 1) return 'ok';
  const won = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('totp_secret_enc', '=', sealed)
    .where('totp_last_step', '=', String(step))
    .executeTakeFirst();
  return won ? 'replay' : 'wrong';
}

function codeHash(ctx: AppContext, user: UserRow, purpose: CodePurpose, id: string, code: string): string {
  return hmac(ctx.keys.codes, 'email-code', user.id, purpose, id, code);
}

/** E-mails a new code; the previous ones die. At most one per EMAIL_CODE_RESEND_MS (429). */
export async function sendEmailCode(ctx: AppContext, user: UserRow, purpose: CodePurpose): Promise<void> {
  const now = ctx.clock();
  const latest = await ctx.db
    .selectFrom('email_codes')
    .select('created_at')
    .where('user_id', '=', user.id)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) {
    const wait = latest.created_at.getTime() + EMAIL_CODE_RESEND_MS - now.getTime();
    if (wait > 0) throw tooMany(wait / 1000, MESSAGES.codeResendWait);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  await ctx.db.deleteFrom('email_codes').where('user_id', '=', user.id).where('purpose', '=', purpose).execute();
  await ctx.db
    .insertInto('email_codes')
    .values({
      id,
      org_id: user.org_id,
      user_id: user.id,
      purpose,
      code_hash: codeHash(ctx, user, purpose, id, code),
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
      attempts: 0,
    })
    .execute();
  await ctx.mailer.send(verificationCodeMail(user.email, user.name, code, EMAIL_CODE_TTL_MS / 60_000));
}

/**
 * Checks the newest live code. The attempt is taken first, in the same statement that checks
 * the code is alive and has attempts left (parallel guesses queue on the row), then compared.
 * Single use: the right code of a code already used is a replay.
 */
export async function verifyEmailCode(ctx: AppContext, user: UserRow, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const now = ctx.clock();
  const newest = ctx.db.selectFrom('email_codes').select('id').where('user_id', '=', user.id).where('purpose', '=', purpose).orderBy('created_at', 'desc').limit(1);
  const row = await ctx.db
    .updateTable('email_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', newest)
    .where('expires_at', '>', now)
    .where('attempts', '<', EMAIL_CODE_MAX_ATTEMPTS)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  if (!row || !safeEqual(codeHash(ctx, user, purpose, row.id, code), row.code_hash)) return 'wrong';
  const spent = await ctx.db.updateTable('email_codes').set({ consumed_at: now }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? 'ok' : 'replay';
}

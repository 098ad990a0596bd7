/**
 * Sessions = refresh-token families. The access token's `sid` is the family id: revoking the
 * family (logout, reuse, password change) also stops its access tokens at once, since every
 * authenticated request checks the session.
 * - refresh tokens: opaque, 256 bits, stored as SHA-256, rotated on every use;
 * - a used refresh token presented again revokes the whole family (RFC 9700 §4.14.2), except
 *   within `REFRESH_GRACE_MS` of its rotation, when it answers the same new pair (two tabs);
 * - absolute lifetime fixed at login (30 days with rememberMe, else 12 h), never extended;
 * - idle expiry slides with each rotation, capped by the absolute lifetime: 7 days with
 *   rememberMe, else the organisation's idle time-out (org_settings.session_idle_minutes, read at
 *   every rotation, so an admin's change counts from the session's next rotation). The browser
 *   rotates while its tab is in use (src/core/sessionLife.ts), so a session in use lives on;
 * - an access token never outlives the idle expiry it was issued with: nothing but a rotation
 *   (the proof of use) keeps a session going.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AuthResponse, VerificationTokenInfo } from '../../src/contracts/identity.js';
import { XSRF_COOKIE } from '../../src/contracts/identity.js';
import type { Kysely } from 'kysely';
import { decrypt, encrypt, hashToken, keyFromToken, randomToken, xsrfFor } from '../auth/crypto.js';
import type { Database } from '../db/types.js';
import type { AppContext } from '../context.js';

import { SESSION_IDLE_MINUTES } from '../../src/contracts/resources/settings.js';
import { REFRESH_GRACE_MS, SESSION_LIFETIME } from './policy.js';
import { twoFactorState, type UserRow } from './users.js';

export interface NewSession {
  sid: string;
  refreshToken: string;
  refreshTokenExpireAt: Date;
  absoluteExpireAt: Date;
  life: Lifetime;
}

interface Lifetime {
  absoluteMs: number;
  idleMs: number;
  /** The test-only knob's access-token lifetime (ServerSettings.testSessions), else the type's. */
  accessTtlSeconds?: number;
}

/**
 * A session's lifetimes: "Lembrar de mim" keeps its fixed ones; otherwise the idle time-out is
 * the organisation's. The test-only knob (`ctx.settings.testSessions`, never set in production)
 * shortens both for the logins it names.
 */
export async function lifetimeFor(db: Kysely<Database>, ctx: AppContext, user: Pick<UserRow, 'org_id' | 'login_key'>, rememberMe: boolean, orgIdleMinutes?: number): Promise<Lifetime> {
  const knob = ctx.settings.testSessions;
  const tested = knob && knob.logins.includes(user.login_key) ? knob : undefined;
  const accessTtl = tested?.accessSeconds ? { accessTtlSeconds: tested.accessSeconds } : {};
  if (rememberMe) return { ...SESSION_LIFETIME.remember, ...accessTtl };
  if (tested?.idleSeconds) return { absoluteMs: SESSION_LIFETIME.standard.absoluteMs, idleMs: tested.idleSeconds * 1000, ...accessTtl };
  const minutes =
    orgIdleMinutes ?? (await db.selectFrom('org_settings').select('session_idle_minutes').where('org_id', '=', user.org_id).executeTakeFirst())?.session_idle_minutes ?? SESSION_IDLE_MINUTES.initial;
  return { absoluteMs: SESSION_LIFETIME.standard.absoluteMs, idleMs: Number(minutes) * 60_000, ...accessTtl };
}

/** The session fields of an auth answer: its absolute end and how long it lives unused. */
const sessionFields = (absolute: Date, life: Lifetime) => ({ sessionExpireAt: absolute.toISOString(), idleTimeoutSeconds: Math.round(life.idleMs / 1000) });

export async function createSession(ctx: AppContext, user: UserRow, rememberMe: boolean): Promise<NewSession> {
  const now = ctx.clock();
  const life = await lifetimeFor(ctx.db, ctx, user, rememberMe);
  const { absoluteMs, idleMs } = life;
  const absolute = new Date(now.getTime() + absoluteMs);
  const idle = new Date(Math.min(now.getTime() + idleMs, absolute.getTime()));
  const sid = randomUUID();
  const refreshToken = randomToken(32);
  await ctx.db
    .insertInto('sessions')
    .values({
      id: sid,
      org_id: user.org_id,
      user_id: user.id,
      remember_me: rememberMe,
      created_at: now,
      absolute_expires_at: absolute,
      idle_expires_at: idle,
      last_used_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('refresh_tokens')
    .values({ token_hash: hashToken(refreshToken), org_id: user.org_id, session_id: sid, created_at: now })
    .execute();
  return { sid, refreshToken, refreshTokenExpireAt: idle, absoluteExpireAt: absolute, life };
}

/** Sets the session-bound XSRF cookie (readable by the page's script, never sent cross-site). */
export function setXsrf(ctx: AppContext, reply: FastifyReply, sid: string): void {
  const value = xsrfFor(ctx.keys, sid);
  reply.setCookie(XSRF_COOKIE, value, {
    path: '/',
    sameSite: 'strict',
    httpOnly: false,
    secure: ctx.settings.publicUrl.startsWith('https:'),
  });
  // Cross-origin embedders cannot read our cookie: the same value, exposed through CORS.
  reply.header('x-xsrf-token', value);
}

export async function verificationTokenFor(ctx: AppContext, user: UserRow, sid: string): Promise<VerificationTokenInfo> {
  const { token, expiresAt } = await ctx.tokens.sign({ typ: 'verification', sub: user.id, org: user.org_id, sid });
  const iso = expiresAt.toISOString();
  return { verificationToken: token, verificationTokenExpireAt: iso, expireAt: iso };
}

/** Opens a full session and answers the Authorization authResponse (plus cookie). */
export async function authorize(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRow,
  rememberMe: boolean,
  withVerification: boolean,
): Promise<AuthResponse> {
  const session = await createSession(ctx, user, rememberMe);
  const access = await ctx.tokens.sign(
    { typ: 'access', sub: user.id, org: user.org_id, sid: session.sid },
    { ttlSeconds: session.life.accessTtlSeconds, notAfter: session.refreshTokenExpireAt },
  );
  setXsrf(ctx, reply, session.sid);
  const response: AuthResponse = {
    accessToken: access.token,
    tokenType: 'Authorization',
    refreshToken: session.refreshToken,
    refreshTokenExpireAt: session.refreshTokenExpireAt.toISOString(),
    ...sessionFields(session.absoluteExpireAt, session.life),
  };
  if (withVerification) {
    const state = twoFactorState(user);
    response.twoFactor = {
      isSetupRequired: state.setupRequired,
      allowedMethods: state.allowedMethods,
      verificationToken: await verificationTokenFor(ctx, user, session.sid),
    };
  }
  return response;
}

export async function revokeSession(ctx: AppContext, sid: string, reason: string): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.clock(), revoked_reason: reason }).where('id', '=', sid).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(ctx: AppContext, userId: string, reason: string, exceptSid?: string): Promise<number> {
  let query = ctx.db.updateTable('sessions').set({ revoked_at: ctx.clock(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSid) query = query.where('id', '!=', exceptSid);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type RefreshOutcome =
  | { ok: true; user: UserRow; response: AuthResponse; sid: string; replayed: boolean }
  | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'revoked' | 'inactive'; userId?: string; orgId?: string; sid?: string };

/** Links followed from a replayed answer to the newest one (a tab that rotated again meanwhile). */
const MAX_REPLAY_HOPS = 5;

const successorKey = (ctx: AppContext, spent: string) => keyFromToken(ctx.keys.enc, 'refresh-successor', spent);

/** The rotation's answer, sealed with a key only the spent token opens; bound to its row. */
function sealSuccessor(ctx: AppContext, spent: string, response: AuthResponse): string {
  return encrypt(successorKey(ctx, spent), JSON.stringify(response), `refresh-successor:${hashToken(spent)}`);
}

function openSuccessor(ctx: AppContext, spent: string, sealed: string): AuthResponse | null {
  try {
    return JSON.parse(decrypt(successorKey(ctx, spent), sealed, `refresh-successor:${hashToken(spent)}`)) as AuthResponse;
  } catch {
    return null;
  }
}

/**
 * Rotates a refresh token, in one transaction that locks the token's row first (a parallel
 * rotation of the same token waits for it, then sees the token spent — no check-then-act).
 * - unspent: a new pair; the spent row keeps the answer sealed (see `sealSuccessor`);
 * - spent less than `REFRESH_GRACE_MS` ago (two tabs, one token): the same answer again — the
 *   newest of the family if its successor was rotated too;
 * - spent earlier: reuse — the whole family is revoked (RFC 9700 §4.14.2).
 */
export async function rotateRefreshToken(ctx: AppContext, reply: FastifyReply, presented: string): Promise<RefreshOutcome> {
  const now = ctx.clock();
  const tokenHash = hashToken(presented);
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const row = await trx
      .selectFrom('refresh_tokens as rt')
      .innerJoin('sessions as s', 's.id', 'rt.session_id')
      .leftJoin('org_settings as os', 'os.org_id', 's.org_id')
      .select(['rt.used_at', 'rt.successor_enc', 's.id as sid', 's.user_id', 's.org_id', 's.revoked_at', 's.absolute_expires_at', 's.idle_expires_at', 's.remember_me', 'os.session_idle_minutes'])
      .where('rt.token_hash', '=', tokenHash)
      .forUpdate('rt')
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    const base = { userId: row.user_id, orgId: row.org_id, sid: row.sid };
    const inGrace = row.used_at !== null && now.getTime() - row.used_at.getTime() < REFRESH_GRACE_MS;
    if (row.used_at && !(inGrace && row.successor_enc)) {
      await revokeFamily(trx, row.sid, now, 'refresh-token-reuse');
      return { ok: false, reason: 'reused', ...base };
    }
    if (row.revoked_at) return { ok: false, reason: 'revoked', ...base };
    if (row.absolute_expires_at.getTime() <= now.getTime() || row.idle_expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired', ...base };
    const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user || !user.is_active) return { ok: false, reason: 'inactive', ...base };

    if (row.used_at) {
      // Inside the grace window: the answer the rotation gave, followed to the newest one.
      let answer = openSuccessor(ctx, presented, row.successor_enc!);
      for (let hop = 0; answer && hop < MAX_REPLAY_HOPS; hop++) {
        const next = await trx
          .selectFrom('refresh_tokens')
          .select(['used_at', 'successor_enc'])
          .where('token_hash', '=', hashToken(answer.refreshToken!))
          .where('session_id', '=', row.sid)
          .forUpdate()
          .executeTakeFirst();
        if (!next?.used_at || !next.successor_enc) break;
        const newer = openSuccessor(ctx, answer.refreshToken!, next.successor_enc);
        if (!newer) break;
        answer = newer;
      }
      if (!answer) {
        await revokeFamily(trx, row.sid, now, 'refresh-token-reuse');
        return { ok: false, reason: 'reused', ...base };
      }
      return { ok: true, user, sid: row.sid, response: answer, replayed: true };
    }

    const life = await lifetimeFor(trx, ctx, user, row.remember_me, row.session_idle_minutes ?? undefined);
    const idle = new Date(Math.min(now.getTime() + life.idleMs, row.absolute_expires_at.getTime()));
    const refreshToken = randomToken(32);
    const access = await ctx.tokens.sign({ typ: 'access', sub: user.id, org: user.org_id, sid: row.sid }, { ttlSeconds: life.accessTtlSeconds, notAfter: idle });
    const response: AuthResponse = {
      accessToken: access.token,
      tokenType: 'Authorization',
      refreshToken,
      refreshTokenExpireAt: idle.toISOString(),
      ...sessionFields(row.absolute_expires_at, life),
    };
    await trx.updateTable('refresh_tokens').set({ used_at: now, successor_enc: sealSuccessor(ctx, presented, response) }).where('token_hash', '=', tokenHash).execute();
    // Sealed answers past their grace window are of no use any more.
    await trx
      .updateTable('refresh_tokens')
      .set({ successor_enc: null })
      .where('session_id', '=', row.sid)
      .where('successor_enc', 'is not', null)
      .where('used_at', '<=', new Date(now.getTime() - REFRESH_GRACE_MS))
      .execute();
    await trx.updateTable('sessions').set({ idle_expires_at: idle, last_used_at: now }).where('id', '=', row.sid).execute();
    await trx.insertInto('refresh_tokens').values({ token_hash: hashToken(refreshToken), org_id: row.org_id, session_id: row.sid, created_at: now }).execute();
    return { ok: true, user, sid: row.sid, response, replayed: false };
  });
  if (outcome.ok) setXsrf(ctx, reply, outcome.sid);
  return outcome;
}

async function revokeFamily(db: Kysely<Database>, sid: string, now: Date, reason: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', sid).where('revoked_at', 'is', null).execute();
}

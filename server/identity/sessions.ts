/**
 * Sessions = refresh-token families. The access token's `sid` is the family id: revoking the
 * family (logout, reuse, password change) also stops its access tokens at once, since every
 * authenticated request checks the session.
 * - refresh tokens: opaque, 256 bits, stored as SHA-256, rotated on every use;
 * - a used refresh token presented again revokes the whole family (RFC 9700 §4.14.2);
 * - absolute lifetime fixed at login (30 days with rememberMe, else 12 h), never extended;
 * - idle expiry (7 days / 2 h) slides with each rotation, capped by the absolute lifetime.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AuthResponse, VerificationTokenInfo } from '../../src/contracts/identity.js';
import { XSRF_COOKIE } from '../../src/contracts/identity.js';
import { hashToken, randomToken, xsrfFor } from '../auth/crypto.js';
import type { AppContext } from '../context.js';

import { SESSION_LIFETIME } from './policy.js';
import { twoFactorState, type UserRow } from './users.js';

export interface NewSession {
  sid: string;
  refreshToken: string;
  refreshTokenExpireAt: Date;
}

function lifetime(rememberMe: boolean) {
  return rememberMe ? SESSION_LIFETIME.remember : SESSION_LIFETIME.standard;
}

export async function createSession(ctx: AppContext, user: UserRow, rememberMe: boolean): Promise<NewSession> {
  const now = ctx.clock();
  const { absoluteMs, idleMs } = lifetime(rememberMe);
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
  return { sid, refreshToken, refreshTokenExpireAt: idle };
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
  const access = await ctx.tokens.sign({ typ: 'access', sub: user.id, org: user.org_id, sid: session.sid });
  setXsrf(ctx, reply, session.sid);
  const response: AuthResponse = {
    accessToken: access.token,
    tokenType: 'Authorization',
    refreshToken: session.refreshToken,
    refreshTokenExpireAt: session.refreshTokenExpireAt.toISOString(),
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
  | { ok: true; user: UserRow; response: AuthResponse; sid: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'revoked' | 'inactive'; userId?: string; orgId?: string; sid?: string };

/** Rotates a refresh token. Reuse of a rotated token revokes its whole family. */
export async function rotateRefreshToken(ctx: AppContext, reply: FastifyReply, presented: string): Promise<RefreshOutcome> {
  const now = ctx.clock();
  const tokenHash = hashToken(presented);
  const row = await ctx.db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('sessions as s', 's.id', 'rt.session_id')
    .select(['rt.used_at', 's.id as sid', 's.user_id', 's.org_id', 's.revoked_at', 's.absolute_expires_at', 's.idle_expires_at', 's.remember_me'])
    .where('rt.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  const base = { userId: row.user_id, orgId: row.org_id, sid: row.sid };
  if (row.used_at) {
    await revokeSession(ctx, row.sid, 'refresh-token-reuse');
    return { ok: false, reason: 'reused', ...base };
  }
  if (row.revoked_at) return { ok: false, reason: 'revoked', ...base };
  if (row.absolute_expires_at.getTime() <= now.getTime() || row.idle_expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired', ...base };
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user || !user.is_active) return { ok: false, reason: 'inactive', ...base };

  // Spend the presented token atomically: of two parallel rotations only one wins,
  // the other is treated as reuse.
  const spent = await ctx.db.updateTable('refresh_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeSession(ctx, row.sid, 'refresh-token-reuse');
    return { ok: false, reason: 'reused', ...base };
  }
  const { idleMs } = lifetime(row.remember_me);
  const idle = new Date(Math.min(now.getTime() + idleMs, row.absolute_expires_at.getTime()));
  const refreshToken = randomToken(32);
  await ctx.db.updateTable('sessions').set({ idle_expires_at: idle, last_used_at: now }).where('id', '=', row.sid).execute();
  await ctx.db.insertInto('refresh_tokens').values({ token_hash: hashToken(refreshToken), org_id: row.org_id, session_id: row.sid, created_at: now }).execute();
  const access = await ctx.tokens.sign({ typ: 'access', sub: user.id, org: user.org_id, sid: row.sid });
  setXsrf(ctx, reply, row.sid);
  return {
    ok: true,
    user,
    sid: row.sid,
    response: { accessToken: access.token, tokenType: 'Authorization', refreshToken, refreshTokenExpireAt: idle.toISOString() },
  };
}


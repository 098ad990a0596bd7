/**
 * Authentication of requests. Other API families use it too:
 *
 *   app.get('/v1/supply/orders', { onRequest: app.requireAccess }, async (request) => {
 *     const { userId, orgId } = request.auth!;   // tenant from the token only
 *   });
 *   // with a permission: { onRequest: app.requireAccess, preHandler: app.requireScope('orders', 'read') }
 *
 * Every authenticated request: Bearer JWT (HS256 pinned) of an allowed type; for access
 * tokens the session (sid) must be live and the user active; for PreAuthorization tokens the
 * token must not have been spent. Mutating methods also need `x-xsrf-token` = HMAC(secret, sid).
 */
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { XSRF_HEADER } from '../../src/contracts/identity.js';
import { safeEqual, xsrfFor } from '../auth/crypto.js';
import type { JwtType, TokenClaims } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { executePrepared } from '../db/prepared.js';
import { forbidden, MESSAGES, unauthenticated } from '../errors.js';
import { findUserById, hasScope, type ScopeSubject, type UserRow } from './users.js';

export interface AuthContext {
  type: 'access' | 'PreAuthorization';
  userId: string;
  orgId: string;
  sid: string;
  jti: string;
  accessLevel: 'SystemOwner' | 'Admin' | 'User';
  /**
   * The organisation's permission stamp, read with the session (access tokens): the scope checks
   * of this request compare the cached permissions with it instead of reading it again.
   */
  permissionStamp?: string;
  claims: TokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid Authorization (access) token is required. */
    requireAccess: onRequestHookHandler;
    /** onRequest hook factory for other token types (PreAuthorization for the second step). */
    requireAuth(types: readonly ('access' | 'PreAuthorization')[]): onRequestHookHandler;
    /** preHandler hook factory: the caller holds `scope` on `resource` (SystemOwner always). */
    requireScope(resource: string, scope: string): preHandlerHookHandler;
  }
}

/** A row of `session_state(sid, user)` (migration 0021). */
interface SessionState {
  revoked_at: Date | null;
  absolute_expires_at: Date;
  is_active: boolean;
  access_level: AuthContext['accessLevel'];
  org_id: string;
  org_active: boolean;
  permission_stamp: string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header.trim());
  return match?.[1];
}

export async function authenticate(ctx: AppContext, request: FastifyRequest, types: readonly JwtType[]): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const claims = await ctx.tokens.verify(token, types);
  if (!claims) throw unauthenticated();
  const now = ctx.clock();
  let accessLevel: AuthContext['accessLevel'];
  let permissionStamp: string | undefined;
  if (claims.typ === 'access') {
    // Session, user, organisation and the organisation's permission stamp (the request's scope
    // checks compare the permission cache with it) in one call of a PL/pgSQL function, whose plan
    // each connection keeps (migration 0021).
    const found = await executePrepared(ctx.db, 'session_state', sql<SessionState>`SELECT * FROM session_state(${claims.sid}, ${claims.sub})`);
    const row = found.rows[0];
    if (!row || row.revoked_at || row.absolute_expires_at.getTime() <= now.getTime() || !row.is_active || !row.org_active || row.org_id !== claims.org) {
      throw unauthenticated();
    }
    accessLevel = row.access_level;
    permissionStamp = row.permission_stamp ?? undefined;
  } else if (claims.typ === 'PreAuthorization') {
    const spent = await ctx.db.selectFrom('consumed_tokens').select('jti').where('jti', '=', claims.jti).executeTakeFirst();
    if (spent) throw unauthenticated();
    const user = await ctx.db.selectFrom('users').select(['is_active', 'access_level', 'org_id']).where('id', '=', claims.sub).executeTakeFirst();
    if (!user || !user.is_active || user.org_id !== claims.org) throw unauthenticated();
    accessLevel = user.access_level;
  } else {
    throw unauthenticated();
  }
  return { type: claims.typ, userId: claims.sub, orgId: claims.org, sid: claims.sid, jti: claims.jti, accessLevel, ...(permissionStamp === undefined ? {} : { permissionStamp }), claims };
}

export function checkXsrf(ctx: AppContext, request: FastifyRequest, sid: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const header = request.headers[XSRF_HEADER];
  if (typeof header !== 'string' || !safeEqual(header, xsrfFor(ctx.keys, sid))) throw forbidden(MESSAGES.xsrf);
}

export function authHook(ctx: AppContext, types: readonly ('access' | 'PreAuthorization')[]): onRequestHookHandler {
  return async function requireAuthHook(request: FastifyRequest, reply: FastifyReply) {
    const auth = await authenticate(ctx, request, types);
    checkXsrf(ctx, request, auth.sid);
    request.auth = auth;
    reply.header('cache-control', 'no-store');
  };
}

/** Who a scope check is about: the request's user, with the permission stamp read with its session. */
export const scopeSubject = (auth: AuthContext): ScopeSubject => ({ id: auth.userId, orgId: auth.orgId, accessLevel: auth.accessLevel, stamp: auth.permissionStamp });

export function scopeHook(ctx: AppContext, resource: string, scope: string): preHandlerHookHandler {
  return async function requireScopeHook(request: FastifyRequest) {
    const auth = request.auth;
    if (!auth || auth.type !== 'access') throw unauthenticated();
    if (!(await hasScope(ctx.db, scopeSubject(auth), resource, scope))) throw forbidden();
  };
}

/** The signed-in user of an authenticated request, still active (else 401). */
export async function sessionUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await findUserById(ctx.db, request.auth!.userId);
  if (!user || !user.is_active) throw unauthenticated();
  return user;
}

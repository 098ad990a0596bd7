/** POST auth (login, refresh), second step, logout and password recovery. */
import { randomUUID } from 'node:crypto';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  authRequest,
  authResponse,
  IDENTITY_PATHS as P,
  passwordRecoveryRequest,
  passwordResetRequest,
  SECRET_MAX_BYTES,
  sendCodeRequest,
  totpSetupInfo,
  twoFactorSetupRequest,
  twoFactorVerifyRequest,
  XSRF_COOKIE,
  type AuthResponse,
} from '../../src/contracts/identity.js';
import { audit, type AuditEntry } from '../audit.js';
import { grantRateLimit } from '../http/rate-limit.js';
import { hashToken } from '../auth/crypto.js';
import { passwordProblem } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import { fieldError, HttpError, MESSAGES, tooMany, unauthenticated } from '../errors.js';
import { authHook, type AuthContext } from './guard.js';
import { issuePasswordLink } from './password-links.js';
import { RESET_RESEND_MS } from './policy.js';
import { confirmTotpSetup, pendingTotpKey, sendEmailCode, startTotpSetup, verifyEmailCode, verifyTotp } from './second-factor.js';
import { secondFactorAttempt } from './second-factor-attempt.js';
import { issueRecoveryCodes, useRecoveryCode } from './recovery-codes.js';
import { authorize, revokeSession, revokeUserSessions, rotateRefreshToken, setXsrf } from './sessions.js';
import { loginSucceeded, reserveLoginAttempt, secondFactorLock } from './throttle.js';
import { findUserById, normaliseLogin, organizationActive, twoFactorState, type UserRow } from './users.js';

const messageBody = z.object({ message: z.string() });
const TAGS = ['identity'];
const BEARER = [{ bearerAuth: [] }];

export function tooLong(secret: string, field: string): void {
  if (Buffer.byteLength(secret, 'utf8') > SECRET_MAX_BYTES) throw fieldError(field, `A senha deve ter no máximo ${SECRET_MAX_BYTES} bytes.`);
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext, authRateLimit: RateLimitOptions | undefined) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preAuth = authHook(ctx, ['PreAuthorization']);
  const accessOrPre = authHook(ctx, ['access', 'PreAuthorization']);
  const limited = authRateLimit ? { rateLimit: authRateLimit } : undefined;
  const log = (request: FastifyRequest, entry: AuditEntry) => audit(ctx.db, ctx.clock(), entry, request);

  async function preAuthUser(request: FastifyRequest): Promise<{ auth: AuthContext; user: UserRow }> {
    const auth = request.auth!;
    const user = await findUserById(ctx.db, auth.userId);
    if (!user || !user.is_active) throw unauthenticated();
    return { auth, user };
  }

  /** Spends the PreAuthorization token: one full session per password login. */
  async function spendPreAuthorization(auth: AuthContext): Promise<void> {
    const inserted = await ctx.db
      .insertInto('consumed_tokens')
      .values({ jti: auth.jti, expires_at: new Date(auth.claims.exp * 1000) })
      .onConflict((oc) => oc.column('jti').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) throw unauthenticated();
    // Housekeeping: spent tokens past their expiry can no longer be presented anyway.
    await ctx.db.deleteFrom('consumed_tokens').where('expires_at', '<', ctx.clock()).execute();
  }

  async function assertSecondFactorOpen(user: UserRow): Promise<void> {
    const lock = await secondFactorLock(ctx.db, user.id, ctx.clock());
    if (lock.locked) throw tooMany(lock.retryAfterSeconds, MESSAGES.secondFactorLocked);
  }

  // ---- POST auth ----
  r.post(
    `/${P.auth}`,
    {
      config: authRateLimit ? { rateLimit: grantRateLimit(ctx, authRateLimit) } : undefined,
      schema: { tags: TAGS, summary: 'Login (Password) ou renovação (RefreshToken)', body: authRequest, response: { 200: authResponse } },
    },
    async (request, reply): Promise<AuthResponse> => {
      const body = request.body;
      tooLong(body.secret, 'secret');
      if (body.grantType === 'RefreshToken') {
        const outcome = await rotateRefreshToken(ctx, reply, body.secret);
        if (!outcome.ok) {
          if (outcome.reason === 'reused') {
            await log(request, { orgId: outcome.orgId ?? null, actorUserId: outcome.userId ?? null, action: 'auth.refresh.reuse-detected', entityType: 'session', entityId: outcome.sid });
          }
          throw unauthenticated();
        }
        return outcome.response;
      }
      if (!body.login) throw fieldError('login', 'Informe o login.');
      return passwordLogin(request, reply, body.login, body.secret, body.rememberMe === true);
    },
  );

  async function passwordLogin(request: FastifyRequest, reply: FastifyReply, login: string, secret: string, rememberMe: boolean): Promise<AuthResponse> {
    const loginKey = normaliseLogin(login);
    const now = ctx.clock();
    // The attempt takes its place in the count before the (slow) hash: null while locked.
    const slot = await reserveLoginAttempt(ctx.db, loginKey, now);
    const user = await ctx.db.selectFrom('users').selectAll().where('login_key', '=', loginKey).executeTakeFirst();
    // An account of a deactivated organisation is treated as a deactivated account.
    if (user && user.is_active && !(await organizationActive(ctx.db, user.org_id))) user.is_active = false;
    let passwordOk = false;
    if (!slot || !user) await ctx.hasher.verifyDummy(secret);
    else passwordOk = await ctx.hasher.verify(user.password_hash, secret);

    if (!user || !passwordOk || !user.is_active || !slot) {
      // The slot stays counted as a failure; the last one already started the lock.
      const reason = !slot ? 'locked' : !user ? 'unknown-login' : !passwordOk ? 'wrong-secret' : 'inactive';
      await log(request, { orgId: user?.org_id ?? null, actorUserId: user?.id ?? null, action: 'auth.login.failed', entityType: 'user', entityId: user?.id, after: { login: loginKey, reason } });
      const failures = slot && !slot.last ? slot.number : 0;
      const delay = Math.min(ctx.settings.loginFailureDelayMs * failures, 2000);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      throw new HttpError(401, MESSAGES.invalidLogin);
    }

    await loginSucceeded(ctx.db, loginKey);
    if (ctx.hasher.needsRehash(user.password_hash)) {
      const rehashed = await ctx.hasher.hash(secret);
      await ctx.db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', user.id).execute();
    }
    const state = twoFactorState(user);
    if (state.active) {
      const preSid = randomUUID();
      const pre = await ctx.tokens.sign({ typ: 'PreAuthorization', sub: user.id, org: user.org_id, sid: preSid, rm: rememberMe });
      setXsrf(ctx, reply, preSid);
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'auth.login.second-step-required', entityType: 'user', entityId: user.id });
      return { accessToken: pre.token, tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: state.setupRequired, allowedMethods: state.allowedMethods } };
    }
    await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'auth.login', entityType: 'user', entityId: user.id });
    return authorize(ctx, reply, user, rememberMe, false);
  }

  // ---- Second step (PreAuthorization token) ----
  r.get(
    `/${P.twoFactorSetup}`,
    { onRequest: preAuth, schema: { tags: TAGS, summary: 'Nova chave TOTP para configurar a verificação em duas etapas', security: BEARER, response: { 200: totpSetupInfo } } },
    async (request) => {
      const { user } = await preAuthUser(request);
      const state = twoFactorState(user);
      if (!state.allowedMethods.includes('TOTP')) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      if (!state.setupRequired) throw new HttpError(409, 'A verificação em duas etapas já está configurada.');
      return startTotpSetup(ctx, user);
    },
  );

  r.post(
    `/${P.twoFactorSetup}`,
    {
      onRequest: preAuth,
      config: limited,
      schema: { tags: TAGS, summary: 'Confirma a chave TOTP com um código', security: BEARER, body: twoFactorSetupRequest, response: { 200: authResponse } },
    },
    async (request, reply) => {
      const { auth, user } = await preAuthUser(request);
      const state = twoFactorState(user);
      if (!state.allowedMethods.includes('TOTP')) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      if (!state.setupRequired) throw new HttpError(409, 'A verificação em duas etapas já está configurada.');
      const pending = pendingTotpKey(ctx, user, request.body.totpKey);
      if (!pending) throw fieldError('totpKey', 'A chave não corresponde à configuração em andamento. Recomece a configuração.');
      await secondFactorAttempt(ctx, request, user, { action: 'auth.2fa.setup.failed', method: 'TOTP' }, () => confirmTotpSetup(ctx, user, pending, request.body.verificationCode));
      await spendPreAuthorization(auth);
      // The code screen offers "Usar um código de recuperação": the setup hands the first set, once,
      // as Minha conta's setup does (issue 27 §3).
      const recoveryCodes = await issueRecoveryCodes(ctx, user);
      await log(request, {
        orgId: user.org_id,
        actorUserId: user.id,
        action: 'auth.2fa.setup',
        entityType: 'user',
        entityId: user.id,
        before: { boundMethods: state.boundMethods },
        after: { boundMethods: [...state.boundMethods, 'TOTP'], recoveryCodesIssued: recoveryCodes.length },
      });
      const fresh = (await findUserById(ctx.db, user.id))!;
      return { ...(await authorize(ctx, reply, fresh, auth.claims.rm === true, true)), recoveryCodes };
    },
  );

  r.post(
    `/${P.twoFactorSendCode}`,
    {
      onRequest: preAuth,
      config: limited,
      schema: { tags: TAGS, summary: 'Envia um código por e-mail (segunda etapa do login)', security: BEARER, body: sendCodeRequest, response: { 202: messageBody } },
    },
    async (request, reply) => {
      const { user } = await preAuthUser(request);
      if (!twoFactorState(user).allowedMethods.includes('Email')) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      await assertSecondFactorOpen(user);
      await sendEmailCode(ctx, user, 'login');
      return reply.code(202).send({ message: MESSAGES.codeSent });
    },
  );

  r.post(
    `/${P.twoFactorVerify}`,
    {
      onRequest: preAuth,
      config: limited,
      schema: { tags: TAGS, summary: 'Confere o código da segunda etapa e abre a sessão', security: BEARER, body: twoFactorVerifyRequest, response: { 200: authResponse } },
    },
    async (request, reply) => {
      const { auth, user } = await preAuthUser(request);
      const state = twoFactorState(user);
      const { method, verificationCode } = request.body;
      if (method !== 'RecoveryCode' && !state.allowedMethods.includes(method)) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      await secondFactorAttempt(ctx, request, user, { action: 'auth.2fa.verify.failed', method }, async () =>
        method === 'RecoveryCode' ? useRecoveryCode(ctx, user, verificationCode) : method === 'TOTP' ? verifyTotp(ctx, user, verificationCode) : verifyEmailCode(ctx, user, 'login', verificationCode),
      );
      await spendPreAuthorization(auth);
      if (method === 'Email' && !user.email_2fa_confirmed) {
        // A code received by e-mail proves the address: Email becomes a bound method
        // (this is how a user whose setup was required and who may use Email completes it).
        await ctx.db.updateTable('users').set({ email_2fa_confirmed: true, updated_at: ctx.clock() }).where('id', '=', user.id).execute();
      }
      // A setup completed here (by e-mail) hands the first recovery codes, once, as the TOTP setup does.
      const recoveryCodes = state.setupRequired && method === 'Email' ? await issueRecoveryCodes(ctx, user) : undefined;
      await log(request, {
        orgId: user.org_id,
        actorUserId: user.id,
        action: 'auth.2fa.verify',
        entityType: 'user',
        entityId: user.id,
        after: { method, setupCompleted: state.setupRequired, ...(recoveryCodes ? { recoveryCodesIssued: recoveryCodes.length } : {}) },
      });
      const fresh = (await findUserById(ctx.db, user.id))!;
      const answer = await authorize(ctx, reply, fresh, auth.claims.rm === true, true);
      return recoveryCodes ? { ...answer, recoveryCodes } : answer;
    },
  );

  // ---- Logout ----
  r.post(
    `/${P.logout}`,
    { onRequest: accessOrPre, schema: { tags: TAGS, summary: 'Encerra a sessão (tokens de acesso e de renovação)', security: BEARER } },
    async (request, reply) => {
      const auth = request.auth!;
      if (auth.type === 'access') await revokeSession(ctx, auth.sid, 'logout');
      else await spendPreAuthorization(auth).catch(() => undefined);
      await log(request, { orgId: auth.orgId, actorUserId: auth.userId, action: 'auth.logout', entityType: 'session', entityId: auth.sid });
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  );

  // ---- Password recovery (public) ----
  r.post(
    `/${P.passwordRecovery}`,
    {
      config: limited,
      schema: { tags: TAGS, summary: 'Pede o e-mail de recuperação de senha (mesma resposta exista ou não o login)', body: passwordRecoveryRequest, response: { 202: messageBody } },
    },
    async (request, reply) => {
      const loginKey = normaliseLogin(request.body.login);
      // The work happens after the answer, so timing says nothing about the account.
      ctx.background(() => sendRecovery(request, loginKey));
      return reply.code(202).send({ message: MESSAGES.recoverySent });
    },
  );

  async function sendRecovery(request: FastifyRequest, loginKey: string): Promise<void> {
    const now = ctx.clock();
    const user = await ctx.db.selectFrom('users').selectAll().where('login_key', '=', loginKey).executeTakeFirst();
    if (!user || !user.is_active || !(await organizationActive(ctx.db, user.org_id))) return;
    const recent = await ctx.db
      .selectFrom('password_reset_tokens')
      .select('created_at')
      .where('user_id', '=', user.id)
      .where('created_at', '>', new Date(now.getTime() - RESET_RESEND_MS))
      .executeTakeFirst();
    if (recent) return;
    await issuePasswordLink(ctx, user, 'recovery', request);
  }

  r.post(
    `/${P.passwordReset}`,
    { config: limited, schema: { tags: TAGS, summary: 'Define a nova senha com o token do e-mail (sem login automático)', body: passwordResetRequest } },
    async (request, reply) => {
      const { token, newSecret } = request.body;
      const problem = passwordProblem(newSecret);
      if (problem) throw fieldError('newSecret', problem);
      const now = ctx.clock();
      const tokenHash = hashToken(token);
      const invalid = () => new HttpError(400, 'Não foi possível redefinir a senha.', { token: ['O link de recuperação é inválido ou expirou. Peça um novo.'] });
      const row = await ctx.db
        .selectFrom('password_reset_tokens')
        .select(['user_id', 'org_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) throw invalid();
      const passwordHash = await ctx.hasher.hash(newSecret);
      const spent = await ctx.db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw invalid();
      const user = await ctx.db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
        .where('id', '=', row.user_id)
        .returning(['id', 'org_id', 'login_key'])
        .executeTakeFirstOrThrow();
      const revoked = await revokeUserSessions(ctx, user.id, 'password-reset');
      await loginSucceeded(ctx.db, user.login_key);
      await ctx.db.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'auth.password-reset', entityType: 'user', entityId: user.id, after: { sessionsRevoked: revoked } });
      return reply.code(204).send();
    },
  );
}

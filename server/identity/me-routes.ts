/** users/me: profile, effective permissions, account verification and account security. */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  changePasswordRequest,
  effectivePermissions as effectivePermissionsSchema,
  IDENTITY_PATHS as P,
  loggedUser as loggedUserSchema,
  meVerifyResponse,
  securityRequest,
  sendCodeRequest,
  twoFactorVerifyRequest,
  unbindRequest,
  updateMeRequest,
} from '../../src/contracts/identity.js';
import { audit, type AuditEntry } from '../audit.js';
import { passwordProblem } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import { fieldError, HttpError, MESSAGES, tooMany } from '../errors.js';
import { tooLong } from './auth-routes.js';
import { authHook, sessionUser } from './guard.js';
import { deleteRecoveryCodes, useRecoveryCode } from './recovery-codes.js';
import { sendEmailCode, verifyEmailCode, verifyTotp } from './second-factor.js';
import { revokeUserSessions, setXsrf, verificationTokenFor } from './sessions.js';
import { secondFactorAttempt } from './second-factor-attempt.js';
import { secondFactorLock } from './throttle.js';
import { effectivePermissions, loggedUser, twoFactorState } from './users.js';
import { requireVerification } from './verification.js';

const messageBody = z.object({ message: z.string() });
const TAGS = ['identity'];
const BEARER = [{ bearerAuth: [] }];

export async function meRoutes(app: FastifyInstance, ctx: AppContext, authRateLimit: RateLimitOptions | undefined) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = authHook(ctx, ['access']);
  const limited = authRateLimit ? { rateLimit: authRateLimit } : undefined;
  const log = (request: FastifyRequest, entry: AuditEntry) => audit(ctx.db, ctx.clock(), entry, request);

  const me = (request: FastifyRequest) => sessionUser(ctx, request);

  r.get(`/${P.me}`, { onRequest: access, schema: { tags: TAGS, summary: 'Usuário da sessão', security: BEARER, response: { 200: loggedUserSchema } } }, async (request) =>
    loggedUser(ctx.db, await me(request)),
  );

  r.get(
    `/${P.myPermissions}`,
    { onRequest: access, schema: { tags: TAGS, summary: 'Permissões efetivas (políticas do usuário e dos seus perfis)', security: BEARER, response: { 200: effectivePermissionsSchema } } },
    async (request) => {
      const user = await me(request);
      return effectivePermissions(ctx.db, user.id, user.org_id);
    },
  );

  r.put(
    `/${P.me}`,
    { onRequest: access, schema: { tags: TAGS, summary: 'Altera o nome', security: BEARER, body: updateMeRequest, response: { 200: loggedUserSchema } } },
    async (request) => {
      const user = await me(request);
      const name = request.body.name;
      const updated = await ctx.db.updateTable('users').set({ name, updated_at: ctx.clock() }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'user.profile.update', entityType: 'user', entityId: user.id, before: { name: user.name }, after: { name } });
      return loggedUser(ctx.db, updated);
    },
  );

  r.post(
    `/${P.myTwoFactorSendCode}`,
    { onRequest: access, config: limited, schema: { tags: TAGS, summary: 'Envia um código por e-mail para confirmar a identidade', security: BEARER, body: sendCodeRequest, response: { 202: messageBody } } },
    async (request, reply) => {
      const user = await me(request);
      if (!twoFactorState(user).allowedMethods.includes('Email')) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      const lock = await secondFactorLock(ctx.db, user.id, ctx.clock());
      if (lock.locked) throw tooMany(lock.retryAfterSeconds, MESSAGES.secondFactorLocked);
      await sendEmailCode(ctx, user, 'account');
      return reply.code(202).send({ message: MESSAGES.codeSent });
    },
  );

  r.post(
    `/${P.myTwoFactorVerify}`,
    { onRequest: access, config: limited, schema: { tags: TAGS, summary: 'Confere um código e devolve um token de verificação (5 min)', security: BEARER, body: twoFactorVerifyRequest, response: { 200: meVerifyResponse } } },
    async (request, reply) => {
      const auth = request.auth!;
      const user = await me(request);
      const { method, verificationCode } = request.body;
      if (method !== 'RecoveryCode' && !twoFactorState(user).allowedMethods.includes(method)) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      await secondFactorAttempt(ctx, request, user, { action: 'user.2fa.verify.failed', method }, async () =>
        method === 'RecoveryCode' ? useRecoveryCode(ctx, user, verificationCode) : method === 'TOTP' ? verifyTotp(ctx, user, verificationCode) : verifyEmailCode(ctx, user, 'account', verificationCode),
      );
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'user.2fa.verify', entityType: 'user', entityId: user.id, after: { method } });
      setXsrf(ctx, reply, auth.sid);
      return verificationTokenFor(ctx, user, auth.sid);
    },
  );

  r.delete(
    `/${P.myTwoFactorUnbind}`,
    { onRequest: access, schema: { tags: TAGS, summary: 'Desvincula os métodos de verificação (a configuração volta a ser exigida)', security: BEARER, body: unbindRequest } },
    async (request, reply) => {
      const user = await me(request);
      await requireVerification(ctx, request.auth!, user, request.body.verificationToken || undefined);
      const before = twoFactorState(user).boundMethods;
      await ctx.db
        .updateTable('users')
        .set({ totp_secret_enc: null, totp_pending_enc: null, totp_last_step: null, email_2fa_confirmed: false, updated_at: ctx.clock() })
        .where('id', '=', user.id)
        .execute();
      await deleteRecoveryCodes(ctx, user.id);
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'user.2fa.unbind', entityType: 'user', entityId: user.id, before: { boundMethods: before }, after: { boundMethods: [] } });
      return reply.code(204).send();
    },
  );

  r.put(
    `/${P.mySecurity}`,
    { onRequest: access, schema: { tags: TAGS, summary: 'Liga ou desliga a verificação em duas etapas', security: BEARER, body: securityRequest, response: { 200: loggedUserSchema } } },
    async (request) => {
      const user = await me(request);
      await requireVerification(ctx, request.auth!, user, request.body.verificationToken);
      const enabled = request.body.isTwoFactorEnabled;
      const updated = await ctx.db
        .updateTable('users')
        .set({ two_factor_enabled_by_user: enabled, updated_at: ctx.clock() })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'user.2fa.toggle', entityType: 'user', entityId: user.id, before: { isEnabledByUser: user.two_factor_enabled_by_user }, after: { isEnabledByUser: enabled } });
      return loggedUser(ctx.db, updated);
    },
  );

  r.put(
    `/${P.myPassword}`,
    { onRequest: access, config: limited, schema: { tags: TAGS, summary: 'Troca a senha (encerra as outras sessões)', security: BEARER, body: changePasswordRequest } },
    async (request, reply) => {
      const auth = request.auth!;
      const user = await me(request);
      const { currentSecret, newSecret, verificationToken } = request.body;
      tooLong(currentSecret, 'currentSecret');
      await requireVerification(ctx, auth, user, verificationToken);
      if (!(await ctx.hasher.verify(user.password_hash, currentSecret))) throw fieldError('currentSecret', 'A senha atual está incorreta.');
      if (newSecret === currentSecret) throw fieldError('newSecret', 'A nova senha deve ser diferente da atual.');
      const problem = passwordProblem(newSecret);
      if (problem) throw fieldError('newSecret', problem);
      const now = ctx.clock();
      const passwordHash = await ctx.hasher.hash(newSecret);
      await ctx.db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now, updated_at: now }).where('id', '=', user.id).execute();
      const revoked = await revokeUserSessions(ctx, user.id, 'password-change', auth.sid);
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'user.password.change', entityType: 'user', entityId: user.id, after: { otherSessionsRevoked: revoked } });
      return reply.code(204).send();
    },
  );
}

/**
 * Two-factor set up from Minha conta (users/me/two-factors/…): a pending TOTP key with its QR
 * code, the confirmation that binds a method (TOTP or the e-mail), switches two-factor on and
 * issues recovery codes, and a new set of recovery codes. While two-factor is active every change
 * needs a fresh verification token of this session (SECURITY.md "verification token").
 */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSetupRequest,
  accountSetupResponse,
  accountTotpKeyRequest,
  IDENTITY_PATHS as P,
  recoveryCodesAnswer,
  recoveryCodesRequest,
  recoveryCodesStatus as recoveryCodesStatusSchema,
  totpSetupInfo,
} from '../../src/contracts/identity.js';
import { audit, type AuditEntry } from '../audit.js';
import { safeEqual } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import { fieldError, HttpError, MESSAGES } from '../errors.js';
import { authHook, sessionUser } from './guard.js';
import { issueRecoveryCodes, recoveryCodesStatus } from './recovery-codes.js';
import { decryptTotp, matchTotpStep, pendingTotpKey, startTotpSetup, verifyEmailCode } from './second-factor.js';
import { secondFactorAttempt } from './second-factor-attempt.js';
import { verificationTokenFor } from './sessions.js';
import { findUserById, loggedUser, twoFactorState, type UserRow } from './users.js';
import { requireVerification } from './verification.js';

const TAGS = ['identity'];
const WRONG_KEY = 'A chave não corresponde à configuração em andamento. Recomece a configuração.';
const BEARER = [{ bearerAuth: [] }];

/**
 * Binds the pending key with a code of it (one UPDATE guarded by the pending ciphertext). Unlike
 * the login's setup, the last accepted step of an older key does not matter: a user who has just
 * confirmed their identity with the old app may confirm the new one within the same 30 s.
 */
async function confirmAccountTotp(ctx: AppContext, user: UserRow, totpKey: string, code: string): Promise<'ok' | 'wrong-key' | 'wrong-code'> {
  if (!user.totp_pending_enc) return 'wrong-key';
  let pending: string;
  try {
    pending = decryptTotp(ctx, user, user.totp_pending_enc);
  } catch {
    return 'wrong-key';
  }
  if (!safeEqual(pending, totpKey.replace(/\s+/g, '').toUpperCase())) return 'wrong-key';
  const step = matchTotpStep(pending, code, ctx.clock());
  if (step === null) return 'wrong-code';
  const result = await ctx.db
    .updateTable('users')
    .set({ totp_secret_enc: user.totp_pending_enc, totp_pending_enc: null, totp_last_step: String(step), two_factor_enabled_by_user: true, updated_at: ctx.clock() })
    .where('id', '=', user.id)
    .where('totp_pending_enc', '=', user.totp_pending_enc)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'ok' : 'wrong-key';
}

export async function accountTwoFactorRoutes(app: FastifyInstance, ctx: AppContext, authRateLimit: RateLimitOptions | undefined) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = authHook(ctx, ['access']);
  const limited = authRateLimit ? { rateLimit: authRateLimit } : undefined;
  const log = (request: FastifyRequest, entry: AuditEntry) => audit(ctx.db, ctx.clock(), entry, request);

  const me = (request: FastifyRequest) => sessionUser(ctx, request);

  r.post(
    `/${P.myTotpKey}`,
    { onRequest: access, config: limited, schema: { tags: TAGS, summary: 'Nova chave TOTP (pendente) para configurar um aplicativo autenticador na conta', security: BEARER, body: accountTotpKeyRequest, response: { 200: totpSetupInfo } } },
    async (request) => {
      const user = await me(request);
      if (!twoFactorState(user).allowedMethods.includes('TOTP')) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      await requireVerification(ctx, request.auth!, user, request.body.verificationToken);
      return startTotpSetup(ctx, user);
    },
  );

  r.post(
    `/${P.myTwoFactorSetup}`,
    {
      onRequest: access,
      config: limited,
      schema: { tags: TAGS, summary: 'Confirma um método com um código, ativa a verificação em duas etapas e gera códigos de recuperação', security: BEARER, body: accountSetupRequest, response: { 200: accountSetupResponse } },
    },
    async (request) => {
      const auth = request.auth!;
      const user = await me(request);
      const body = request.body;
      const state = twoFactorState(user);
      if (!state.allowedMethods.includes(body.method)) throw new HttpError(405, MESSAGES.methodNotAllowedTwoFactor);
      await requireVerification(ctx, auth, user, body.verificationToken);
      // A key that is not the pending one compares no code: refused before a slot is taken.
      if (body.method === 'TOTP' && !pendingTotpKey(ctx, user, body.totpKey)) throw fieldError('totpKey', WRONG_KEY);
      await secondFactorAttempt(ctx, request, user, { action: 'user.2fa.setup.failed', method: body.method }, async () => {
        if (body.method === 'TOTP') {
          const outcome = await confirmAccountTotp(ctx, user, body.totpKey, body.verificationCode);
          if (outcome === 'wrong-key') throw fieldError('totpKey', WRONG_KEY);
          return outcome === 'ok' ? 'ok' : 'wrong';
        }
        const check = await verifyEmailCode(ctx, user, 'account', body.verificationCode);
        if (check === 'ok') await ctx.db.updateTable('users').set({ email_2fa_confirmed: true, two_factor_enabled_by_user: true, updated_at: ctx.clock() }).where('id', '=', user.id).execute();
        return check;
      });
      const recoveryCodes = await issueRecoveryCodes(ctx, user);
      const fresh = (await findUserById(ctx.db, user.id))!;
      await log(request, {
        orgId: user.org_id,
        actorUserId: user.id,
        action: 'user.2fa.setup',
        entityType: 'user',
        entityId: user.id,
        before: { isEnabledByUser: user.two_factor_enabled_by_user, boundMethods: state.boundMethods },
        after: { isEnabledByUser: fresh.two_factor_enabled_by_user, boundMethods: twoFactorState(fresh).boundMethods, recoveryCodesIssued: recoveryCodes.length },
      });
      return { user: await loggedUser(ctx.db, fresh), recoveryCodes, verificationToken: await verificationTokenFor(ctx, fresh, auth.sid) };
    },
  );

  r.get(
    `/${P.myRecoveryCodes}`,
    { onRequest: access, schema: { tags: TAGS, summary: 'Quantos códigos de recuperação ainda não foram usados', security: BEARER, response: { 200: recoveryCodesStatusSchema } } },
    async (request) => recoveryCodesStatus(ctx, (await me(request)).id),
  );

  r.post(
    `/${P.myRecoveryCodes}`,
    { onRequest: access, config: limited, schema: { tags: TAGS, summary: 'Gera um novo conjunto de códigos de recuperação (o anterior deixa de valer)', security: BEARER, body: recoveryCodesRequest, response: { 200: recoveryCodesAnswer } } },
    async (request) => {
      const user = await me(request);
      const state = twoFactorState(user);
      if (!state.active || state.setupRequired) throw new HttpError(409, 'Configure a verificação em duas etapas antes de gerar códigos de recuperação.');
      await requireVerification(ctx, request.auth!, user, request.body.verificationToken);
      const recoveryCodes = await issueRecoveryCodes(ctx, user);
      await log(request, { orgId: user.org_id, actorUserId: user.id, action: 'user.2fa.recovery-codes', entityType: 'user', entityId: user.id, after: { recoveryCodesIssued: recoveryCodes.length } });
      return { recoveryCodes };
    },
  );
}

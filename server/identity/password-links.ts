/**
 * Single-use password links (table password_reset_tokens, hashed): the recovery e-mail the user
 * asks for, and the password-definition e-mail a user created by an administrator receives
 * (same token, same reset page and route; a longer lifetime). Issuing one replaces any pending
 * link of the user.
 */
import type { FastifyRequest } from 'fastify';
import { audit } from '../audit.js';
import { hashToken, randomToken } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import { passwordDefinitionMail, passwordRecoveryMail } from '../mail/templates.js';
import { DEFINITION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from './policy.js';

export type PasswordLinkKind = 'recovery' | 'definition';

export async function issuePasswordLink(
  ctx: AppContext,
  user: { id: string; org_id: string; email: string; name: string },
  kind: PasswordLinkKind,
  request?: FastifyRequest,
): Promise<void> {
  const now = ctx.clock();
  const ttl = kind === 'definition' ? DEFINITION_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  const token = randomToken(32);
  await ctx.db.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
  await ctx.db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hashToken(token), org_id: user.org_id, user_id: user.id, created_at: now, expires_at: new Date(now.getTime() + ttl) })
    .execute();
  const link = `${ctx.settings.publicUrl.replace(/\/+$/, '')}/auth/recuperar-senha?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(
    kind === 'definition' ? passwordDefinitionMail(user.email, user.name, link, ttl / 3_600_000) : passwordRecoveryMail(user.email, user.name, link, ttl / 60_000),
  );
  await audit(
    ctx.db,
    now,
    { orgId: user.org_id, actorUserId: null, action: kind === 'definition' ? 'auth.password-definition.sent' : 'auth.password-recovery.requested', entityType: 'user', entityId: user.id },
    request,
  );
}

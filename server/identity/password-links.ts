/**
 * Single-use password links (table password_reset_tokens, hashed): the recovery e-mail the user
 * asks for, the password-definition e-mail a user created by an administrator receives, and the
 * invitation of an organisation's first administrator (setup/first-admin.ts) — same token, same
 * reset page and route; definition and invitation live longer. Issuing one replaces any pending
 * link of the user.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { audit } from '../audit.js';
import { hashToken, randomToken } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/types.js';
import { passwordDefinitionMail, passwordRecoveryMail } from '../mail/templates.js';
import { DEFINITION_TOKEN_TTL_MS, INVITATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from './policy.js';

export type PasswordLinkKind = 'recovery' | 'definition' | 'invitation';

const TTL_MS: Record<PasswordLinkKind, number> = { recovery: RESET_TOKEN_TTL_MS, definition: DEFINITION_TOKEN_TTL_MS, invitation: INVITATION_TOKEN_TTL_MS };

export interface PasswordLink {
  /** `PUBLIC_URL/auth/recuperar-senha?token=…`: shown or sent once, never stored (only its hash is). */
  link: string;
  expiresAt: Date;
  ttlMs: number;
}

/** Stores a new link's hash for `user` (in `db`, which may be a transaction) and returns the link. */
export async function createPasswordLink(db: Kysely<Database>, now: Date, publicUrl: string, user: { id: string; org_id: string }, kind: PasswordLinkKind): Promise<PasswordLink> {
  const ttlMs = TTL_MS[kind];
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
  await db.insertInto('password_reset_tokens').values({ token_hash: hashToken(token), org_id: user.org_id, user_id: user.id, created_at: now, expires_at: expiresAt }).execute();
  return { link: `${publicUrl.replace(/\/+$/, '')}/auth/recuperar-senha?token=${encodeURIComponent(token)}`, expiresAt, ttlMs };
}

export async function issuePasswordLink(
  ctx: AppContext,
  user: { id: string; org_id: string; email: string; name: string },
  kind: 'recovery' | 'definition',
  request?: FastifyRequest,
): Promise<void> {
  const now = ctx.clock();
  const { link, ttlMs } = await createPasswordLink(ctx.db, now, ctx.settings.publicUrl, user, kind);
  await ctx.mailer.send(
    kind === 'definition' ? passwordDefinitionMail(user.email, user.name, link, ttlMs / 3_600_000) : passwordRecoveryMail(user.email, user.name, link, ttlMs / 60_000),
  );
  await audit(
    ctx.db,
    now,
    { orgId: user.org_id, actorUserId: null, action: kind === 'definition' ? 'auth.password-definition.sent' : 'auth.password-recovery.requested', entityType: 'user', entityId: user.id },
    request,
  );
}

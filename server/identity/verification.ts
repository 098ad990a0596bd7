/** Verification tokens: proof of a fresh second factor, required for sensitive account changes. */
import type { AppContext } from '../context.js';
import { forbidden, MESSAGES } from '../errors.js';
import type { AuthContext } from './guard.js';
import { twoFactorState, type UserRow } from './users.js';

/**
 * When two-factor is active for the user (mandatory or enabled), `token` must be a live
 * verification token of this user and this session; otherwise 403 and nothing changes.
 */
export async function requireVerification(ctx: AppContext, auth: AuthContext, user: UserRow, token: string | undefined): Promise<void> {
  if (!twoFactorState(user).active) return;
  if (!token) throw forbidden(MESSAGES.verificationRequired);
  const claims = await ctx.tokens.verify(token, ['verification']);
  if (!claims || claims.sub !== user.id || claims.sid !== auth.sid || claims.org !== user.org_id) throw forbidden(MESSAGES.verificationRequired);
}

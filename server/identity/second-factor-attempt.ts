/**
 * One guess at a second-factor code under the per-user budget (SECURITY.md "throttling"):
 * the slot is taken before the code is compared (429 + Retry-After when none is left), a wrong
 * code keeps it, a replay of a code that already won gives it back (no guess), and a success
 * clears the counter. Anything but a success answers the same 401.
 */
import type { FastifyRequest } from 'fastify';
import type { SecondStepMethod } from '../../src/contracts/identity.js';
import { audit } from '../audit.js';
import type { AppContext } from '../context.js';
import { HttpError, MESSAGES, tooMany } from '../errors.js';
import type { CodeCheck } from './second-factor.js';
import { releaseSecondFactorAttempt, reserveSecondFactorAttempt, secondFactorSucceeded } from './throttle.js';
import type { UserRow } from './users.js';

export async function secondFactorAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  failure: { action: string; method: SecondStepMethod },
  check: () => Promise<CodeCheck>,
): Promise<void> {
  const now = ctx.clock();
  const slot = await reserveSecondFactorAttempt(ctx.db, user, now);
  if ('locked' in slot) throw tooMany(slot.retryAfterSeconds, MESSAGES.secondFactorLocked);
  const outcome = await check();
  if (outcome === 'ok') return secondFactorSucceeded(ctx.db, user.id);
  if (outcome === 'replay') await releaseSecondFactorAttempt(ctx.db, user.id);
  const after = outcome === 'replay' ? { method: failure.method, replay: true } : { method: failure.method, locked: slot.last };
  await audit(ctx.db, now, { orgId: user.org_id, actorUserId: user.id, action: failure.action, entityType: 'user', entityId: user.id, after }, request);
  throw new HttpError(401, MESSAGES.invalidCode);
}

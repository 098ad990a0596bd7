/**
 * Which database a report reads (docs/operations.md "Reports on a read replica"). With
 * REPORTS_DATABASE_URL (`ctx.reportsDb`, a read replica) the reports read the replica, except for a
 * user who has just written: every successful write of a signed-in user (any method but GET/HEAD/
 * OPTIONS answered below 400) sets the `rt_last_write` cookie (its time; HttpOnly, SameSite=Strict,
 * path /api, for PRIMARY_WINDOW_MS), and a report request carrying one younger than the window
 * reads the primary — the treasurer's DFC right after a baixa counts it, whatever the replica's
 * lag. A BI tool's token never writes, so it always reads the replica. Without the setting: the
 * primary (`tenantDb`), no cookie.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/types.js';

export const LAST_WRITE_COOKIE = 'rt_last_write';
/** How long after a write the writer's reports read the primary (a replica's lag is far shorter). */
export const PRIMARY_WINDOW_MS = 60_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Marks a signed-in user's successful writes (only when a replica is configured). */
export function markWrites(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.reportsDb) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.auth) return payload;
    reply.setCookie(LAST_WRITE_COOKIE, String(ctx.clock().getTime()), {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.settings.publicUrl.startsWith('https:'),
      maxAge: PRIMARY_WINDOW_MS / 1000,
    });
    return payload;
  });
}

/** The handle a report request reads: the replica, unless its user wrote within the window. */
export function reportsDbFor(ctx: AppContext, request: FastifyRequest): Kysely<Database> {
  if (!ctx.reportsDb) return ctx.tenantDb;
  const wrote = Number(request.cookies?.[LAST_WRITE_COOKIE]);
  const age = ctx.clock().getTime() - wrote;
  return Number.isFinite(wrote) && age >= -PRIMARY_WINDOW_MS && age < PRIMARY_WINDOW_MS ? ctx.tenantDb : ctx.reportsDb;
}

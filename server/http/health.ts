/**
 * Probes for a load balancer or an orchestrator (docs/operations.md "health checks"), no
 * authentication, never rate-limited (outside /v1), not written to the request log:
 * - `GET /healthz` — the process is alive (answers without touching the database): 200.
 * - `GET /readyz` — send traffic here: 200 when the database answers within `READY_TIMEOUT_MS`
 *   and its latest applied migration is the latest this code knows; 503 while the server drains
 *   for a shutdown (main.ts), when the database does not answer, or when migrations are missing.
 *   When ready it also says which settings are in force (`settings`: modes and sources, never a
 *   value — setup/deployment.ts), when the process set them (main.ts does).
 * JSON answers for machines: `{ status, … }` (operators read them, not users).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { migrations } from '../db/migrations/index.js';
import type { SettingsInForce } from '../setup/deployment.js';

export const READY_TIMEOUT_MS = 2_000;
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the shutdown (main.ts): /readyz answers 503 while the server drains. */
    lifecycle: { draining: boolean };
  }
}

type Readiness = { status: 'ready'; migration: string; settings?: SettingsInForce } | { status: 'draining' } | { status: 'unavailable'; reason: 'database' | 'migrations'; migration?: string | null };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function latestApplied(ctx: AppContext): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`SELECT max(name) AS name FROM kysely_migration`.execute(ctx.db);
  return rows[0]?.name ?? null;
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorate('lifecycle', { draining: false });
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const answer = async (code: number, body: Readiness) => reply.code(code).send(body);
    if (app.lifecycle.draining) return answer(503, { status: 'draining' });
    let migration: string | null;
    try {
      migration = await withTimeout(latestApplied(ctx), READY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unavailable');
      return answer(503, { status: 'unavailable', reason: 'database' });
    }
    if (migration !== LATEST_MIGRATION) return answer(503, { status: 'unavailable', reason: 'migrations', migration });
    return answer(200, { status: 'ready', migration, ...(ctx.settings.inForce ? { settings: ctx.settings.inForce } : {}) });
  });
}

/**
 * `GET /api/finance-reporting/account-tokens/{id}/uses` (contracts/tokenUses.ts): the last uses of
 * one token de conta, newest first, paged like every list (page, perPage, Link, X-Total-Count) —
 * when, report, format, outcome, HTTP status, address. `financeReports: read` (who sees the tokens
 * sees their uses); the token must be the caller's organisation's (else 404, as a missing one),
 * and the rows are read under its row-level security. Read-only: the uses are written by the
 * token's own checks (tokens.ts) and the app may not change them.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { sql } from 'kysely';
import { REPORT_PERMISSION } from '../../src/contracts/reports.js';
import { TOKEN_USES_PER_PAGE, tokenUse, tokenUsesQuery, type TokenUse } from '../../src/contracts/tokenUses.js';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { linkHeader } from '../registry/query.js';
import { notFound } from '../registry/records.js';

export function tokenUsesRoutes(ctx: AppContext) {
  return async function tokenUses(app: FastifyInstance) {
    const onRequest = [app.requireAccess, app.requireScope(REPORT_PERMISSION, 'read') as unknown as onRequestHookHandler];
    app.get(
      '/account-tokens/:id/uses',
      {
        onRequest,
        schema: {
          tags: ['Tokens de conta'],
          summary: 'Os últimos usos de um token de conta: quando, relatório, formato, resultado, endereço',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: z.string().check(z.maxLength(64)) }),
          querystring: tokenUsesQuery,
          response: { 200: z.array(tokenUse) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const { page = 1, perPage = TOKEN_USES_PER_PAGE } = request.query as { page?: number; perPage?: number };
        const { orgId } = request.auth!;
        const { rows, total } = await withTenant(ctx.tenantDb, orgId, async (trx) => {
          const token = await sql<{ id: string }>`SELECT id FROM account_tokens WHERE org_id = ${orgId} AND id = ${id}`.execute(trx);
          if (!token.rows[0]) throw notFound();
          const count = await sql<{ n: string }>`SELECT count(*)::text AS n FROM account_token_uses WHERE org_id = ${orgId} AND token_id = ${id}`.execute(trx);
          const uses = await sql<{ id: string; at: Date | string; report: string; format: 'json' | 'csv'; outcome: TokenUse['outcome']; status: number; ip: string }>`
            SELECT id::text AS id, at, report, format, outcome, status, ip FROM account_token_uses
            WHERE org_id = ${orgId} AND token_id = ${id}
            ORDER BY at DESC, id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(trx);
          return { rows: uses.rows, total: Number(count.rows[0].n) };
        });
        reply.header('x-total-count', String(total));
        reply.header('link', linkHeader(request.url, page, perPage, total));
        reply.header('cache-control', 'no-store');
        return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString(), status: Number(r.status) }));
      },
    );
  };
}

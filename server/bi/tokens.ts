/**
 * Tokens de conta (issue 26, contracts/resources/accountTokens.ts): read-only keys of external BI
 * tools for the reports.
 *
 * - Made by `POST account-tokens` (this family's own create: the answer is the only place the
 *   secret ever appears): `rtbi_` + 32 random bytes (base64url, 256 bits); the database keeps its
 *   SHA-256 (`token_hash`) and the first characters after the mark (`prefix`) to recognise it.
 * - Used as `Authorization: Bearer rtbi_…` on the report endpoints only (`reportAccess`): the row
 *   is read by its hash on every use — no cache, so a revocation (one UPDATE) or an expiry answers
 *   401 on the next request on every instance. Scoped to its reports (another report: 403) and to
 *   its organisation (the reports run under the token's tenant). Every other route authenticates
 *   JWTs only, so the token opens nothing else (401), and the report routes are GET: no write.
 * - Counted per token in the shared rate-limit store (`countHit`, the table @fastify/rate-limit
 *   uses across instances): over `TOKEN_RATE.max` calls in the window → 429 with Retry-After.
 * - Every use is audited in `account_token_uses` (token, report, format, outcome, HTTP status,
 *   address, time), refusals included; `last_used_at` shows on the token.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNT_TOKEN_MESSAGES, accountTokens, TOKEN_MARK, TOKEN_MAX_DAYS, TOKEN_PREFIX_LENGTH, type TokenReport } from '../../src/contracts/resources/accountTokens.js';
import { REPORT_PERMISSION } from '../../src/contracts/reports.js';
import { recordSchema, writeSchema } from '../../src/contracts/resourceSchemas.js';
import { todayIn } from '../approvals/engine.js';
import { hashToken } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import { forbidden, tooMany, unauthenticated, type FieldErrors } from '../errors.js';
import { named } from '../http/named-plugin.js';
import { countHit } from '../http/rate-limit-store.js';
import { bearerToken, scopeSubject } from '../identity/guard.js';
import { hasScope } from '../identity/users.js';
import { declaredStorage } from '../registry/declared.js';
import type { Values } from '../registry/storage.js';
import { tokenUsesRoutes } from './token-uses.js';
import { toReportCsv } from './tokens-csv.js';

/** Calls a token may make per window (shared store: across instances). */
export const TOKEN_RATE = { max: 60, windowMs: 60_000 } as const;
export const TOKEN_MESSAGES = {
  tooMany: 'Muitas consultas com este token. Aguarde um minuto e tente de novo.',
  outOfScope: 'Este token não dá acesso a este relatório.',
  cannotGrant: 'Você só pode criar tokens para relatórios que você pode ver.',
} as const;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The validity's rules (today … a year from today), on create and on edit. */
export function expiryErrors(values: Values, today: string): FieldErrors {
  const expiresOn = values.expiresOn;
  if (typeof expiresOn !== 'string') return {};
  if (expiresOn < today) return { expiresOn: [ACCOUNT_TOKEN_MESSAGES.expiresPast] };
  if (expiresOn > addDays(today, TOKEN_MAX_DAYS)) return { expiresOn: [ACCOUNT_TOKEN_MESSAGES.expiresFar] };
  return {};
}

/** The secret made for a create request, handed to the storage's beforeCreate (never stored in clear). */
const minted = new WeakMap<FastifyRequest, { secret: string }>();

export const accountTokensStorage = declaredStorage(accountTokens, 'account_tokens', {
  ownCreate: true,
  validate: (values, call) => expiryErrors(values, todayIn(call.ctx.clock())),
  async beforeCreate(_trx, call) {
    const made = minted.get(call.request);
    if (!made) throw new Error('account tokens are created by POST account-tokens only');
    return { token_hash: hashToken(made.secret), prefix: made.secret.slice(0, TOKEN_MARK.length + TOKEN_PREFIX_LENGTH) };
  },
});

/** `POST /api/finance-reporting/account-tokens`: the record, plus `secret` — this once. */
export function accountTokenRoutes(ctx: AppContext) {
  return async function tokens(app: FastifyInstance) {
    const record = recordSchema(accountTokens);
    const service = ctx.records(accountTokens.name);
    app.post(
      `/${accountTokens.path}`,
      {
        onRequest: app.requireAccess,
        preValidation: app.requireScope(REPORT_PERMISSION, 'create'),
        schema: { tags: [accountTokens.labels.many], summary: 'Cria um token de conta; o segredo vem só nesta resposta', security: [{ bearerAuth: [] }], body: writeSchema(accountTokens) },
      },
      async (request, reply) => {
        // A token reads reports: whoever makes one must read them too.
        if (!(await hasScope(ctx.db, scopeSubject(request.auth!), REPORT_PERMISSION, 'read'))) throw forbidden(TOKEN_MESSAGES.cannotGrant);
        const secret = `${TOKEN_MARK}${randomBytes(32).toString('base64url')}`;
        minted.set(request, { secret });
        const created = await service.run(request.auth!, { request, params: {} }, async (trx, call) => {
          const after = await service.create(trx, call, request.body as Values);
          await service.addActions(trx, call, [after]);
          return after;
        });
        minted.delete(request);
        const path = request.url.split('?')[0].replace(/\/+$/, '');
        reply.header('cache-control', 'no-store');
        return reply.code(201).header('location', `${path}/${encodeURIComponent(created.id)}`).send({ ...record.parse(created), secret });
      },
    );
    // A token's uses, paged (token-uses.ts).
    await app.register(named(tokenUsesRoutes(ctx)));
  };
}

// ---------------------------------------------------------------- use on the report endpoints

export interface ReportToken {
  id: string;
  orgId: string;
  report: TokenReport;
  format: 'json' | 'csv';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a report is called with a token de conta (instead of a session). */
    reportToken?: ReportToken;
  }
}

const TOKEN_SHAPE = new RegExp(`^${TOKEN_MARK}[A-Za-z0-9_-]{43}$`);

/** CSV when asked by `format=csv` or by `Accept: text/csv` (JSON otherwise). */
export function wantsCsv(request: FastifyRequest): boolean {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format === 'csv') return true;
  const accept = request.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/csv/i.test(accept);
}

type Outcome = 'granted' | 'outOfScope' | 'revoked' | 'expired' | 'limited' | 'badRequest';

/** The use's audit row; a granted one also sets the token's `last_used_at` — one statement, one commit. */
async function audit(ctx: AppContext, use: ReportToken, outcome: Outcome, status: number, ip: string): Promise<void> {
  const at = ctx.clock();
  const insert = sql`INSERT INTO account_token_uses (org_id, token_id, report, format, outcome, status, ip, at)
    VALUES (${use.orgId}, ${use.id}, ${use.report}, ${use.format}, ${outcome}, ${status}, ${ip}, ${at})`;
  if (outcome !== 'granted') await insert.execute(ctx.db);
  else await sql`WITH used AS (UPDATE account_tokens SET last_used_at = ${at} WHERE id = ${use.id}) ${insert}`.execute(ctx.db);
}

/**
 * The onRequest of a report route: a token de conta (`Bearer rtbi_…`) is checked here; anything
 * else goes to the session's checks (`financeReports: read`), as before.
 */
export function reportAccess(ctx: AppContext, app: FastifyInstance, report: TokenReport): { onRequest: onRequestHookHandler; onSend: onSendHookHandler } {
  const readScope = app.requireScope(REPORT_PERMISSION, 'read');
  const onRequest = async function reportAccessHook(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const presented = bearerToken(request);
    if (!presented?.startsWith(TOKEN_MARK)) {
      await (app.requireAccess as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<void>).call(this, request, reply);
      await (readScope as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<void>).call(this, request, reply);
      return;
    }
    reply.header('cache-control', 'no-store');
    if (!TOKEN_SHAPE.test(presented)) throw unauthenticated();
    const row = (await sql<{ id: string; org_id: string; reports: string[]; expires_on: string; status: string }>`
      SELECT id, org_id, reports, expires_on::text AS expires_on, status FROM account_tokens WHERE token_hash = ${hashToken(presented)}`.execute(ctx.db)).rows[0];
    if (!row) throw unauthenticated();
    const use: ReportToken = { id: row.id, orgId: row.org_id, report, format: wantsCsv(request) ? 'csv' : 'json' };
    if (row.status !== 'active') {
      await audit(ctx, use, 'revoked', 401, request.ip);
      throw unauthenticated();
    }
    if (row.expires_on < todayIn(ctx.clock())) {
      await audit(ctx, use, 'expired', 401, request.ip);
      throw unauthenticated();
    }
    const hit = await countHit(ctx.db, `account-token:${row.id}`, TOKEN_RATE.windowMs);
    if (hit.current > TOKEN_RATE.max) {
      await audit(ctx, use, 'limited', 429, request.ip);
      throw tooMany(Math.max(1, Math.ceil(hit.ttl / 1000)), TOKEN_MESSAGES.tooMany);
    }
    if (!row.reports.includes(report)) {
      await audit(ctx, use, 'outOfScope', 403, request.ip);
      throw forbidden(TOKEN_MESSAGES.outOfScope);
    }
    request.reportToken = use;
  };
  // The answer as CSV when asked; the audit row of a granted use with the status it got.
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const use = request.reportToken;
    if (!use) return payload;
    const status = reply.statusCode;
    await audit(ctx, use, status < 400 ? 'granted' : 'badRequest', status, request.ip);
    if (use.format !== 'csv' || status !== 200 || typeof payload !== 'string') return payload;
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${use.report === 'dre' ? 'dre' : 'fluxo-de-caixa'}.csv"`);
    return toReportCsv(JSON.parse(payload));
  };
  return { onRequest: onRequest as onRequestHookHandler, onSend };
}

/** The organisation a report request reads: the token's, else the session's. */
export const reportOrg = (request: FastifyRequest): string => request.reportToken?.orgId ?? request.auth!.orgId;


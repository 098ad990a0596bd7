/**
 * Routes of the bank statements and the conciliação (finance family; issue 25):
 * - `POST bank-statements` — import an OFX (`{bankAccountId?, fileName, content}` base64; ofx/import.ts);
 * - `GET bank-accounts/{id}/reconciliation?from&to` — lines, open baixas, suggestions, balances;
 * - `POST bank-statement-lines/{id}/match` `{settlementIds}` (one line: 1:1, 1:N) and `POST …/{id}/unmatch`
 *   (the line's whole group undone);
 * - `POST bank-statement-matches` `{lineIds, settlementIds}` — a match group: one line with its baixas or
 *   several lines with one baixa (N:1), never many with many;
 * - `POST bank-statement-lines/bulk-match` `{matches: [{lineId, lineIds?, settlementIds}]}` — suggestions
 *   accepted at once (N:1 ones name their `lineIds`), each group in its own transaction exactly as its
 *   own `match` (locks, checks, audit); a refused one is reported with its reason (`failed`, by its
 *   first line) while the others are kept (`done`: every line reconciled);
 * - `POST bank-statement-lines/{id}/settle` `{installmentId}` — the parcela's own baixa from the line,
 *   which also needs the scope the parcela's baixa route asks (paymentQueue / receivables update).
 * - `POST bank-statement-lines/{id}/create-settled` `{partyId, categoryId, costCenterId, description?}` —
 *   the lançamento created already settled by the line (reconciliationEntries.ts), which also needs
 *   creating lançamentos of that direction, the parcela's baixa and, for a payable, authorising payments.
 * Access: `bankAccounts` read (view) and update (the rest); tenant from the token; another
 * tenant's account or line is a 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { bulkMatchInput, bulkMatchResult, createSettledInput, createSettledResult, groupMatchInput, groupMatchResult, matchInput, reconciliationQuery, reconciliationView, settleFromLineInput, statementImportInput, statementImportResult } from '../../src/contracts/bankStatements.js';
import { bankAccounts, payableInstallments } from '../../src/contracts/resources/index.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { todayIn } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { forbidden, HttpError } from '../errors.js';
import { hasScope } from '../identity/users.js';
import { scopeSubject } from '../identity/guard.js';
import type { Call, Trx } from '../registry/storage.js';
import { importStatement } from './ofx/import.js';
import { matchGroup, matchLine, reconciliationView as viewOf, settleFromLine, settlePermission, unmatchLine } from './reconciliation.js';
import { createSettledFromLine, entriesFor } from './reconciliationEntries.js';

const BEARER = [{ bearerAuth: [] }];
const TAGS = ['Conciliação bancária'];
const idParams = z.object({ id: z.string() });
const lineResult = z.object({ id: z.string(), status: z.enum(['open', 'reconciled']), settlementIds: z.array(z.string()) });

export function reconciliationRoutes(ctx: AppContext) {
  return async function reconciliation(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const access = (scope: string) => ({ onRequest: app.requireAccess, preValidation: app.requireScope(bankAccounts.permission, scope) });
    const caller = (request: FastifyRequest) => ({ userId: request.auth!.userId, orgId: request.auth!.orgId, accessLevel: request.auth!.accessLevel });
    // The parcelas' service runs the unit of work: a tenant transaction, its after-commit work, database errors mapped.
    const run = <T>(request: FastifyRequest, fn: (trx: Trx, call: Call) => Promise<T>) => ctx.records(payableInstallments.name).run(caller(request), { request }, fn);

    r.post(
      '/bank-statements',
      { ...access('update'), bodyLimit: 12 * 1024 * 1024, schema: { tags: TAGS, summary: 'Importa um extrato OFX (1.x SGML ou 2.x XML; conteúdo em base64)', security: BEARER, body: statementImportInput, response: { 200: statementImportResult } } },
      async (request) => run(request, (trx, call) => importStatement(trx, call, request.body)),
    );

    r.get(
      '/bank-accounts/:id/reconciliation',
      { ...access('read'), schema: { tags: TAGS, summary: 'Conciliação: linhas do extrato, baixas não conciliadas, sugestões e saldos', security: BEARER, params: idParams, querystring: reconciliationQuery, response: { 200: reconciliationView } } },
      async (request) => withTenant(ctx.tenantDb, request.auth!.orgId, (trx) => viewOf(trx, request.auth!.orgId, request.params.id, request.query, todayIn(ctx.clock()))),
    );

    r.post(
      '/bank-statement-lines/:id/match',
      { ...access('update'), schema: { tags: TAGS, summary: 'Concilia uma linha do extrato com uma ou mais baixas cuja soma é o valor da linha', security: BEARER, params: idParams, body: matchInput, response: { 200: lineResult } } },
      async (request) => run(request, (trx, call) => matchLine(trx, call, request.params.id, request.body.settlementIds)),
    );

    r.post(
      '/bank-statement-matches',
      { ...access('update'), schema: { tags: TAGS, summary: 'Concilia uma linha com várias baixas ou várias linhas do extrato com uma baixa (N:1), com somas iguais', security: BEARER, body: groupMatchInput, response: { 200: groupMatchResult } } },
      async (request) => run(request, (trx, call) => matchGroup(trx, call, request.body.lineIds, request.body.settlementIds)),
    );

    r.post(
      '/bank-statement-lines/bulk-match',
      { ...access('update'), schema: { tags: TAGS, summary: 'Concilia várias linhas de uma vez (sugestões aceitas em lote); as recusadas são informadas com o motivo', security: BEARER, body: bulkMatchInput, response: { 200: bulkMatchResult } } },
      async (request) => {
        const done: string[] = [];
        const failed: { lineId: string; message: string }[] = [];
        for (const { lineId, lineIds, settlementIds } of request.body.matches) {
          try {
            if (lineIds && lineIds.length > 1) done.push(...(await run(request, (trx, call) => matchGroup(trx, call, [lineId, ...lineIds], settlementIds))).lineIds);
            else {
              await run(request, (trx, call) => matchLine(trx, call, lineId, settlementIds));
              done.push(lineId);
            }
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
            failed.push({ lineId, message: error.message });
          }
        }
        return { done, failed };
      },
    );

    r.post(
      '/bank-statement-lines/:id/unmatch',
      { ...access('update'), schema: { tags: TAGS, summary: 'Desfaz a conciliação de uma linha do extrato', security: BEARER, params: idParams, response: { 200: lineResult } } },
      async (request) => run(request, (trx, call) => unmatchLine(trx, call, request.params.id)),
    );

    /** The scopes a line's own work asks besides the account's (what the parcela's or lançamento's routes would ask), or a 403. */
    const requireFor = async (request: FastifyRequest, trx: Trx, call: Call, lineId: string, extra: (amount: number) => { permission: string; scope: string }[]) => {
      const line = (await sql<{ amount: string }>`SELECT amount::text FROM bank_statement_lines WHERE org_id = ${call.orgId} AND id = ${lineId.slice(0, 64)}`.execute(trx)).rows[0];
      if (!line) return;
      const subject = scopeSubject(request.auth!);
      for (const { permission, scope } of [settlePermission(Number(line.amount)), ...extra(Number(line.amount))]) if (!(await hasScope(ctx.db, subject, permission, scope))) throw forbidden();
    };
    const AUTHORIZE = findTransition(payableInstallments.workflow!, 'authorize')!;

    r.post(
      '/bank-statement-lines/:id/create-settled',
      { ...access('update'), schema: { tags: TAGS, summary: 'Cria o lançamento (a pagar ou a receber) já quitado pela linha do extrato e a concilia', security: BEARER, params: idParams, body: createSettledInput, response: { 200: createSettledResult } } },
      async (request) =>
        run(request, async (trx, call) => {
          await requireFor(request, trx, call, request.params.id, (amount) => [
            { permission: entriesFor(amount).permission, scope: 'create' },
            ...(amount < 0 ? [{ permission: AUTHORIZE.permission ?? payableInstallments.permission, scope: AUTHORIZE.scope }] : []),
          ]);
          return createSettledFromLine(trx, call, request.params.id, request.body);
        }),
    );

    r.post(
      '/bank-statement-lines/:id/settle',
      { ...access('update'), schema: { tags: TAGS, summary: 'Dá baixa em uma parcela a partir de uma linha do extrato e a concilia', security: BEARER, params: idParams, body: settleFromLineInput, response: { 200: lineResult } } },
      async (request) =>
        run(request, async (trx, call) => {
          await requireFor(request, trx, call, request.params.id, () => []);
          return settleFromLine(trx, call, request.params.id, request.body.installmentId);
        }),
    );
  };
}

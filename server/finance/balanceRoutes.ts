/**
 * `GET /api/finance/bank-accounts/{id}/balance?on=YYYY-MM-DD` — "saldo em <data>" of one account:
 * realised (opening balance + baixas up to the date) and projected (+ the open parcelas due up to
 * it), with the open amounts to pay and to receive. Read with `bankAccounts: read`; another
 * tenant's account is a 404. The date defaults to today (São Paulo).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { date as dateRule } from '../../src/contracts/documents.js';
import { bankAccounts } from '../../src/contracts/resources/index.js';
import { todayIn } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { notFound } from '../registry/records.js';
import { openAmount, openMovement, realisedBalance } from './balances.js';

export const accountBalance = z.object({ on: z.string(), balance: z.number(), projected: z.number(), toPay: z.number(), toReceive: z.number() });

export function balanceRoutes(ctx: AppContext) {
  return async function balances(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/bank-accounts/:id/balance',
      {
        onRequest: app.requireAccess,
        preValidation: app.requireScope(bankAccounts.permission, 'read'),
        schema: { tags: [bankAccounts.labels.many], summary: 'Saldo realizado e projetado da conta em uma data', security: [{ bearerAuth: [] }], params: z.object({ id: z.string() }), querystring: z.object({ on: z.optional(dateRule()) }), response: { 200: accountBalance } },
      },
      async (request) => {
        const { id } = request.params;
        const on = request.query.on ?? todayIn(ctx.clock());
        if (id.length > 64) throw notFound();
        const row = await withTenant(ctx.tenantDb, request.auth!.orgId, async (trx) =>
          (
            await sql<{ balance: string; open: string; to_pay: string; to_receive: string }>`SELECT ${realisedBalance(sql`${on}::date`)}::text AS balance, ${openMovement(sql`${on}::date`)}::text AS open,
                ${openAmount('payable', sql`${on}::date`)}::text AS to_pay, ${openAmount('receivable', sql`${on}::date`)}::text AS to_receive
              FROM bank_accounts t WHERE t.org_id = ${request.auth!.orgId} AND t.id = ${id}`.execute(trx)
          ).rows[0],
        );
        if (!row) throw notFound();
        return { on, balance: Number(row.balance), projected: Number(row.balance) + Number(row.open), toPay: Number(row.to_pay), toReceive: Number(row.to_receive) };
      },
    );
  };
}

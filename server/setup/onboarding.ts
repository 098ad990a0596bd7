/**
 * `GET /v1/identity/onboarding`: the state of the organisation's first-run checklist, for the
 * administrator's home (the screen comes later). Each step is done when its registry holds at
 * least one record of the organisation (users: someone besides the caller); one statement of
 * EXISTS probes under the tenant's row-level security, so it stays cheap on large registries.
 * Who may read the organisation's settings may read it. `resource` is the permission name of the
 * step's screen (the client maps it to its module); `title` is what the checklist shows.
 *
 * The response schema lives here until the client needs it; it then moves to src/contracts.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';

export const ONBOARDING_PATH = '/onboarding';

/** The steps in the order of the checklist: key, title (pt-BR), the screen's permission name, and the probe. */
const STEPS = [
  ['companyData', 'Dados da empresa', 'companies', sql`EXISTS (SELECT 1 FROM companies)`],
  ['bankAccounts', 'Contas financeiras e convênios', 'bankAccounts', sql`EXISTS (SELECT 1 FROM bank_accounts)`],
  ['chartOfAccounts', 'Plano de contas', 'chartAccounts', sql`EXISTS (SELECT 1 FROM chart_accounts)`],
  ['costCenters', 'Centros de custos', 'costCenters', sql`EXISTS (SELECT 1 FROM cost_centers)`],
  ['suppliers', 'Fornecedores', 'suppliers', sql`EXISTS (SELECT 1 FROM persons WHERE is_supplier)`],
  ['customers', 'Clientes', 'customers', sql`EXISTS (SELECT 1 FROM persons WHERE is_customer)`],
  ['products', 'Produtos', 'products', sql`EXISTS (SELECT 1 FROM products)`],
  ['users', 'Usuários convidados', 'users', null],
  ['approvalQueues', 'Filas de aprovação', 'approvalQueues', sql`EXISTS (SELECT 1 FROM approval_queues)`],
] as const;

export const onboardingState = z.object({
  steps: z.array(z.object({ key: z.string(), title: z.string(), resource: z.string(), done: z.boolean() })),
  done: z.int(),
  total: z.int(),
});
export type OnboardingState = z.infer<typeof onboardingState>;

export function onboardingRoutes(ctx: AppContext) {
  return async function onboarding(app: FastifyInstance) {
    app.get(
      ONBOARDING_PATH,
      {
        onRequest: app.requireAccess,
        preHandler: app.requireScope('settings', 'read'),
        schema: { tags: ['identity'], summary: 'Primeiros passos da organização: o que já foi feito', security: [{ bearerAuth: [] }], response: { 200: onboardingState } },
      },
      async (request): Promise<OnboardingState> => {
        const { userId, orgId } = request.auth!;
        const probes = STEPS.map(([key, , , probe]) => sql`${probe ?? sql`EXISTS (SELECT 1 FROM users WHERE id <> ${userId})`} AS ${sql.ref(key)}`);
        const row = await withTenant(ctx.tenantDb, orgId, async (trx) => (await sql<Record<string, boolean>>`SELECT ${sql.join(probes)}`.execute(trx)).rows[0]);
        const steps = STEPS.map(([key, title, resource]) => ({ key, title, resource, done: row[key] === true }));
        return { steps, done: steps.filter((step) => step.done).length, total: steps.length };
      },
    );
  };
}

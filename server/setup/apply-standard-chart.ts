/**
 * "Usar o plano de contas padrão" (issue 28): the standard chart of accounts and the expense and
 * revenue categories on their DRE lines (standard-chart.ts), created through each registry's record
 * service — validation, references, audit — in ONE transaction of the caller's tenant: all or
 * nothing. Once only: the organisation's settings row is locked first, so two calls at once run
 * one after the other, and the second finds the chart and is refused (409) without a change. A
 * category registry that already holds records (an earlier import) is left as it is.
 */
import { sql } from 'kysely';
import type { StandardChartResult } from '../../src/contracts/onboarding.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import type { Caller } from '../registry/service.js';
import type { Call, Trx, Values } from '../registry/storage.js';
import { hasRecords } from './onboarding-state.js';
import { STANDARD_CHART, STANDARD_EXPENSE_CATEGORIES, STANDARD_REVENUE_CATEGORIES } from './standard-chart.js';

export const STANDARD_CHART_MESSAGES = {
  exists: 'A organização já tem um plano de contas: edite-o em Planos de Contas.',
} as const;

interface Node {
  code: string;
  name: string;
  children?: Node[];
}

/** Creates `nodes` (parents first) through `name`'s service; returns how many. */
async function createTree<N extends Node>(ctx: AppContext, trx: Trx, from: Call, name: string, nodes: N[], values: (node: N) => Values, parentId: string | null = null): Promise<number> {
  const service = ctx.records(name);
  const call = service.callFrom(from);
  let created = 0;
  for (const node of nodes) {
    const record = await service.create(trx, call, { code: node.code, name: node.name, parentId, isActive: true, description: null, ...values(node) });
    created += 1 + (await createTree(ctx, trx, from, name, (node.children ?? []) as N[], values, record.id));
  }
  return created;
}

export async function applyStandardChart(ctx: AppContext, caller: Caller, request: Call['request']): Promise<StandardChartResult> {
  return ctx.records('chartAccounts').run(caller, { request }, async (trx, call) => {
    // One at a time per organisation (PostgreSQL: the second waits here, then sees the first's chart).
    await sql`SELECT org_id FROM org_settings WHERE org_id = ${caller.orgId} FOR UPDATE`.execute(trx);
    const has = (resource: string) => hasRecords({ resource }, caller.orgId);
    const found = (await sql<{ chart: boolean; expense: boolean; revenue: boolean }>`
      SELECT ${has('chartAccounts')} AS chart, ${has('expenseCategories')} AS expense, ${has('revenueCategories')} AS revenue`.execute(trx)).rows[0];
    if (found.chart) throw new HttpError(409, STANDARD_CHART_MESSAGES.exists);
    const chartAccounts = await createTree(ctx, trx, call, 'chartAccounts', STANDARD_CHART, (node) => ({ nature: node.nature, acceptsEntries: !node.children?.length }));
    const category = (node: { dreLine: string }) => ({ dreLine: node.dreLine, ledgerAccountId: null });
    const expenseCategories = found.expense ? 0 : await createTree(ctx, trx, call, 'expenseCategories', STANDARD_EXPENSE_CATEGORIES, category);
    const revenueCategories = found.revenue ? 0 : await createTree(ctx, trx, call, 'revenueCategories', STANDARD_REVENUE_CATEGORIES, category);
    return { chartAccounts, expenseCategories, revenueCategories };
  });
}

/**
 * The state of the first-run checklist (src/contracts/onboarding.ts): per declared step, done
 * (the organisation holds a record of its `done` resource — an EXISTS probe on that resource's
 * table and view, derived from its storage, under the tenant's row-level security, so it stays
 * cheap on a 100,000-row registry) and skipped (a row of `onboarding_skips`). One statement.
 */
import { sql, type RawBuilder } from 'kysely';
import { ONBOARDING_STEPS, type DoneWhen, type OnboardingState } from '../../src/contracts/onboarding.js';
import { storageByName } from '../registry/families.js';
import type { Trx } from '../registry/storage.js';

/** `EXISTS (…)` of "the tenant holds a record of `resource`" (its view's fixed columns applied; `besidesCaller`: a user other than `userId`). */
export function hasRecords(when: DoneWhen, orgId: string, userId?: string): RawBuilder<boolean> {
  const storage = storageByName(when.resource);
  if (!storage?.tenantColumn) throw new Error(`onboarding: no served tenant resource named "${when.resource}"`);
  // The explicit tenant filter and the row-level security: two walls, as everywhere.
  const conditions = [sql`${sql.ref(storage.tenantColumn)} = ${orgId}`, ...Object.entries(storage.filter ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`)];
  if (when.besidesCaller && userId) conditions.push(sql`id <> ${userId}`);
  return sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(storage.table)} WHERE ${sql.join(conditions, sql` AND `)})`;
}

/** The checklist of `orgId` (the transaction's tenant), for `userId` (the steps in the declared order). */
export async function onboardingState(trx: Trx, orgId: string, userId: string): Promise<OnboardingState> {
  const probes = ONBOARDING_STEPS.map((step) => sql`${hasRecords(step.done, orgId, userId)} AS ${sql.ref(step.key)}`);
  const skipped = sql`(SELECT coalesce(json_agg(step), '[]'::json) FROM onboarding_skips WHERE org_id = ${orgId}) AS ${sql.ref('_skipped')}`;
  const row = (await sql<Record<string, unknown>>`SELECT ${sql.join([...probes, skipped])}`.execute(trx)).rows[0];
  const raw = row._skipped;
  const skips = new Set<string>((typeof raw === 'string' ? JSON.parse(raw) : raw) as string[]);
  const steps = ONBOARDING_STEPS.map((step) => {
    const done = row[step.key] === true;
    return { key: step.key, title: step.title, resource: step.screens[0], done, skipped: !done && skips.has(step.key) };
  });
  return { steps, done: steps.filter((step) => step.done).length, skipped: steps.filter((step) => step.skipped).length, total: steps.length };
}

/** Per-organisation sequences (a resource's declared `numbering`): taken atomically, so two creates never share a number. */
import { sql } from 'kysely';
import type { Call, Trx } from './storage.js';

/** The next number of a per-organisation sequence (`orders` → 1, 2, 3…). */
export async function nextNumber(trx: Trx, call: Pick<Call, 'orgId'>, name: string): Promise<number> {
  const row = await sql<{ value: string | number }>`INSERT INTO org_counters (org_id, name, value) VALUES (${call.orgId}, ${name}, 1)
    ON CONFLICT (org_id, name) DO UPDATE SET value = org_counters.value + 1 RETURNING value`.execute(trx);
  return Number(row.rows[0].value);
}

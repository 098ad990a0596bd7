/** Status-history rows of workflow records (table status_history: append-only for the app). */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { auditRow } from '../audit.js';
import type { Call, Trx } from './storage.js';

export interface HistoryRow {
  entityType: string;
  entityId: string;
  action: string;
  from: string | null;
  to: string;
  input: Record<string, unknown> | null;
  /** The record's version after the change. */
  version: number;
}

export async function writeHistory(trx: Trx, call: Call, row: HistoryRow): Promise<void> {
  await sql`INSERT INTO status_history (id, org_id, entity_type, entity_id, action, from_status, to_status, input, actor_user_id, version, at)
    VALUES (${randomUUID()}, ${call.orgId}, ${row.entityType}, ${row.entityId}, ${row.action}, ${row.from}, ${row.to},
      ${row.input ? JSON.stringify(row.input) : null}, ${call.userId || null}, ${row.version}, ${call.ctx.clock()})`.execute(trx);
}

/** A history row and its audit entry in one statement (a transition writes both: one round trip less per record of a bulk). */
export async function writeHistoryAndAudit(trx: Trx, call: Call, row: HistoryRow, entry: ReturnType<typeof auditRow>): Promise<void> {
  await sql`WITH history AS (
      INSERT INTO status_history (id, org_id, entity_type, entity_id, action, from_status, to_status, input, actor_user_id, version, at)
      VALUES (${randomUUID()}, ${call.orgId}, ${row.entityType}, ${row.entityId}, ${row.action}, ${row.from}, ${row.to},
        ${row.input ? JSON.stringify(row.input) : null}, ${call.userId || null}, ${row.version}, ${call.ctx.clock()}))
    INSERT INTO audit_log (id, org_id, actor_user_id, at, action, entity_type, entity_id, before, after, request_id, ip)
    VALUES (${entry.id}, ${entry.org_id}, ${entry.actor_user_id}, ${entry.at}, ${entry.action}, ${entry.entity_type}, ${entry.entity_id}, ${entry.before}, ${entry.after}, ${entry.request_id}, ${entry.ip})`.execute(trx);
}

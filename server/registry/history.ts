/** Status-history rows of workflow records (table status_history: append-only for the app). */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { auditRow } from '../audit.js';
import type { Call, TrailRow, Trx } from './storage.js';

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

/**
 * A history row and its audit entry in one statement (a transition writes both). In a bulk chunk
 * (`call.trail`) they are kept instead and written with the chunk's others by `writeTrail`.
 */
export async function writeHistoryAndAudit(trx: Trx, call: Call, row: HistoryRow, entry: ReturnType<typeof auditRow>): Promise<void> {
  const history: TrailRow['history'] = {
    id: randomUUID(), org_id: call.orgId, entity_type: row.entityType, entity_id: row.entityId, action: row.action, from_status: row.from, to_status: row.to,
    input: row.input ? JSON.stringify(row.input) : null, actor_user_id: call.userId || null, version: row.version, at: call.ctx.clock(),
  };
  if (call.trail) {
    call.trail.push({ history, audit: entry });
    return;
  }
  await writeTrail(trx, [{ history, audit: entry }]);
}

/** History rows and audit entries in one statement, in the order given (the audit's `seq` follows it). */
export async function writeTrail(trx: Trx, rows: readonly TrailRow[]): Promise<void> {
  if (!rows.length) return;
  if (rows.length === 1) {
    const { history: h, audit: a } = rows[0];
    await sql`WITH history AS (
        INSERT INTO status_history (id, org_id, entity_type, entity_id, action, from_status, to_status, input, actor_user_id, version, at)
        VALUES (${h.id}, ${h.org_id}, ${h.entity_type}, ${h.entity_id}, ${h.action}, ${h.from_status}, ${h.to_status}, ${h.input}, ${h.actor_user_id}, ${h.version}, ${h.at}))
      INSERT INTO audit_log (id, org_id, actor_user_id, at, action, entity_type, entity_id, before, after, request_id, ip)
      VALUES (${a.id}, ${a.org_id}, ${a.actor_user_id}, ${a.at}, ${a.action}, ${a.entity_type}, ${a.entity_id}, ${a.before}, ${a.after}, ${a.request_id}, ${a.ip})`.execute(trx);
    return;
  }
  await sql`WITH history AS (
      INSERT INTO status_history (id, org_id, entity_type, entity_id, action, from_status, to_status, input, actor_user_id, version, at)
      SELECT h.id, h.org_id, h.entity_type, h.entity_id, h.action, h.from_status, h.to_status, h.input::jsonb, h.actor_user_id, h.version, h.at
      FROM jsonb_to_recordset(${JSON.stringify(rows.map((row, n) => ({ ...row.history, n })))}::jsonb)
        AS h(id text, org_id text, entity_type text, entity_id text, action text, from_status text, to_status text, input text, actor_user_id text, version integer, at timestamptz, n integer)
      ORDER BY h.n)
    INSERT INTO audit_log (id, org_id, actor_user_id, at, action, entity_type, entity_id, before, after, request_id, ip)
    SELECT a.id, a.org_id, a.actor_user_id, a.at, a.action, a.entity_type, a.entity_id, a.before::jsonb, a.after::jsonb, a.request_id, a.ip
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((row, n) => ({ ...row.audit, n })))}::jsonb)
      AS a(id text, org_id text, actor_user_id text, at timestamptz, action text, entity_type text, entity_id text, before text, after text, request_id text, ip text, n integer)
    ORDER BY a.n`.execute(trx);
}

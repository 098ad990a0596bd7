/**
 * Append-only audit trail (table audit_log; a trigger refuses UPDATE/DELETE/TRUNCATE).
 * Callers pass only what is safe to keep: never passwords, codes, tokens or keys.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from './db/types.js';

export interface AuditEntry {
  orgId: string | null;
  actorUserId: string | null;
  action: string;
  entityType?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
}

/** The audit_log row of an entry (shared with the status history's combined insert: registry/history.ts). */
export function auditRow(at: Date, entry: AuditEntry, request?: FastifyRequest) {
  return {
    id: randomUUID(),
    org_id: entry.orgId,
    actor_user_id: entry.actorUserId,
    at,
    action: entry.action,
    entity_type: entry.entityType ?? null,
    entity_id: entry.entityId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    request_id: request ? String(request.id) : null,
    ip: request?.ip ?? null,
  };
}

export async function audit(db: Kysely<Database>, at: Date, entry: AuditEntry, request?: FastifyRequest): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(at, entry, request)).execute();
}

/** Many entries in one statement (a cascade's rows): the same rows `audit` writes, one per entry. */
export async function auditMany(db: Kysely<Database>, at: Date, entries: AuditEntry[], request?: FastifyRequest): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((entry) => auditRow(at, entry, request));
  await sql`INSERT INTO audit_log (id, org_id, actor_user_id, at, action, entity_type, entity_id, before, after, request_id, ip)
    SELECT r.id, r.org_id, r.actor_user_id, ${at}, r.action, r.entity_type, r.entity_id, r.before::jsonb, r.after::jsonb, r.request_id, r.ip
    FROM jsonb_to_recordset(${JSON.stringify(rows.map(({ at: _at, ...row }) => row))}::jsonb)
      AS r(id text, org_id text, actor_user_id text, action text, entity_type text, entity_id text, before text, after text, request_id text, ip text)`.execute(db);
}

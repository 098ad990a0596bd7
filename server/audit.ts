/**
 * Append-only audit trail (table audit_log; a trigger refuses UPDATE/DELETE/TRUNCATE).
 * Callers pass only what is safe to keep: never passwords, codes, tokens or keys.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
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

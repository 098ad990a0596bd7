/**
 * The audit trail of one record ("Histórico"): its audit_log entries read back as the changed
 * fields of the declaration, with their labels. Only declared fields are compared, so whatever
 * else an entry kept (base columns, a secret a custom writer logged) never leaves the server.
 */
import type { AuditChange } from '../../src/contracts/audit.js';
import type { AnyResource } from '../../src/contracts/resource.js';
import { sameValue } from './compare.js';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function asObject(value: unknown): Record<string, unknown> | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** The declaration's fields whose value differs between `before` and `after` (either may be null). */
export function auditChanges(resource: AnyResource, rawBefore: unknown, rawAfter: unknown): AuditChange[] {
  const before = asObject(rawBefore);
  const after = asObject(rawAfter);
  const changes: AuditChange[] = [];
  for (const [field, def] of Object.entries(resource.fields)) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (isEmpty(was) && isEmpty(is)) continue;
    if (sameValue(was, is)) continue;
    changes.push({ field, label: def.label, before: was, after: is });
  }
  return changes;
}

/** `suppliers.update` → `update`. */
export const auditAction = (resource: AnyResource, action: string) => (action.startsWith(`${resource.name}.`) ? action.slice(resource.name.length + 1) : action);

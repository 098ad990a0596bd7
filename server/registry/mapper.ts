/**
 * Runs a declared "make B from A" mapping (src/contracts/mapping.ts) inside the caller's
 * transaction: the targets planned from the sources are created through the target's own record
 * service (numbering, validation, totals, history, audit), and every target line remembers the
 * source lines it came from in `record_links`, with the quantity each brought. The caller reads
 * and locks the sources first (a cotação concluding, pedidos entering a cotação).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { planMapping, type MapSource, type RecordMapping } from '../../src/contracts/mapping.js';
import { type AnyResource } from '../../src/contracts/resource.js';
import { writeSchema } from '../../src/contracts/resourceSchemas.js';
import { HttpError, MESSAGES } from '../errors.js';
import type { Call, Trx, Values, WireRecord } from './storage.js';

/** The planned values split into writable ones — held to the target's own field rules, as a POST would be — and server-managed ones. */
function targetValues(resource: AnyResource, planned: Values, mapping: RecordMapping): { values: Values; managed: Values } {
  const values: Values = {};
  const managed: Values = {};
  for (const [field, value] of Object.entries(planned)) {
    const def = resource.fields[field];
    if (!def) throw new Error(`${resource.name} has no field "${field}" (mapping)`);
    (def.readOnly ? managed : values)[field] = value;
  }
  const parsed = writeSchema(resource).safeParse(values);
  if (parsed.success) return { values: parsed.data as Values, managed };
  // A line's check across its fields (code `custom`, under `lines.N.field`) may wait for a later step.
  const deferred = (issue: { code: string; path: PropertyKey[] }) => mapping.deferLineChecks && issue.code === 'custom' && issue.path[0] === mapping.lines.to && issue.path.length >= 3;
  const issues = parsed.error.issues.filter((issue) => !deferred(issue));
  if (!issues.length) return { values, managed };
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
  throw new HttpError(400, MESSAGES.validation, errors);
}

export async function makeFrom(trx: Trx, call: Call, mapping: RecordMapping, sources: readonly MapSource[]): Promise<WireRecord[]> {
  const service = call.ctx.records(mapping.to);
  const targetCall = service.callFrom(call);
  const made: WireRecord[] = [];
  for (const planned of planMapping(mapping, sources)) {
    const { values, managed } = targetValues(service.resource, planned.values, mapping);
    const record = await service.create(trx, targetCall, values, managed);
    const lines = (record[mapping.lines.to] as { id: string }[] | undefined) ?? [];
    const rows = planned.origins.flatMap((origins, index) =>
      origins.map((origin) => sql`(${randomUUID()}, ${call.orgId}, ${mapping.name}, ${mapping.from}, ${origin.sourceId}, ${origin.sourceLineId}, ${mapping.to}, ${record.id}, ${lines[index].id}, ${origin.quantity})`),
    );
    if (rows.length) {
      await sql`INSERT INTO record_links (id, org_id, mapping, source_type, source_id, source_line_id, target_type, target_id, target_line_id, quantity)
        VALUES ${sql.join(rows)}`.execute(trx);
    }
    made.push(record);
  }
  return made;
}

/** Forgets the links of target lines that are gone (a line removed from a cotação while it was open). */
export async function dropStaleLinks(trx: Trx, call: Call, targetType: string, targetId: string, lineTable: string, ownColumn: string): Promise<void> {
  await sql`DELETE FROM record_links l WHERE l.org_id = ${call.orgId} AND l.target_type = ${targetType} AND l.target_id = ${targetId}
    AND NOT EXISTS (SELECT 1 FROM ${sql.table(lineTable)} x WHERE x.id = l.target_line_id AND ${sql.ref(`x.${ownColumn}`)} = ${targetId})`.execute(trx);
}

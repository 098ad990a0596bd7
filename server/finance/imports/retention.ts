/**
 * What a finished import keeps of the uploaded file (docs/decisions.md "Uploaded rows after the
 * import"): while a batch can still run — uploaded, mapped, running, failed ("Executar novamente"
 * resumes from the stored rows) — its rows stay whole; once it is done, the cells of the columns
 * mapped to a field declared `sensitive` (a supplier's account number, a random PIX key) are kept
 * as the audit keeps them, "•••• 1234" (server/registry/audit-mask.ts). The records imported hold
 * the whole values; the batch keeps what its page and its error report need to show.
 */
import { sql } from 'kysely';
import { IMPORT_TARGETS, type ImportResourceType } from '../../../src/contracts/imports.js';
import type { FieldDef, ScalarFieldDef } from '../../../src/contracts/resource.js';
import { findResource } from '../../../src/contracts/resources/index.js';
import { maskField } from '../../registry/audit-mask.js';
import type { Trx } from '../../registry/storage.js';
import { storedColumns, storedMapping, storedRows } from './stored.js';

/** The declaration of an import field key (`name`, or `list.0.sub` for a list's first item). */
function fieldDef(type: ImportResourceType, key: string): FieldDef | ScalarFieldDef | undefined {
  const resource = findResource(IMPORT_TARGETS[type].resource);
  const [name, , sub] = key.split('.');
  const def = resource?.fields[name];
  if (!def) return undefined;
  return sub !== undefined ? (def.type === 'list' ? def.of[sub] : undefined) : def;
}

/** Masks, in the stored rows of batch `id`, the cells of its columns mapped to sensitive fields. */
export async function maskFinishedRows(trx: Trx, orgId: string, id: string): Promise<void> {
  const found = await sql<{ resource_type: ImportResourceType; columns: unknown; mapping: unknown; rows: unknown }>`SELECT resource_type, columns, mapping, rows FROM import_batches
    WHERE id = ${id} AND org_id = ${orgId}`.execute(trx);
  const batch = found.rows[0];
  if (!batch) return;
  const columns = storedColumns(batch.columns);
  const masked: [number, FieldDef | ScalarFieldDef][] = [];
  for (const [column, field] of Object.entries(storedMapping(batch.mapping))) {
    const def = fieldDef(batch.resource_type, field);
    const index = columns.indexOf(column);
    if (def?.sensitive && index >= 0) masked.push([index, def]);
  }
  if (!masked.length) return;
  const rows = storedRows(batch.rows).map(({ line, cells }) => {
    const kept = [...cells];
    for (const [index, def] of masked) {
      const cell = typeof kept[index] === 'string' ? kept[index].trim() : '';
      const shown = maskField(def, cell);
      if (shown !== cell) kept[index] = String(shown);
    }
    return [line, kept];
  });
  await sql`UPDATE import_batches SET rows = ${JSON.stringify(rows)}::jsonb WHERE id = ${id} AND org_id = ${orgId}`.execute(trx);
}

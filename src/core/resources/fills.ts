/**
 * What choosing a referenced record fills in its neighbours (a line's product → the line's
 * description, unit and unit price; a faturamento's ordem de compra → its lines). Registered by the
 * module that owns the screen, keyed by `resource.listField.referenceField` for a line's reference
 * and `resource.field` for the record's own; only neighbours that are empty (or still at their
 * initial value) are filled, so nothing the user typed is overwritten.
 */
import { readReferenced } from './referencedRecord';
import type { Row } from './useList';

/** Sibling field → field of the referenced record, or what to make of the record (an ordem's lines as a faturamento's). */
export type FillMap = Readonly<Record<string, string | ((record: Row) => unknown)>>;

const fills = new Map<string, FillMap>();

export function registerReferenceFill(key: string, map: FillMap): void {
  fills.set(key, map);
}

export const referenceFill = (key: string): FillMap | undefined => fills.get(key);

/** Fetches the referenced record and answers the patch for the empty siblings. */
export async function fillPatch(target: string, id: string, map: FillMap, siblings: Readonly<Record<string, unknown>>, initial: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const record = await readReferenced(target, id);
  return record ? patchFrom(record, map, siblings, initial) : {};
}

/** The values `map` takes from `record` for the siblings still empty (or at their initial value). */
export function patchFrom(record: Row, map: FillMap, siblings: Readonly<Record<string, unknown>>, initial: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [sibling, source] of Object.entries(map)) {
    const current = siblings[sibling];
    const empty = current === null || current === undefined || current === '' || JSON.stringify(current) === JSON.stringify(initial[sibling]);
    const value = typeof source === 'function' ? source(record) : record[source];
    if (empty && value !== undefined && value !== null) patch[sibling] = value;
  }
  return patch;
}

/**
 * What choosing a referenced record fills in its neighbours (a line's product → the line's
 * description, unit and unit price). Registered by the module that owns the screen, keyed by
 * `resource.listField.referenceField`; only neighbours that are empty (or still at their initial
 * value) are filled, so nothing the user typed is overwritten.
 */
import { catalogueEntry } from '../catalogue';
import { apiPath } from './paths';
import { request } from './transport';
import type { Row } from './useList';

/** Sibling field → field of the referenced record. */
export type FillMap = Readonly<Record<string, string>>;

const fills = new Map<string, FillMap>();

export function registerReferenceFill(key: string, map: FillMap): void {
  fills.set(key, map);
}

export const referenceFill = (key: string): FillMap | undefined => fills.get(key);

/** Fetches the referenced record and answers the patch for the empty siblings. */
export async function fillPatch(target: string, id: string, map: FillMap, siblings: Readonly<Record<string, unknown>>, initial: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const resource = catalogueEntry(target);
  if (!resource) return {};
  const record = await request<Row>(resource.api, apiPath(resource, {}, id), { silent: true });
  const patch: Record<string, unknown> = {};
  for (const [sibling, source] of Object.entries(map)) {
    const current = siblings[sibling];
    const empty = current === null || current === undefined || current === '' || current === initial[sibling];
    if (empty && record[source] !== undefined && record[source] !== null) patch[sibling] = record[source];
  }
  return patch;
}

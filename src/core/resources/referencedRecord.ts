/**
 * A record a form's reference names, through the query cache (`[target, 'record', id]`): the fill
 * of the chosen ordem (fills.ts) and the selects of its lines (referencedLines.ts) share one
 * request; a change of that record (its save, a transition) marks it stale, a sign-out drops it.
 */
import { catalogueEntry } from '../catalogue';
import { fetchQuery } from './cache';
import { apiPath } from './paths';
import { request } from './transport';
import type { Row } from './useList';

/** The record `id` of `target` (null: no such declaration in the catalogue). */
export function readReferenced(target: string, id: string): Promise<Row | null> {
  const resource = catalogueEntry(target);
  if (!resource) return Promise.resolve(null);
  return fetchQuery<Row>([target, 'record', id], (signal) => request<Row>(resource.api, apiPath(resource, {}, id), { signal, silent: true }));
}

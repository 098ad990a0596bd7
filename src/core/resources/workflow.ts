/**
 * Client side of a declaration's workflow (contracts/workflow.ts): the transitions a record
 * offers now (exactly its `_actions`, never a system one), running one with the version the user
 * saw, and the status history. Both refresh through the query cache.
 */
import { ifMatch, type AnyResource } from '../../contracts/resource';
import { findTransition, type HistoryEntry, type Transition } from '../../contracts/workflow';
import { invalidate, useQuery } from './cache';
import { apiPath, type PathParams } from './paths';
import { request } from './transport';
import type { Row } from './useList';

/** The transitions of `record._actions`, in the declaration's order; system ones never. */
export function offeredTransitions(resource: AnyResource, record: Pick<Row, '_actions'>): Transition[] {
  const workflow = resource.workflow;
  if (!workflow) return [];
  const allowed = new Set(record._actions ?? []);
  return workflow.transitions.filter((transition) => allowed.has(transition.name) && !transition.system);
}

/** The record's state label and tone, or null when the resource has no workflow. */
export function stateOf(resource: AnyResource, record: Record<string, unknown>) {
  const workflow = resource.workflow;
  if (!workflow) return null;
  const value = String(record[workflow.field] ?? '');
  const state = workflow.states[value];
  return state ? { value, ...state } : null;
}

/** True when the record's state locks every field (no edit button). */
export function lockedAll(resource: AnyResource, record: Record<string, unknown>): boolean {
  return stateOf(resource, record)?.locked === 'all';
}

/**
 * `POST {path}/{id}/actions/{name}` with `If-Match: "<version>"` and the transition's input.
 * `Idempotency-Key` when given (a retry of the same submission sends the same key).
 * Silent: the screen shows a 409/412 itself. Every query of the resource is invalidated after.
 */
export async function runTransition(resource: AnyResource, params: PathParams, record: Pick<Row, 'id' | 'version'>, name: string, body: Record<string, unknown> = {}, idempotencyKey?: string): Promise<Row> {
  if (resource.workflow && !findTransition(resource.workflow, name)) throw new Error(`Unknown transition ${name}`);
  const saved = await request<Row>(resource.api, apiPath(resource, params, record.id, `actions/${encodeURIComponent(name)}`), {
    method: 'POST',
    body,
    headers: { 'If-Match': ifMatch(record.version), ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    silent: (error) => error.status === 409 || error.status === 412 || error.status === 400,
  });
  void invalidate([resource.name]);
  return saved;
}

/** `GET {path}/{id}/history`, cached under the resource (a transition refreshes it). */
export function useHistory(resource: AnyResource, params: PathParams, id: string | undefined) {
  const path = id ? apiPath(resource, params, id, 'history') : '';
  return useQuery<HistoryEntry[]>(id && resource.workflow ? [resource.name, 'history', id, path] : null, (signal) => request<HistoryEntry[]>(resource.api, path, { signal, silent: true }));
}

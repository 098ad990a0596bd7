/**
 * The routes the registry generates for a declaration (the plugin registers exactly these; the
 * permission-matrix test loops over them). Paths are relative to the family's prefix and keep
 * the declaration's `{param}` placeholders; `{id}` names a record.
 */
import type { AnyResource, ExportFormat, Scope } from '../../src/contracts/resource.js';
import { userTransitions } from '../../src/contracts/workflow.js';
import { EXPORT_FORMATS } from '../../src/contracts/resource.js';

export type RouteKind = 'list' | 'totals' | 'bulkTransition' | 'export' | 'create' | 'get' | 'update' | 'delete' | 'bulk' | 'action' | 'transition' | 'history' | 'audit' | 'singletonGet' | 'singletonPut';

export interface RouteSpec {
  kind: RouteKind;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  scope: Scope;
  /** Bulk and row actions, transitions: the action's name. */
  action?: string;
  /** Transitions with their own permission (the requester queue's atesto). */
  permission?: string;
  format?: ExportFormat;
}

export function routeTable(resource: AnyResource): RouteSpec[] {
  const base = resource.path;
  if (resource.kind === 'singleton') {
    return [
      { kind: 'singletonGet', method: 'GET', path: base, scope: 'read' },
      { kind: 'singletonPut', method: 'PUT', path: base, scope: 'update' },
    ];
  }
  const routes: RouteSpec[] = [
    { kind: 'list', method: 'GET', path: base, scope: 'read' },
    ...(resource.list?.totals ? [{ kind: 'totals', method: 'GET', path: `${base}/totals`, scope: 'read' } satisfies RouteSpec] : []),
    ...(resource.list ? EXPORT_FORMATS.map((format): RouteSpec => ({ kind: 'export', method: 'GET', path: `${base}/export.${format}`, scope: 'export', format })) : []),
    ...(resource.bornOf ? [] : [{ kind: 'create', method: 'POST', path: base, scope: 'create' } satisfies RouteSpec]),
    { kind: 'get', method: 'GET', path: `${base}/{id}`, scope: 'read' },
    { kind: 'update', method: 'PUT', path: `${base}/{id}`, scope: 'update' },
    ...(resource.bornOf ? [] : [{ kind: 'delete', method: 'DELETE', path: `${base}/{id}`, scope: 'delete' } satisfies RouteSpec]),
    { kind: 'audit', method: 'GET', path: `${base}/{id}/audit`, scope: 'read' },
  ];
  for (const action of resource.actions ?? []) {
    if (action.bulk) routes.push({ kind: 'bulk', method: 'POST', path: `${base}/bulk/${action.name}`, scope: action.scope, action: action.name });
    // `delete` as a row action is the built-in DELETE.
    if (action.row && action.name !== 'delete') routes.push({ kind: 'action', method: 'POST', path: `${base}/{id}/actions/${action.name}`, scope: action.scope, action: action.name });
  }
  if (resource.workflow) {
    for (const transition of userTransitions(resource.workflow)) {
      const permission = transition.permission;
      routes.push({ kind: 'transition', method: 'POST', path: `${base}/{id}/actions/${transition.name}`, scope: transition.scope, action: transition.name, permission });
      if (transition.bulk) routes.push({ kind: 'bulkTransition', method: 'POST', path: `${base}/bulk/${transition.name}`, scope: transition.scope, action: transition.name, permission });
    }
    routes.push({ kind: 'history', method: 'GET', path: `${base}/{id}/history`, scope: 'read' });
  }
  return routes;
}

/** Fastify's form of a path (`{param}` → `:param`). */
export const fastifyPath = (path: string) => `/${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * The generic CRUD plugin: for every declaration of an API family (src/contracts/resources),
 * the routes of `routeTable()` with
 * - authentication (`requireAccess`) and the permission scope of the route
 *   (`requireScope(declaration.permission, scope)`; SystemOwner-only resources refuse everyone
 *   else), checked before the body is even validated;
 * - validation from the declaration (write schema: writable fields only, unknown keys refused;
 *   querystring: reserved parameters and the declared filters only);
 * - tenant from the token only: every unit of work runs in `withTenant()` (row-level security)
 *   and filters by the tenant and the parent explicitly; a record of another tenant answers
 *   exactly like a missing one (404);
 * - paging (Link + X-Total-Count), sorting, filters and search; `_refs` on reads;
 * - optimistic versions (If-Match → 428 / 412 with the current record);
 * - an audit entry (before → after) for every mutation, and for every call of a SystemOwner
 *   resource (they cross tenants);
 * - OpenAPI entries from the same schemas.
 * A resource that needs more adds its own routes next to these (they share the prefix).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { ownershipOf, parseIfMatch, type AnyResource, type ApiFamily } from '../../src/contracts/resource.js';
import { bulkRequest, bulkResult, recordSchema, staleBody, totalsResult, writeSchema } from '../../src/contracts/resourceSchemas.js';
import { findResource, resourceList } from '../../src/contracts/resources/index.js';
// The declarations' heavier checks (a parcela's boleto / PIX payload) run in every write schema here.
import '../../src/contracts/validation/provide.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { bulkTransitionRequest, historyEntry, transitionInput } from '../../src/contracts/workflowSchemas.js';
import { idempotencyKey, onceAcrossTransactions, onceInTransaction } from './idempotency.js';
import { auditEntry, auditQuery } from '../../src/contracts/audit.js';
import type { AppContext } from '../context.js';
import { forbidden, HttpError, MESSAGES } from '../errors.js';
import { hasScope, heldScopes } from '../identity/users.js';
import { scopeSubject } from '../identity/guard.js';
import { EXPORT_TYPES, exportColumns, exportFileName, exportQuerystring, MAX_EXPORT_ROWS, toCsv, toXlsx } from './export.js';
import { actionHandler } from './declared.js';
import { registerListPreferences } from './preferences.js';
import { linkHeader, listQuerystring, parseListQuery } from './query.js';
import { checkReferences, completeValues, databaseError, totalRecords } from './records.js';
import { eachRecord } from './bulk-each.js';
import { fastifyPath, routeTable, type RouteSpec } from './route-table.js';
import type { Call, ResourceStorage, StorageLookup, Storages, Trx, Values, WireRecord } from './storage.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Ownership `own`: the caller reaches only the records they created. */
    ownOnly?: boolean;
  }
}

const BEARER = [{ bearerAuth: [] }];
/** A path parameter (a record's id, a parent's): one schema for every route. */
const PATH_PARAM = z.string().check(z.maxLength(200));
const jsonSerializer = () => (data: unknown) => JSON.stringify(data);

export interface RegistryOptions {
  family: ApiFamily;
  storages: Storages;
  /** Storages of other families (references cross families: a bill's supplier, a department's manager). */
  lookup?: StorageLookup;
}

/** Registers the generated routes of every declaration of `options.family` (under the family's prefix). */
export function registryPlugin(ctx: AppContext, options: RegistryOptions) {
  return async function registry(app: FastifyInstance) {
    for (const resource of resourceList) {
      if (resource.api !== options.family) continue;
      const storage = options.storages[resource.name];
      if (!storage) throw new Error(`Resource "${resource.name}" of family ${options.family} has no storage`);
      if (resource.parent && !storage.parent) throw new Error(`Resource "${resource.name}" is nested but its storage has no parent column`);
      if (resource.kind === 'singleton' && !storage.singleton) throw new Error(`Resource "${resource.name}" is a singleton but its storage has no singleton`);
      registerResource(app, ctx, resource, storage, options);
    }
  };
}

function registerResource(app: FastifyInstance, ctx: AppContext, resource: AnyResource, storage: ResourceStorage, options: RegistryOptions) {
  const { storages } = options;
  const lookup: StorageLookup = (name) => (Object.prototype.hasOwnProperty.call(storages, name) ? storages[name] : options.lookup?.(name));
  const service = ctx.records(resource.name);
  const record = recordSchema(resource);
  const body = writeSchema(resource);
  const tags = [resource.labels.many];
  // Built once per declaration, not per route: every route of it shares the two (issue 23: a
  // zod object per route was ~100 ms of the start).
  const paramsOf = (withId: boolean) => {
    const shape: Record<string, z.core.$ZodType> = {};
    for (const name of resource.path.match(/\{(\w+)\}/g) ?? []) shape[name.slice(1, -1)] = PATH_PARAM;
    if (withId) shape.id = PATH_PARAM;
    return Object.keys(shape).length ? { params: z.object(shape) } : {};
  };
  const paramsWithId = paramsOf(true);
  const paramsWithoutId = paramsOf(false);
  const pathParams = (withId: boolean) => (withId ? paramsWithId : paramsWithoutId);

  // ---------------------------------------------------------------- access
  const systemOwnerOnly: preValidationHookHandler = async (request) => {
    if (request.auth?.accessLevel !== 'SystemOwner') throw forbidden();
  };
  const userOf = (request: FastifyRequest) => {
    const auth = request.auth;
    if (!auth) throw forbidden();
    return scopeSubject(auth);
  };
  /** Kinds a creator may use on their own records without the scope (ownership `own`); deleting still needs the delete scope, as the client offers it. */
  const OWN_KINDS = new Set(['list', 'totals', 'get', 'update', 'delete', 'history', 'audit', 'transition', 'bulkTransition']);
  const ownership = ownershipOf(resource);
  function scopeCheck(spec: RouteSpec): preValidationHookHandler[] {
    const hooks: preValidationHookHandler[] = [];
    if (resource.systemOwnerOnly) hooks.push(systemOwnerOnly);
    const alternatives = storage.idPermissions;
    if (alternatives && (spec.kind === 'get' || spec.kind === 'audit')) {
      hooks.push(async (request) => {
        const user = userOf(request);
        const id = (request.params as { id?: string }).id ?? '';
        if (await hasScope(ctx.db, user, resource.permission, spec.scope)) return;
        const alternative = Object.prototype.hasOwnProperty.call(alternatives, id) ? alternatives[id] : undefined;
        if (alternative && (await hasScope(ctx.db, user, alternative, spec.scope))) return;
        throw forbidden();
      });
    } else if (spec.permission) {
      // A transition checked on its own permission (the requester queue's atesto); the service
      // checks the record's named actor.
      hooks.push(app.requireScope(spec.permission, spec.scope) as preValidationHookHandler);
    } else if (ownership && OWN_KINDS.has(spec.kind) && !((spec.kind === 'transition' || spec.kind === 'bulkTransition') && spec.scope !== 'create')) {
      hooks.push(async (request) => {
        const user = userOf(request);
        const scopes = await heldScopes(ctx.db, user, resource.permission);
        if (scopes === 'all' || (scopes.has(spec.scope) && scopes.has('read'))) return;
        if (spec.kind === 'delete' && !scopes.has('delete')) throw forbidden();
        // Whoever does not read every record acts only on their own, even with the route's scope
        // (a requester cancels their own pedidos, never another's).
        const owns = ownership.permission === resource.permission ? scopes.has('create') : await hasScope(ctx.db, user, ownership.permission, 'create');
        if (owns) request.ownOnly = true;
        else if (!scopes.has(spec.scope)) throw forbidden();
      });
    } else {
      hooks.push(app.requireScope(resource.permission, spec.scope) as preValidationHookHandler);
    }
    return hooks;
  }

  /** A record's own failure in a bulk chunk, as the unit of work would have answered it (a duplicate → 409). */
  const toHttp = (error: unknown) => databaseError(error, storage);
  const run = <T>(request: FastifyRequest, fn: (trx: Trx, call: Call) => Promise<T>) =>
    service.run(request.auth!, { request, params: request.params as Record<string, string>, ownOnly: request.ownOnly }, fn);

  function expectedVersion(request: FastifyRequest, required: boolean): number | undefined {
    const header = request.headers['if-match'];
    if (header === undefined || header === '') {
      if (required) throw new HttpError(428, MESSAGES.ifMatchRequired);
      return undefined;
    }
    const version = parseIfMatch(Array.isArray(header) ? header[0] : header);
    if (version === null) throw new HttpError(400, MESSAGES.validation, { 'If-Match': ['Versão inválida.'] });
    return version;
  }

  // ---------------------------------------------------------------- routes
  // The caller's own columns and saved filters of the list (whoever reads the list keeps theirs).
  if (resource.list && resource.kind !== 'singleton') {
    const listSpec: RouteSpec = { kind: 'list', method: 'GET', path: resource.path, scope: 'read' };
    registerListPreferences(app, ctx, resource, fastifyPath(`${resource.path}/preferences`), scopeCheck(listSpec));
  }
  for (const spec of routeTable(resource)) {
    const url = fastifyPath(spec.path);
    const common = { onRequest: app.requireAccess, preValidation: scopeCheck(spec), serializerCompiler: jsonSerializer };
    const summary = summaryOf(resource, spec);
    switch (spec.kind) {
      case 'list': {
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), querystring: listQuerystring(resource, true), response: { 200: z.array(record) } } }, async (request, reply) => {
          const query = request.query as Record<string, unknown>;
          const parsed = parseListQuery(resource, storage, query);
          const { records, count } = await run(request, async (trx, call) => {
            const page = await service.list(trx, call, parsed, query);
            if (resource.systemOwnerOnly) await service.log(trx, call, { action: `${resource.name}.list`, after: { total: page.count.total, capped: page.count.capped, query } });
            return page;
          });
          if (count.capped) reply.header('x-total-count-over', String(count.total));
          else reply.header('x-total-count', String(count.total));
          reply.header('link', linkHeader(request.url, parsed.page, parsed.perPage, count.capped ? null : count.total, records.length === parsed.perPage));
          return records;
        });
        break;
      }
      case 'export': {
        const format = spec.format!;
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), querystring: exportQuerystring(listQuerystring(resource, false)), produces: [EXPORT_TYPES[format].split(';')[0]] } }, async (request, reply) => {
          const { columns: shown, ...query } = request.query as Record<string, unknown>;
          const columns = exportColumns(resource, typeof shown === 'string' ? shown : undefined);
          const parsed = parseListQuery(resource, storage, query);
          const records = await run(request, async (trx, call) => {
            const records = await service.listAll(trx, call, parsed, query, MAX_EXPORT_ROWS);
            await service.log(trx, call, { action: `${resource.name}.export`, after: { format, rows: records.length, query } });
            return records;
          });
          const file = format === 'csv' ? toCsv(resource, records, columns) : toXlsx(resource, records, columns);
          const name = exportFileName(resource, ctx.clock(), format);
          return reply.type(EXPORT_TYPES[format]).header('content-disposition', `attachment; filename="${name}"`).send(file);
        });
        break;
      }
      case 'get': {
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), response: { 200: record } } }, async (request) => {
          const { id } = request.params as { id: string };
          return run(request, async (trx, call) => {
            const found = await service.get(trx, call, id);
            if (resource.systemOwnerOnly) await service.log(trx, call, { action: `${resource.name}.read`, entityId: found.id });
            return found;
          });
        });
        break;
      }
      case 'history': {
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), response: { 200: z.array(historyEntry) } } }, async (request) => {
          const { id } = request.params as { id: string };
          return run(request, (trx, call) => service.history(trx, call, id));
        });
        break;
      }
      case 'audit': {
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), querystring: auditQuery, response: { 200: z.array(auditEntry) } } }, async (request, reply) => {
          const { id } = request.params as { id: string };
          const { page, perPage } = request.query as { page: number; perPage: number };
          const { entries, total } = await run(request, (trx, call) => service.auditTrail(trx, call, id, page, perPage));
          reply.header('x-total-count', String(total));
          reply.header('link', linkHeader(request.url, page, perPage, total));
          return entries;
        });
        break;
      }
      case 'create': {
        // The family serves this POST itself (import batches: a multipart upload).
        if (storage.ownCreate) break;
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), body, response: { 201: record } } }, async (request, reply) => {
          const created = await run(request, async (trx, call) => {
            const after = await service.create(trx, call, request.body as Values, {}, { chosenByPerson: true });
            await service.addActions(trx, call, [after]);
            return after;
          });
          const path = request.url.split('?')[0].replace(/\/+$/, '');
          return reply.code(201).header('location', `${path}/${encodeURIComponent(created.id)}`).send(created);
        });
        break;
      }
      case 'update': {
        app.put(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), body, response: { 200: record, 412: staleBody } } }, async (request) => {
          const { id } = request.params as { id: string };
          const version = expectedVersion(request, true);
          return run(request, async (trx, call) => {
            const after = await service.update(trx, call, id, request.body as Values, version, { chosenByPerson: true });
            await service.addActions(trx, call, [after]);
            return after;
          });
        });
        break;
      }
      case 'delete': {
        app.delete(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true) } }, async (request, reply) => {
          const { id } = request.params as { id: string };
          const version = expectedVersion(request, false);
          await run(request, (trx, call) => service.remove(trx, call, id, version));
          return reply.code(204).send();
        });
        break;
      }
      case 'bulk': {
        const action = spec.action!;
        if (action !== 'delete' && !actionHandler(resource, storage, action)) throw new Error(`Action "${action}" of "${resource.name}" has no handler`);
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), body: bulkRequest, response: { 200: bulkResult } } }, async (request) => {
          const ids = [...new Set((request.body as { ids: string[] }).ids)];
          // A parent outside the tenant answers 404 for the whole call, like a missing one.
          if (resource.parent) await run(request, async () => null);
          const readAhead = action === 'delete' ? undefined : (trx: Trx, call: Call, chunk: readonly string[]) => service.prefetch(trx, call, chunk, action);
          return eachRecord((fn) => run(request, fn), request.log, ids, (trx, call, id) => (action === 'delete' ? service.remove(trx, call, id, undefined) : service.runAction(trx, call, id, action, {}, undefined)), toHttp, readAhead);
        });
        break;
      }
      case 'action': {
        const action = spec.action!;
        if (!actionHandler(resource, storage, action)) throw new Error(`Action "${action}" of "${resource.name}" has no handler`);
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), response: { 200: record } } }, async (request) => {
          const { id } = request.params as { id: string };
          const version = expectedVersion(request, false);
          return run(request, async (trx, call) => {
            const after = await service.runAction(trx, call, id, action, {}, version);
            await service.addActions(trx, call, [after]);
            return after;
          });
        });
        break;
      }
      case 'transition': {
        const transition = findTransition(resource.workflow!, spec.action!)!;
        if (actionHandler(resource, storage, transition.name)) throw new Error(`"${resource.name}" declares "${transition.name}" both as an action and a transition`);
        const input = transitionInput(transition);
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), body: z.optional(input), response: { 200: record, 412: staleBody } } }, async (request) => {
          const { id } = request.params as { id: string };
          const version = expectedVersion(request, true);
          const key = transition.idempotent ? idempotencyKey(request) : undefined;
          return run(request, (trx, call) =>
            onceInTransaction(trx, call, request, key, async () => {
              const after = await service.runAction(trx, call, id, transition.name, (request.body ?? {}) as Values, version);
              await service.addActions(trx, call, [after]);
              return after;
            }),
          );
        });
        break;
      }
      case 'bulkTransition': {
        const transition = findTransition(resource.workflow!, spec.action!)!;
        const input = transitionInput(transition);
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), body: bulkTransitionRequest, response: { 200: bulkResult } } }, async (request) => {
          const body = request.body as { ids: string[]; input?: Values };
          const parsed = input.safeParse(body.input ?? {});
          if (!parsed.success) throw new HttpError(400, MESSAGES.validation, issuesToErrors(parsed.error.issues, 'input'));
          const ids = [...new Set(body.ids)];
          const key = transition.idempotent ? idempotencyKey(request) : undefined;
          return onceAcrossTransactions((fn) => run(request, fn), request, key, () =>
            eachRecord((fn) => run(request, fn), request.log, ids, (trx, call, id) => service.runAction(trx, call, id, transition.name, parsed.data as Values, undefined), toHttp, (trx, call, chunk) =>
              service.prefetch(trx, call, chunk, transition.name),
            ),
          );
        });
        break;
      }
      case 'totals': {
        const totals = resource.list!.totals!;
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), querystring: listQuerystring(resource, false), response: { 200: totalsResult } } }, async (request) => {
          const query = request.query as Record<string, unknown>;
          const parsed = parseListQuery(resource, storage, query);
          return run(request, (trx, call) => totalRecords(trx, call, storage, service.narrow(call, parsed, query), totals.sum, totals.groupBy ?? []));
        });
        break;
      }
      case 'singletonGet': {
        const singleton = storage.singleton!;
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, response: { 200: record } } }, async (request) =>
          run(request, async (trx, call) => {
            const current = await singleton.get(trx, call, false);
            await service.decorate(trx, call, [current]);
            return current;
          }),
        );
        break;
      }
      case 'singletonPut': {
        const singleton = storage.singleton!;
        app.put(url, { ...common, schema: { tags, summary, security: BEARER, body, response: { 200: record, 412: staleBody } } }, async (request) => {
          const version = expectedVersion(request, true);
          const values = completeValues(resource, request.body as Values);
          return run(request, async (trx, call) => {
            const before = await singleton.get(trx, call, true);
            if (before.version !== version) return service.stale(trx, call, before);
            await service.validate(call, values);
            await checkReferences(trx, call, lookup, values, findResource);
            const after = await singleton.put(trx, call, values, before);
            await service.log(trx, call, { action: `${resource.name}.update`, entityId: after.id, before: strip(before), after: strip(after) });
            return after;
          });
        });
        break;
      }
    }
  }
}

const strip = ({ _refs, _actions, ...rest }: WireRecord) => rest;

/** Zod issues of a bulk transition's input → field errors named `input.<field>`. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[[prefix, ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  return errors;
}

function summaryOf(resource: AnyResource, spec: RouteSpec): string {
  const { one, many } = resource.labels;
  const transition = spec.action ? resource.workflow?.transitions.find((t) => t.name === spec.action) : undefined;
  const keyNote = transition?.idempotent ? '; aceita Idempotency-Key' : '';
  switch (spec.kind) {
    case 'list':
      return `Lista ${many} (paginação, ordenação, filtros e busca)`;
    case 'totals':
      return `Totais de ${many} filtrados (soma e agrupamentos)`;
    case 'bulkTransition':
      return `${transition?.label ?? spec.action} (${many}, em lote${keyNote})`;
    case 'export':
      return `Exporta ${many} em ${spec.format!.toUpperCase()}`;
    case 'create':
      return `Cria ${one}`;
    case 'get':
      return `${one}: detalhes`;
    case 'update':
      return `Altera ${one} (If-Match obrigatório)`;
    case 'delete':
      return `Exclui ${one}`;
    case 'bulk':
      return `${resource.actions?.find((a) => a.name === spec.action)?.label ?? spec.action} (${many}, em lote)`;
    case 'action':
      return `${resource.actions?.find((a) => a.name === spec.action)?.label ?? spec.action} (${one})`;
    case 'transition':
      return `${transition?.label ?? spec.action} (${one}; If-Match obrigatório; 409 fora do estado de origem${keyNote})`;
    case 'history':
      return `${one}: histórico de situações`;
    case 'audit':
      return `${one}: histórico de alterações (auditoria, paginado)`;
    case 'singletonGet':
      return `${one}: leitura`;
    case 'singletonPut':
      return `${one}: alteração (If-Match obrigatório)`;
  }
}


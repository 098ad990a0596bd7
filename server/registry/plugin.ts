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
import { bulkRequest, bulkResult, parseIfMatch, recordSchema, staleBody, writeSchema, type AnyResource, type ApiFamily } from '../../src/contracts/resource.js';
import { findResource, resourceList } from '../../src/contracts/resources/index.js';
import { audit, type AuditEntry } from '../audit.js';
import type { AppContext } from '../context.js';
import { asSystemOwner, withTenant } from '../db/tenant.js';
import { forbidden, HttpError, MESSAGES } from '../errors.js';
import { hasScope } from '../identity/users.js';
import { EXPORT_TYPES, MAX_EXPORT_ROWS, toCsv, toXlsx } from './export.js';
import { linkHeader, listQuerystring, parseListQuery } from './query.js';
import {
  addRefs,
  checkReferences,
  checkTree,
  columnValues,
  completeValues,
  countRecords,
  databaseError,
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  notFound,
  updateRecord,
} from './records.js';
import { fastifyPath, routeTable, type RouteSpec } from './route-table.js';
import type { Call, ResourceStorage, StorageLookup, Storages, Trx, Values, WireRecord } from './storage.js';

const BEARER = [{ bearerAuth: [] }];
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
  const record = recordSchema(resource);
  const body = writeSchema(resource);
  const tags = [resource.labels.many];
  const pathParams = (withId: boolean) => {
    const shape: Record<string, z.core.$ZodType> = {};
    for (const name of resource.path.match(/\{(\w+)\}/g) ?? []) shape[name.slice(1, -1)] = z.string().check(z.maxLength(200));
    if (withId) shape.id = z.string().check(z.maxLength(200));
    return Object.keys(shape).length ? { params: z.object(shape) } : {};
  };

  // ---------------------------------------------------------------- access
  const systemOwnerOnly: preValidationHookHandler = async (request) => {
    if (request.auth?.accessLevel !== 'SystemOwner') throw forbidden();
  };
  function scopeCheck(spec: RouteSpec): preValidationHookHandler[] {
    const hooks: preValidationHookHandler[] = [];
    if (resource.systemOwnerOnly) hooks.push(systemOwnerOnly);
    const alternatives = storage.idPermissions;
    if (alternatives && spec.kind === 'get') {
      hooks.push(async (request) => {
        const auth = request.auth;
        if (!auth) throw forbidden();
        const user = { id: auth.userId, orgId: auth.orgId, accessLevel: auth.accessLevel };
        const id = (request.params as { id?: string }).id ?? '';
        if (await hasScope(ctx.db, user, resource.permission, spec.scope)) return;
        const alternative = Object.prototype.hasOwnProperty.call(alternatives, id) ? alternatives[id] : undefined;
        if (alternative && (await hasScope(ctx.db, user, alternative, spec.scope))) return;
        throw forbidden();
      });
    } else {
      hooks.push(app.requireScope(resource.permission, spec.scope) as preValidationHookHandler);
    }
    return hooks;
  }

  // ---------------------------------------------------------------- unit of work
  async function run<T>(request: FastifyRequest, fn: (trx: Trx, call: Call) => Promise<T>): Promise<T> {
    const auth = request.auth!;
    const call: Call = {
      ctx,
      request,
      resource,
      userId: auth.userId,
      orgId: auth.orgId,
      accessLevel: auth.accessLevel,
      tenant: storage.tenantColumn ? auth.orgId : null,
      afterCommit: [],
    };
    const params = request.params as Record<string, string>;
    const work = async (trx: Trx) => {
      if (resource.parent && storage.parent) {
        const parentId = await storage.parent.resolve(trx, call, params[resource.parent.param] ?? '');
        if (!parentId) throw notFound();
        call.parentId = parentId;
      }
      return fn(trx, call);
    };
    let result: T;
    try {
      result = storage.tenantColumn ? await withTenant(ctx.tenantDb, auth.orgId, work) : await asSystemOwner(ctx.tenantDb, work);
    } catch (error) {
      throw databaseError(error, storage);
    }
    for (const task of call.afterCommit) ctx.background(task);
    return result;
  }

  const log = (trx: Trx, call: Call, entry: Omit<AuditEntry, 'orgId' | 'actorUserId' | 'entityType'>) =>
    audit(trx, ctx.clock(), { orgId: call.tenant ?? call.orgId, actorUserId: call.userId, entityType: resource.name, ...entry }, call.request);
  const resolveTarget = (name: string) => findResource(name);
  const strip = ({ _refs, ...rest }: WireRecord) => rest;

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

  async function stale(trx: Trx, call: Call, current: WireRecord): Promise<never> {
    await addRefs(trx, call, lookup, [current], resolveTarget);
    throw new HttpError(412, MESSAGES.stale, undefined, undefined, { current });
  }

  /** Update of one record (PUT and actions): lock, version, references, hooks, audit. */
  async function update(trx: Trx, call: Call, rawId: string, patch: (before: WireRecord) => Promise<Values | null>, version: number | undefined, action: string): Promise<WireRecord> {
    const id = await recordId(trx, call, rawId);
    const before = await findRecord(trx, call, storage, id, true);
    if (!before) throw notFound();
    if (version !== undefined && before.version !== version) return stale(trx, call, before);
    const changes = await patch(before);
    if (!changes) return before;
    // Actions may change server-managed fields (a bill's status): those go straight to their columns.
    const managed = columnValues(resource, storage, changes, true);
    const values = completeValues(resource, { ...writableOf(before), ...changes });
    await validate(call, values);
    await checkReferences(trx, call, lookup, values, resolveTarget);
    await checkTree(trx, call, storage, id, values);
    const extra = await storage.beforeUpdate?.(trx, call, values, before);
    await updateRecord(trx, call, storage, id, values, { ...managed, ...extra });
    const after = (await findRecord(trx, call, storage, id))!;
    await storage.afterUpdate?.(trx, call, after, before);
    await log(trx, call, { action, entityId: id, before: strip(before), after: strip(after) });
    return after;
  }

  async function remove(trx: Trx, call: Call, rawId: string, version: number | undefined, action: string): Promise<void> {
    const id = await recordId(trx, call, rawId);
    const before = await findRecord(trx, call, storage, id, true);
    if (!before) throw notFound();
    if (version !== undefined && before.version !== version) return stale(trx, call, before);
    await storage.beforeDelete?.(trx, call, before);
    if (storage.remove) await storage.remove(trx, call, before);
    else await deleteRecord(trx, call, storage, id);
    await log(trx, call, { action, entityId: id, before: strip(before) });
  }

  /** Rules across fields (storage.validate): 400 with field errors. */
  async function validate(call: Call, values: Values): Promise<void> {
    const errors = storage.validate ? await storage.validate(values, call) : {};
    if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
  }

  /** The record id a path names (`current` and other aliases resolved). */
  async function recordId(trx: Trx, call: Call, id: string): Promise<string> {
    const alias = storage.aliasIds && Object.prototype.hasOwnProperty.call(storage.aliasIds, id) ? storage.aliasIds[id] : undefined;
    return alias ? ((await alias(trx, call)) ?? id) : id;
  }

  function writableOf(record: WireRecord): Values {
    const values: Values = {};
    for (const [field, def] of Object.entries(resource.fields)) if (!def.readOnly) values[field] = record[field];
    return values;
  }

  // ---------------------------------------------------------------- routes
  for (const spec of routeTable(resource)) {
    const url = fastifyPath(spec.path);
    const common = { onRequest: app.requireAccess, preValidation: scopeCheck(spec), serializerCompiler: jsonSerializer };
    const summary = summaryOf(resource, spec);
    switch (spec.kind) {
      case 'list': {
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), querystring: listQuerystring(resource, true), response: { 200: z.array(record) } } }, async (request, reply) => {
          const parsed = parseListQuery(resource, storage, request.query as Record<string, unknown>);
          const { records, count } = await run(request, async (trx, call) => {
            const count = await countRecords(trx, call, storage, parsed);
            const records = await listRecords(trx, call, storage, parsed, { limit: parsed.perPage, offset: (parsed.page - 1) * parsed.perPage }, count.capped);
            await addRefs(trx, call, lookup, records, resolveTarget);
            if (resource.systemOwnerOnly) await log(trx, call, { action: `${resource.name}.list`, after: { total: count.total, capped: count.capped, query: request.query } });
            return { records, count };
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
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), querystring: listQuerystring(resource, false), produces: [EXPORT_TYPES[format].split(';')[0]] } }, async (request, reply) => {
          const parsed = parseListQuery(resource, storage, request.query as Record<string, unknown>);
          const records = await run(request, async (trx, call) => {
            const records = await listRecords(trx, call, storage, parsed, { limit: MAX_EXPORT_ROWS, offset: 0 });
            await addRefs(trx, call, lookup, records, resolveTarget);
            await log(trx, call, { action: `${resource.name}.export`, after: { format, rows: records.length, query: request.query } });
            return records;
          });
          const file = format === 'csv' ? toCsv(resource, records) : toXlsx(resource, records);
          const name = `${resource.name}-${ctx.clock().toISOString().slice(0, 10)}.${format}`;
          return reply.type(EXPORT_TYPES[format]).header('content-disposition', `attachment; filename="${name}"`).send(file);
        });
        break;
      }
      case 'get': {
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), response: { 200: record } } }, async (request) => {
          const { id } = request.params as { id: string };
          return run(request, async (trx, call) => {
            const found = await findRecord(trx, call, storage, await recordId(trx, call, id));
            if (!found) throw notFound();
            await addRefs(trx, call, lookup, [found], resolveTarget);
            if (resource.systemOwnerOnly) await log(trx, call, { action: `${resource.name}.read`, entityId: found.id });
            return found;
          });
        });
        break;
      }
      case 'create': {
        // The family serves this POST itself (import batches: a multipart upload).
        if (storage.ownCreate) break;
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), body, response: { 201: record } } }, async (request, reply) => {
          const values = request.body as Values;
          const created = await run(request, async (trx, call) => {
            await validate(call, values);
            await checkReferences(trx, call, lookup, values, resolveTarget);
            const extra = await storage.beforeCreate?.(trx, call, values);
            const id = await insertRecord(trx, call, storage, values, extra ?? {});
            const after = (await findRecord(trx, call, storage, id))!;
            await storage.afterCreate?.(trx, call, after);
            await log(trx, call, { action: `${resource.name}.create`, entityId: id, after: strip(after) });
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
          const values = request.body as Values;
          return run(request, (trx, call) => update(trx, call, id, async () => values, version, `${resource.name}.update`));
        });
        break;
      }
      case 'delete': {
        app.delete(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true) } }, async (request, reply) => {
          const { id } = request.params as { id: string };
          const version = expectedVersion(request, false);
          await run(request, (trx, call) => remove(trx, call, id, version, `${resource.name}.delete`));
          return reply.code(204).send();
        });
        break;
      }
      case 'bulk': {
        const action = spec.action!;
        const handler = action === 'delete' ? undefined : storage.actions?.[action];
        if (action !== 'delete' && !handler) throw new Error(`Action "${action}" of "${resource.name}" has no handler`);
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(false), body: bulkRequest, response: { 200: bulkResult } } }, async (request) => {
          const ids = [...new Set((request.body as { ids: string[] }).ids)];
          // A parent outside the tenant answers 404 for the whole call, like a missing one.
          if (resource.parent) await run(request, async () => null);
          const done: string[] = [];
          const failed: { id: string; message: string }[] = [];
          for (const id of ids) {
            try {
              await run<unknown>(request, (trx, call) =>
                handler ? update(trx, call, id, (before) => handler(trx, call, before), undefined, `${resource.name}.${action}`) : remove(trx, call, id, undefined, `${resource.name}.delete`),
              );
              done.push(id);
            } catch (error) {
              if (!(error instanceof HttpError)) request.log.error({ err: error, id }, 'bulk action failed');
              failed.push({ id, message: error instanceof HttpError ? errorText(error) : MESSAGES.internal });
            }
          }
          return { done, failed };
        });
        break;
      }
      case 'action': {
        const action = spec.action!;
        const handler = storage.actions?.[action];
        if (!handler) throw new Error(`Action "${action}" of "${resource.name}" has no handler`);
        app.post(url, { ...common, schema: { tags, summary, security: BEARER, ...pathParams(true), response: { 200: record } } }, async (request) => {
          const { id } = request.params as { id: string };
          return run(request, (trx, call) => update(trx, call, id, (before) => handler(trx, call, before), undefined, `${resource.name}.${action}`));
        });
        break;
      }
      case 'singletonGet': {
        const singleton = storage.singleton!;
        app.get(url, { ...common, schema: { tags, summary, security: BEARER, response: { 200: record } } }, async (request) =>
          run(request, async (trx, call) => {
            const current = await singleton.get(trx, call, false);
            await addRefs(trx, call, lookup, [current], resolveTarget);
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
            if (before.version !== version) return stale(trx, call, before);
            await validate(call, values);
            await checkReferences(trx, call, lookup, values, resolveTarget);
            const after = await singleton.put(trx, call, values, before);
            await log(trx, call, { action: `${resource.name}.update`, entityId: after.id, before: strip(before), after: strip(after) });
            return after;
          });
        });
        break;
      }
    }
  }
}

function errorText(error: HttpError): string {
  const details = Object.values(error.errors ?? {}).flat();
  return details.length ? `${error.message} ${details.join(' ')}` : error.message;
}

function summaryOf(resource: AnyResource, spec: RouteSpec): string {
  const { one, many } = resource.labels;
  switch (spec.kind) {
    case 'list':
      return `Lista ${many} (paginação, ordenação, filtros e busca)`;
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
    case 'singletonGet':
      return `${one}: leitura`;
    case 'singletonPut':
      return `${one}: alteração (If-Match obrigatório)`;
  }
}


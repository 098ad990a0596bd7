/**
 * The one place where a declaration's records are read and written (ARCHITECTURE "one service
 * layer"): list, get, create, update, remove and runAction (declared actions and workflow
 * transitions, one by one or `transitionWhere`), each inside the caller's tenant transaction. One
 * instance per declaration lives in the catalogue (catalogue.ts, `ctx.records(name)`): the
 * generated routes (plugin.ts), hand-written routes (the approval service) and the cascades of one
 * record onto others call it, so validation, references, totals, locked fields, versions,
 * ownership, status history, audit and the approval plug hold for every writer alike. (The batch
 * import still writes its rows with bulk SQL of its own, checking the same rules: docs/decisions.md.)
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { MONEY_MESSAGES, withinMoneyLimit } from '../../src/contracts/money.js';
import { filledWhileHidden, MINE_PARAM, ownershipOf, type AnyResource, type Scope } from '../../src/contracts/resource.js';
import { findResource } from '../../src/contracts/resources/index.js';
import { ACTIONS_KEY, findTransition, lockedFields, transitionPermission, transitionRefusal, userTransitions, type AnyWorkflow, type HistoryEntry, type Transition } from '../../src/contracts/workflow.js';
import { audit, auditMany, auditRow, type AuditEntry } from '../audit.js';
import type { AppContext } from '../context.js';
import { asSystemOwner, withTenant } from '../db/tenant.js';
import { HttpError, MESSAGES } from '../errors.js';
import { heldScopes } from '../identity/users.js';
import { sameValue } from './compare.js';
import { actionHandler } from './declared.js';
import { sqlType, typeOfValue, writeRows, type ManyRow, type WriteOptions } from './bulk-write.js';
import { writeHistory, writeHistoryAndAudit, writeTrail, type HistoryRow } from './history.js';
import { nextNumber } from './numbering.js';
import { maskEntry, hasSensitive } from './audit-mask.js';
import { auditAction, auditChanges } from './audit-trail.js';
import type { AuditEntry as AuditTrailEntry } from '../../src/contracts/audit.js';
import type { ParsedList } from './query.js';
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
  lockAndSelectRecords,
  lockRecords,
  selectRecords,
  notFound,
  updateManaged,
  updateManagedMany,
  updateManagedRows,
  updateRecord,
  type ChosenByPerson,
} from './records.js';
import { fieldColumn, fieldStorage, toColumn, type Call, type ResourceStorage, type StorageLookup, type Trx, type Values, type WireRecord } from './storage.js';

/** Who calls: what the access token says. */
export interface Caller {
  userId: string;
  orgId: string;
  accessLevel: 'SystemOwner' | 'Admin' | 'User';
}

export interface CallOptions {
  request?: FastifyRequest;
  /** Path parameters (the parent of a nested resource). */
  params?: Readonly<Record<string, string>>;
  /** The caller reads and changes only records they created (ownership `own`, without the scope). */
  ownOnly?: boolean;
}

const strip = ({ _refs, _actions, ...rest }: WireRecord) => rest;

export class ResourceService {
  readonly workflow: AnyWorkflow | undefined;
  /** The declaration has fields its audit entries mask. */
  private readonly sensitive: boolean;

  constructor(
    readonly ctx: AppContext,
    readonly resource: AnyResource,
    readonly storage: ResourceStorage,
    readonly lookup: StorageLookup,
  ) {
    this.workflow = resource.workflow;
    this.sensitive = hasSensitive(resource);
  }

  // ---------------------------------------------------------------- unit of work

  /** Runs `fn` in one transaction of the caller's tenant (parent resolved, 404 outside it). */
  async run<T>(caller: Caller, options: CallOptions, fn: (trx: Trx, call: Call) => Promise<T>): Promise<T> {
    const { resource, storage, ctx } = this;
    const call = this.makeCall(caller, options);
    const work = async (trx: Trx) => {
      if (resource.parent && storage.parent) {
        const parentId = await storage.parent.resolve(trx, call, options.params?.[resource.parent.param] ?? '');
        if (!parentId) throw notFound();
        call.parentId = parentId;
      }
      return fn(trx, call);
    };
    let result: T;
    try {
      result = storage.tenantColumn ? await withTenant(ctx.tenantDb, caller.orgId, work) : await asSystemOwner(ctx.tenantDb, work);
    } catch (error) {
      throw databaseError(error, storage);
    }
    for (const task of call.afterCommit) ctx.background(task);
    return result;
  }

  /** A call on this resource for `caller` (the approval service acting on a record in its own transaction). */
  makeCall(caller: Caller, options: CallOptions = {}, afterCommit: Call['afterCommit'] = []): Call {
    return {
      ctx: this.ctx,
      request: options.request as FastifyRequest,
      resource: this.resource,
      userId: caller.userId,
      orgId: caller.orgId,
      accessLevel: caller.accessLevel,
      tenant: this.storage.tenantColumn ? caller.orgId : null,
      ownerId: options.ownOnly ? caller.userId : undefined,
      ownerColumn: this.ownerColumn(),
      afterCommit,
    };
  }

  /**
   * A call on one record known by its id alone (an approval's decision, its document): a nested
   * record's parent is read from its row, as the nested route's path would have named it.
   */
  async recordCall(trx: Trx, caller: Caller, recordId: string, options: CallOptions = {}, afterCommit: Call['afterCommit'] = []): Promise<Call> {
    const call = this.makeCall(caller, options, afterCommit);
    const { parent, table, tenantColumn } = this.storage;
    if (!parent) return call;
    const tenant = tenantColumn ? sql`AND ${sql.ref(tenantColumn)} = ${caller.orgId}` : sql``;
    const row = await sql<{ parent: string }>`SELECT ${sql.ref(parent.column)} AS parent FROM ${sql.table(table)} WHERE id = ${recordId} ${tenant}`.execute(trx);
    return { ...call, parentId: row.rows[0]?.parent ?? '' };
  }

  /**
   * A call on this resource for the actor of `from`, in the same transaction: a cascade from another
   * record (a lançamento cancelling its parcelas) runs with the same user, tenant and after-commit work.
   */
  callFrom(from: Pick<Call, 'userId' | 'orgId' | 'accessLevel' | 'request' | 'afterCommit'>): Call {
    return this.makeCall({ userId: from.userId, orgId: from.orgId, accessLevel: from.accessLevel }, { request: from.request }, from.afterCommit);
  }

  /** Column of the ownership field (`created_by` for `own`). */
  private ownerColumn(): string {
    const ownership = ownershipOf(this.resource);
    if (!ownership) return 'created_by';
    const where = fieldStorage(this.storage, ownership.field);
    return where.kind === 'column' ? where.column : 'created_by';
  }

  log(trx: Trx, call: Call, entry: Omit<AuditEntry, 'orgId' | 'actorUserId' | 'entityType'>) {
    return audit(trx, this.ctx.clock(), this.auditEntry(call, entry), call.request);
  }

  /** Every entry this service writes, its declared sensitive fields masked (audit-mask.ts). */
  private auditEntry(call: Call, entry: Omit<AuditEntry, 'orgId' | 'actorUserId' | 'entityType'>): AuditEntry {
    const masked = this.sensitive ? maskEntry(this.resource, entry.before, entry.after) : {};
    return { orgId: call.tenant ?? call.orgId, actorUserId: call.userId, entityType: this.resource.name, ...entry, ...masked };
  }

  // ---------------------------------------------------------------- reads

  /** A page of the list (and the count), decorated. `mine`: only the caller's own records. */
  async list(trx: Trx, call: Call, parsed: ParsedList, query: Readonly<Record<string, unknown>>) {
    const list = this.withMine(call, parsed, query);
    const count = await countRecords(trx, call, this.storage, list);
    const records = await listRecords(trx, call, this.storage, list, { limit: list.perPage, offset: (list.page - 1) * list.perPage }, count.capped);
    await this.decorate(trx, call, records);
    return { records, count };
  }

  /** Every match up to `limit` rows (exports), decorated. */
  async listAll(trx: Trx, call: Call, parsed: ParsedList, query: Readonly<Record<string, unknown>>, limit: number): Promise<WireRecord[]> {
    const records = await listRecords(trx, call, this.storage, this.withMine(call, parsed, query), { limit, offset: 0 });
    await addRefs(trx, call, this.lookup, records, findResource);
    return records;
  }

  /** The list's conditions with `mine=true` applied (totals read the same rows as the page). */
  narrow(call: Call, parsed: ParsedList, query: Readonly<Record<string, unknown>>): ParsedList {
    return this.withMine(call, parsed, query);
  }

  private withMine(call: Call, parsed: ParsedList, query: Readonly<Record<string, unknown>>): ParsedList {
    if (query[MINE_PARAM] !== 'true') return parsed;
    return { ...parsed, conditions: [...parsed.conditions, sql`${sql.ref(`t.${this.ownerColumn()}`)} = ${call.userId}`] };
  }

  async get(trx: Trx, call: Call, rawId: string): Promise<WireRecord> {
    const found = await findRecord(trx, call, this.storage, await this.recordId(trx, call, rawId));
    if (!found) throw notFound();
    await this.decorate(trx, call, [found]);
    return found;
  }

  /** `_refs` on every read, and `_actions` (the transitions the caller may run now) on workflow records. */
  async decorate(trx: Trx, call: Call, records: WireRecord[]): Promise<void> {
    await addRefs(trx, call, this.lookup, records, findResource);
    await this.addActions(trx, call, records);
  }

  /** `_actions` only (write answers carry no `_refs`). */
  async addActions(trx: Trx, call: Call, records: WireRecord[]): Promise<void> {
    if (!this.workflow) return;
    const allowed = await this.allowedTransitions(trx, call);
    for (const record of records) {
      const state = String(record[this.workflow.field] ?? '');
      record[ACTIONS_KEY] = allowed.filter((t) => t.from.includes(state) && actorMay(t, record, call.userId) && requirementMet(t, record)).map((t) => t.name);
    }
  }

  /**
   * User transitions whose scope the caller holds (on the resource's permission, or the
   * transition's own), read in the transaction (on PGlite another handle would wait for it).
   */
  private async allowedTransitions(trx: Trx, call: Call): Promise<Transition[]> {
    const user = { id: call.userId, orgId: call.orgId, accessLevel: call.accessLevel };
    const held = new Map<string, 'all' | Set<string>>();
    const allowed: Transition[] = [];
    for (const transition of userTransitions(this.workflow!)) {
      const permission = transitionPermission(transition, this.resource.permission);
      if (!held.has(permission)) held.set(permission, await heldScopes(trx, user, permission));
      const scopes = held.get(permission)!;
      if (scopes === 'all' || scopes.has(transition.scope)) allowed.push(transition);
    }
    return allowed;
  }

  /** Status history of a record, oldest first, with the actors' names. */
  async history(trx: Trx, call: Call, rawId: string): Promise<HistoryEntry[]> {
    const record = await findRecord(trx, call, this.storage, rawId);
    if (!record) throw notFound();
    // A job's change of state keeps the version (remittances/job.ts): at one instant, the create comes first.
    const rows = await sql<{ id: string; action: string; from_status: string | null; to_status: string; input: unknown; actor_user_id: string | null; actor_name: string | null; version: number; at: Date | string }>`
      SELECT h.id, h.action, h.from_status, h.to_status, h.input, h.actor_user_id, u.name AS actor_name, h.version, h.at
      FROM status_history h LEFT JOIN users u ON u.id = h.actor_user_id AND u.org_id = h.org_id
      WHERE h.org_id = ${call.orgId} AND h.entity_type = ${this.resource.name} AND h.entity_id = ${record.id}
      ORDER BY h.at, h.version, h.from_status IS NOT NULL`.execute(trx);
    return rows.rows.map((row) => ({
      id: row.id,
      action: row.action,
      from: row.from_status,
      to: row.to_status,
      input: (typeof row.input === 'string' ? JSON.parse(row.input) : row.input) as Record<string, unknown> | null,
      actor: row.actor_user_id ? { id: row.actor_user_id, label: row.actor_name ?? '' } : null,
      version: Number(row.version),
      at: new Date(row.at).toISOString(),
    }));
  }

  /**
   * The record's audit trail ("Histórico"), newest first, one page: who, when, what, and the
   * declaration's fields that changed (the same tenant and ownership checks as `get`).
   */
  async auditTrail(trx: Trx, call: Call, rawId: string, page: number, perPage: number): Promise<{ entries: AuditTrailEntry[]; total: number }> {
    const record = await findRecord(trx, call, this.storage, await this.recordId(trx, call, rawId));
    if (!record) throw notFound();
    const where = sql`a.entity_type = ${this.resource.name} AND a.entity_id = ${record.id} AND (a.before IS NOT NULL OR a.after IS NOT NULL)
      ${call.tenant ? sql`AND a.org_id = ${call.tenant}` : sql``}`;
    const count = await sql<{ total: string | number }>`SELECT count(*) AS total FROM audit_log a WHERE ${where}`.execute(trx);
    const rows = await sql<{ id: string; action: string; actor_user_id: string | null; actor_name: string | null; at: Date | string; before: unknown; after: unknown }>`
      SELECT a.id, a.action, a.actor_user_id, u.name AS actor_name, a.at, a.before, a.after
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
      WHERE ${where}
      ORDER BY a.at DESC, a.seq DESC
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(trx);
    return {
      total: Number(count.rows[0]?.total ?? 0),
      entries: rows.rows.map((row) => ({
        id: row.id,
        action: auditAction(this.resource, row.action),
        actor: row.actor_user_id ? { id: row.actor_user_id, label: row.actor_name ?? '' } : null,
        at: new Date(row.at).toISOString(),
        changes: auditChanges(this.resource, row.before, row.after),
      })),
    };
  }

  // ---------------------------------------------------------------- writes

  /**
   * A new record of the writable `values`; `managed`: server-managed fields a cascade sets (the
   * cotação an ordem de compra came from); `chosenByPerson`: the API's POST (a chosen reference
   * must be active: records.ts `ChosenByPerson`).
   */
  async create(trx: Trx, call: Call, values: Values, managed: Values = {}, options: { chosenByPerson?: boolean | ChosenByPerson } = {}): Promise<WireRecord> {
    const { resource, storage } = this;
    await this.validate(call, values);
    const chosen = options.chosenByPerson === true ? {} : options.chosenByPerson || undefined;
    await checkReferences(trx, call, this.lookup, values, findResource, chosen);
    const extra = { ...(await storage.beforeCreate?.(trx, call, values)), ...this.serverValues(values), ...columnValues(resource, storage, managed, true) };
    const numbering = resource.numbering;
    if (numbering) Object.assign(extra, columnValues(resource, storage, { [numbering.field]: await nextNumber(trx, call, numbering.sequence ?? resource.name) }, true));
    if (this.workflow) Object.assign(extra, columnValues(resource, storage, { [this.workflow.field]: this.workflow.initial }, true));
    const id = await insertRecord(trx, call, storage, values, extra);
    const after = (await findRecord(trx, call, storage, id))!;
    if (this.workflow) await this.writeHistory(trx, call, after, 'create', null, this.workflow.initial, null);
    await this.log(trx, call, { action: `${resource.name}.create`, entityId: id, after: strip(after) });
    if (!storage.afterCreate) return after;
    await storage.afterCreate(trx, call, after, values);
    // What the hook's cascades changed on the record itself (a conta financeira its abertura activated).
    return (await findRecord(trx, call, storage, id))!;
  }

  /**
   * Many records at once (an import's chunk, an OFX file's lines): the storage's hooks and view
   * per row, batched statements, one audit entry per row (`{resource}.{action}.create|update`); a
   * workflow's new records start in its initial state, each with its `create` history row (one
   * statement). A declaration with numbering, after-hooks, links or child rows goes one by one
   * through `create` / `update` instead, and a workflow's records are updated one by one (locked
   * fields, transitions). `skipConflicts`: rows a unique key already holds are left out (not
   * audited), and the answer names only the records written.
   */
  async writeMany(trx: Trx, call: Call, rows: ManyRow[], action: string, options: WriteOptions = {}): Promise<{ created: string[]; updated: string[] }> {
    const { resource, storage } = this;
    const perRecord = resource.numbering || storage.afterCreate || storage.afterUpdate || storage.links || storage.children || (resource.workflow && rows.some((row) => row.existing));
    if (perRecord) throw new Error(`${resource.name} cannot be written in bulk: it has per-record work`);
    return writeRows(trx, call, storage, rows, action, options);
  }

  /** PUT: every writable field (full replace), with the version the caller read. */
  /** `chosenByPerson`: the API's PUT (a newly chosen reference must be active: records.ts `ChosenByPerson`). */
  async update(trx: Trx, call: Call, rawId: string, values: Values, version: number | undefined, options: { chosenByPerson?: boolean } = {}): Promise<WireRecord> {
    return this.change(
      trx,
      call,
      rawId,
      version,
      'update',
      async (before) => {
        this.checkLocked(before, values);
        this.checkChangedThrough(before, values);
        return values;
      },
      undefined,
      options.chosenByPerson,
    );
  }

  async remove(trx: Trx, call: Call, rawId: string, version: number | undefined): Promise<void> {
    const { storage } = this;
    const id = await this.recordId(trx, call, rawId);
    const before = await findRecord(trx, call, storage, id, true);
    if (!before) throw notFound();
    if (version !== undefined && before.version !== version) return this.stale(trx, call, before);
    if (this.workflow && !(this.workflow.deletable ?? [this.workflow.initial]).includes(String(before[this.workflow.field]))) {
      const state = this.workflow.states[String(before[this.workflow.field])];
      if (state?.deleteRefusal) throw new HttpError(409, state.deleteRefusal);
      const ending = this.resource.labels.gender === 'f' ? 'a' : 'o';
      const refusal = `${this.resource.labels.one} ${state?.label.toLowerCase() ?? ''} não pode ser excluíd${ending}`;
      // A cancelled record is told no more; a live one is told to be cancelled instead.
      throw new HttpError(409, state?.phase === 'void' ? `${refusal}.` : `${refusal}: cancele-${ending} em vez disso.`);
    }
    await storage.beforeDelete?.(trx, call, before);
    if (storage.remove) await storage.remove(trx, call, before);
    else await deleteRecord(trx, call, storage, id);
    await this.log(trx, call, { action: `${this.resource.name}.delete`, entityId: id, before: strip(before) });
  }

  /**
   * A declared action (storage handler) or a workflow transition on one record. Transitions:
   * the record must be in one of `from` (409 with the reason otherwise), the new state, the
   * history row and the audit entry are written together; `system` transitions are the approval
   * service's own.
   */
  async runAction(trx: Trx, call: Call, rawId: string, name: string, input: Values, version: number | undefined, options: { system?: boolean } = {}): Promise<WireRecord> {
    const transition = this.workflow && findTransition(this.workflow, name);
    if (transition) return this.transition(trx, call, rawId, transition, input, version, options.system ?? false);
    const handler = actionHandler(this.resource, this.storage, name);
    if (!handler) throw notFound();
    return this.change(trx, call, rawId, version, name, (before) => handler(trx, call, before));
  }

  /**
   * Runs a transition on every record matching `conditions` (alias `t`) that stands in one of its
   * `from` states, each through `runAction` (its hook, history, audit and approval plug), locked
   * in id order so two cascades over the same rows cannot deadlock. `system`: a cascade's own
   * transition (no actor rule applies). Returns the records after the change.
   */
  async transitionWhere(trx: Trx, call: Call, conditions: RawBuilder<unknown>[], name: string, input: Values, options: { system?: boolean } = {}): Promise<WireRecord[]> {
    const transition = this.workflow && findTransition(this.workflow, name);
    if (!transition) throw new Error(`${this.resource.name} has no transition "${name}"`);
    const state = sql.ref(`t.${fieldColumn(this.storage, this.workflow!.field)}`);
    const ids = await lockRecords(trx, call, this.storage, [...conditions, sql`${state} IN (${sql.join(transition.from)})`]);
    const changed: WireRecord[] = [];
    // Their history rows and audit entries go in together at the end (inside a bulk chunk, with the chunk's).
    const trail = call.trail ? undefined : (call.trail = []);
    try {
      for (const id of ids) changed.push(await this.runAction(trx, call, id, name, input, undefined, options));
    } finally {
      if (trail) call.trail = undefined;
    }
    if (trail) await writeTrail(trx, trail);
    return changed;
  }

  /**
   * A cascade's update (a lançamento's supplier, category and description followed by its
   * parcelas): on every record matching `conditions` (alias `t`), locked and read in id order, the
   * fields `derive` gives. Records already holding those values are left alone (no version, no
   * audit). A change of a writable field goes through the whole update path one record at a time —
   * the state's locked fields (409), validation, references, the storage's hooks (the approval
   * plug: payment data changed in a queue restarts or marks its approval) and the audit; a change
   * of server-managed fields only is written for all records in one statement, with each one's
   * hooks run and one audit entry per record (`{resource}.{action}`, before → after).
   */
  async updateWhere(trx: Trx, call: Call, conditions: RawBuilder<unknown>[], derive: (record: WireRecord) => Values, action: string): Promise<WireRecord[]> {
    const { resource, storage } = this;
    const records = await lockAndSelectRecords(trx, call, storage, conditions);
    const changed: WireRecord[] = [];
    const managed: { before: WireRecord; derived: Values; row: { id: string; columns: Map<string, readonly [string, unknown]> } }[] = [];
    for (const before of records) {
      const derived = derive(before);
      const changes = Object.fromEntries(Object.entries(derived).filter(([field, value]) => !sameValue(before[field], value)));
      if (!Object.keys(changes).length) continue;
      if (Object.keys(changes).some((field) => !resource.fields[field]?.readOnly)) {
        this.checkLocked(before, { ...writableOf(resource, before), ...changes });
        changed.push(await this.change(trx, call, before.id, undefined, action, async () => changes));
        continue;
      }
      const extra = await storage.beforeUpdate?.(trx, call, completeValues(resource, writableOf(resource, before)), before, action);
      const managedFields = Object.fromEntries(Object.entries(derived).filter(([field]) => resource.fields[field]?.readOnly));
      managed.push({ before, derived: managedFields, row: { id: before.id, columns: managedColumns(resource, storage, managedFields, extra ?? {}) } });
    }
    // One statement per shape of columns (a hook may add some).
    const shapes = new Map<string, typeof managed>();
    for (const item of managed) {
      const shape = [...item.row.columns].map(([column, [type]]) => `${column}:${type}`).join(',');
      shapes.set(shape, [...(shapes.get(shape) ?? []), item]);
    }
    for (const group of shapes.values()) {
      const written = await updateManagedMany(trx, call, storage, group.map((item) => item.row));
      // The record as it now is: what it was, the derived values, the new version (no second read).
      const after = group.map(({ before, derived }) => ({ ...before, ...derived, ...written.get(before.id)!, updatedBy: call.userId || null }) as WireRecord);
      for (const [index, record] of after.entries()) await storage.afterUpdate?.(trx, call, record, group[index].before);
      const entries = after.map((record, index) => this.auditEntry(call, { action: `${resource.name}.${action}`, entityId: record.id, before: strip(group[index].before), after: strip(record) }));
      await auditMany(trx, this.ctx.clock(), entries, call.request);
      changed.push(...after);
    }
    return changed;
  }

  private async transition(trx: Trx, call: Call, rawId: string, transition: Transition, input: Values, version: number | undefined, system: boolean): Promise<WireRecord> {
    const workflow = this.workflow!;
    if (transition.system && !system) throw notFound();
    const hook = this.storage.transitions?.[transition.name];
    let to = transition.to;
    let from = '';
    let note: string | undefined;
    let extra: Values | undefined;
    const after = await this.change(trx, call, rawId, version, transition.name, async (before) => {
      from = String(before[workflow.field] ?? '');
      if (!transition.from.includes(from)) {
        const label = workflow.states[from]?.label ?? from;
        throw new HttpError(409, transitionRefusal(transition, label, this.resource.labels.one, this.resource.labels.gender));
      }
      if (!system) refuseActor(transition, before, call.userId);
      if (!requirementMet(transition, before)) throw new HttpError(409, transition.requires!.message);
      const outcome = await hook?.(trx, call, before, input);
      if (outcome?.to) to = outcome.to;
      if (outcome?.note) note = outcome.note;
      if (outcome?.recorded) extra = outcome.recorded;
      return { ...outcome?.values, [workflow.field]: to };
    }, (changed) => {
      const recorded = { ...input, ...extra, ...(note ? { note } : {}) };
      return { entityType: this.resource.name, entityId: changed.id, action: transition.name, from, to, input: Object.keys(recorded).length ? recorded : null, version: changed.version };
    });
    await this.storage.afterTransition?.(trx, call, after, transition.name, from);
    return after;
  }

  /** Update of one record (PUT: `update`, an action, a transition): lock, version, rules, references, totals, hooks, audit. */
  private async change(
    trx: Trx,
    call: Call,
    rawId: string,
    version: number | undefined,
    action: string,
    patch: (before: WireRecord) => Promise<Values | null>,
    history?: (after: WireRecord) => HistoryRow,
    chosenByPerson = false,
  ): Promise<WireRecord> {
    const { resource, storage } = this;
    const id = await this.recordId(trx, call, rawId);
    // A bulk chunk read it ahead (already locked, its lockFirst rows too): taken once.
    const ahead = this.takePrefetched(call, id);
    if (!ahead) await storage.lockFirst?.(trx, call, id, action);
    const before = ahead ?? (await findRecord(trx, call, storage, id, true));
    if (!before) throw notFound();
    if (version !== undefined && before.version !== version) return this.stale(trx, call, before);
    const changes = await patch(before);
    if (!changes) return before;
    // Actions may change server-managed fields (a bill's status): those go straight to their columns.
    const managed = columnValues(resource, storage, changes, true);
    const values = completeValues(resource, { ...writableOf(resource, before), ...changes });
    // A transition or action that touches only server-managed fields (the state, a paid amount)
    // leaves the writable values as they were checked and stored: nothing to check or rewrite again.
    const writes = Object.keys(changes).some((field) => !resource.fields[field]?.readOnly);
    if (writes) {
      await this.validate(call, values);
      await checkReferences(trx, call, this.lookup, values, findResource, chosenByPerson ? { before } : undefined);
      await checkTree(trx, call, storage, id, values);
    }
    const extra = await storage.beforeUpdate?.(trx, call, values, before, action);
    let after: WireRecord;
    if (writes) {
      if (call.writes?.pending) await call.writes.flush();
      await updateRecord(trx, call, storage, id, values, { ...managed, ...extra, ...this.serverValues(values) });
      after = (await findRecord(trx, call, storage, id))!;
    } else after = await this.writeManaged(trx, call, id, { ...managed, ...extra }, storage.versionKept?.includes(action) ?? false, Boolean(ahead) && Boolean(storage.writesTogether?.(action)));
    // Read ahead, yet written meanwhile by an earlier record of the chunk: the rules saw an old copy.
    const bump = !writes && storage.versionKept?.includes(action) ? 0 : 1;
    if (ahead && Number(after.version) !== Number(before.version) + bump) throw new StalePrefetch(id);
    await storage.afterUpdate?.(trx, call, after, before);
    const entry = { action: `${resource.name}.${action}`, entityId: id, before: strip(before), after: strip(after) };
    // A transition's history row and its audit entry go together (one statement).
    if (history) await writeHistoryAndAudit(trx, call, history(after), auditRow(this.ctx.clock(), this.auditEntry(call, entry), call.request));
    else await this.log(trx, call, entry);
    return after;
  }

  /**
   * Server-managed columns of one record, answering it as written. In a bulk chunk (`call.writes`), a
   * record read ahead whose action may be written `together` parks its row for the chunk's one UPDATE;
   * any other write sends the parked ones first, so writes keep the records' order.
   */
  private async writeManaged(trx: Trx, call: Call, id: string, columns: Record<string, unknown>, keepVersion: boolean, together: boolean): Promise<WireRecord> {
    const writes = call.writes;
    const parked = together ? writes?.park({ id, group: this.storage, columns, keepVersion, write: (rows, keep) => updateManagedRows(trx, call, this.storage, rows, keep) }) : undefined;
    if (parked) return parked;
    if (writes?.pending) await writes.flush();
    return updateManaged(trx, call, this.storage, id, columns, keepVersion);
  }

  /** Column values of the declared totals, computed from the values being written. */
  private serverValues(values: Values): Record<string, unknown> {
    const totals = this.resource.totals;
    if (!totals) return {};
    const computed: Values = {};
    for (const [field, derive] of Object.entries(totals)) computed[field] = derive(values);
    return columnValues(this.resource, this.storage, computed, true);
  }

  /** 409 when the values change a field the record's state locks. */
  /** A user's PUT never changes what only an approved change record may (`changedThrough`: a conta financeira's bank data). */
  private checkChangedThrough(before: WireRecord, values: Values): void {
    const through = this.resource.changedThrough;
    if (through && through.fields.some((field) => field in values && !sameValue(before[field], values[field]))) throw new HttpError(409, through.note);
  }

  private checkLocked(before: WireRecord, values: Values): void {
    if (!this.workflow) return;
    const state = String(before[this.workflow.field] ?? '');
    const writable = Object.keys(values);
    const changed = lockedFields(this.workflow, state, writable).filter((field) => !sameValue(before[field], values[field]));
    if (!changed.length) return;
    const refusal = this.workflow.states[state]?.lockedRefusal;
    if (refusal) throw new HttpError(409, refusal);
    const label = this.workflow.states[state]?.label.toLowerCase() ?? state;
    const fieldLabels = changed.map((field) => this.resource.fields[field]?.label ?? field);
    throw new HttpError(409, `${this.resource.labels.one} ${label}: não é possível alterar ${fieldLabels.join(', ')}.`);
  }

  private writeHistory(trx: Trx, call: Call, record: WireRecord, action: string, from: string | null, to: string, input: Values | null): Promise<void> {
    return writeHistory(trx, call, { entityType: this.resource.name, entityId: record.id, action, from, to, input, version: record.version });
  }

  async stale(trx: Trx, call: Call, current: WireRecord): Promise<never> {
    await this.decorate(trx, call, [current]);
    throw new HttpError(412, MESSAGES.stale, undefined, undefined, { current });
  }

  /** Rules across fields (storage.validate), and declared totals within the money limit: 400 with field errors. */
  async validate(call: Call, values: Values): Promise<void> {
    const errors = { ...filledWhileHidden(this.resource, values), ...(this.storage.validate ? await this.storage.validate(values, call) : {}) };
    for (const [field, derive] of Object.entries(this.resource.totals ?? {})) if (!withinMoneyLimit(derive(values))) (errors[field] ??= []).push(MONEY_MESSAGES.totalTooLarge);
    if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
  }

  /**
   * A bulk chunk's records locked in one statement, in id order, and read in one more (after the rows their
   * `lockFirstMany` locks: the lançamentos before their parcelas, the order every writer takes),
   * kept on the call for `change` to take instead of its own lock and read (bulk-each.ts). Not
   * when the storage locks rows first one record at a time only, nor for alias ids.
   */
  async prefetch(trx: Trx, call: Call, rawIds: readonly string[], action: string): Promise<void> {
    const { storage } = this;
    if (storage.lockFirst && !storage.lockFirstMany) return;
    const aliases = storage.aliasIds ?? {};
    const ids = [...new Set(rawIds)].filter((id) => id.length <= 64 && !Object.prototype.hasOwnProperty.call(aliases, id)).sort();
    if (!ids.length) return;
    await storage.lockFirstMany?.(trx, call, ids, action);
    // Locked, then read by a second statement: one that waited for a lock reads the row as its holder
    // left it, but its computed fields (subqueries: the baixas, the rateio) from the snapshot taken
    // before the wait; the read after the locks sees everything their holders committed.
    const locked = await lockRecords(trx, call, storage, [sql`t.id = ANY(${ids}::text[])`]);
    const records = locked.length ? await selectRecords(trx, call, storage, [sql`t.id = ANY(${locked}::text[])`]) : [];
    call.prefetched = { resource: this.resource.name, records: new Map(records.map((record) => [record.id, record])), taken: new Set(), shared: new Map() };
    await storage.readAhead?.(trx, call, records, action);
  }

  private takePrefetched(call: Call, id: string): WireRecord | undefined {
    const ahead = call.prefetched;
    if (ahead?.resource !== this.resource.name) return undefined;
    const record = ahead.records.get(id);
    if (!record) return undefined;
    ahead.records.delete(id);
    ahead.taken.add(id);
    return record;
  }

  /** The record id a path names (`current` and other aliases resolved). */
  async recordId(trx: Trx, call: Call, id: string): Promise<string> {
    const aliases = this.storage.aliasIds;
    const alias = aliases && Object.prototype.hasOwnProperty.call(aliases, id) ? aliases[id] : undefined;
    return alias ? ((await alias(trx, call)) ?? id) : id;
  }
}

/** A change made from a bulk chunk's read-ahead copy found the row changed since (bulk-each.ts works on the record again, reading it anew). */
export class StalePrefetch extends Error {
  constructor(id: string) {
    super(`record ${id} changed after the bulk chunk read it`);
  }
}

/** Whether `userId` is someone the transition allows on this record (owner, named actor, not the excluded one). */
function actorMay(transition: Transition, record: WireRecord, userId: string): boolean {
  if (transition.ownerOnly && record.createdBy !== userId) return false;
  if (transition.actorField && record[transition.actorField] !== userId) return false;
  if (transition.notActor && record[transition.notActor.field] === userId) return false;
  return true;
}

/** The transition's `requires` field holds a positive amount or true (or it requires nothing). */
const requirementMet = (transition: Transition, record: WireRecord) => !transition.requires || Number(record[transition.requires.field] ?? 0) > 0;

function refuseActor(transition: Transition, record: WireRecord, userId: string): void {
  if (transition.notActor && record[transition.notActor.field] === userId) throw new HttpError(403, transition.notActor.message);
  if (!actorMay(transition, record, userId)) throw new HttpError(403, MESSAGES.forbidden);
}

/** Column → [sql type, value] of the server-managed fields in `values`, and the hook's extra columns. */
function managedColumns(resource: AnyResource, storage: ResourceStorage, values: Values, extra: Record<string, unknown>): Map<string, readonly [string, unknown]> {
  const columns = new Map<string, readonly [string, unknown]>();
  for (const [field, value] of Object.entries(values)) {
    const def = resource.fields[field];
    const where = def?.readOnly ? fieldStorage(storage, field) : undefined;
    if (!def || where?.kind !== 'column') continue;
    columns.set(where.column, [sqlType(def), def.type === 'list' || value === null || value === undefined ? (value ?? null) : toColumn(def, value)]);
  }
  // A hook's extra columns: typed by the field they store when there is one (a list as jsonb), else by their value.
  const fieldOf = new Map(Object.keys(resource.fields).flatMap((field) => {
    const where = fieldStorage(storage, field);
    return where.kind === 'column' ? [[where.column, resource.fields[field]] as const] : [];
  }));
  for (const [column, value] of Object.entries(extra)) {
    const def = fieldOf.get(column);
    const json = def?.type === 'list' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    columns.set(column, [def ? sqlType(def) : typeOfValue(value), json]);
  }
  return columns;
}

function writableOf(resource: AnyResource, record: WireRecord): Values {
  const values: Values = {};
  for (const [field, def] of Object.entries(resource.fields)) if (!def.readOnly) values[field] = record[field];
  return values;
}

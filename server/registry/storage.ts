/**
 * How a resource declaration is stored: its table and, per field, a column (default: the field
 * name in snake_case), a link table (`references` kept as rows), a child table (a `list` kept as
 * rows) or a computed read-only expression. Plus the hooks a resource needs beyond plain CRUD
 * (extra columns on insert, checks, work after commit) and the handlers of its declared actions.
 *
 * The generic code (records.ts, routes.ts) does the rest: validation, tenant scoping, paging,
 * sorting, filtering, search, versions, audit and `_refs`.
 */
import type { FastifyRequest } from 'fastify';
import type { RawBuilder, Transaction } from 'kysely';
import type { AnyResource, FieldDef, RecordBase, RefLabel } from '../../src/contracts/resource.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/types.js';
import type { FieldErrors } from '../errors.js';
import type { ChunkWrites } from './chunk-writes.js';

export type Trx = Transaction<Database>;
/** Wire values of a record's own fields (what the declaration's schema describes). */
export type Values = Record<string, unknown>;
export type WireRecord = RecordBase & Record<string, unknown> & { _refs?: Record<string, RefLabel[]> };

/** Who calls, for which tenant, under which parent: given to every storage hook. */
export interface Call {
  ctx: AppContext;
  request: FastifyRequest;
  resource: AnyResource;
  userId: string;
  /** The caller's organisation (from the token). */
  orgId: string;
  accessLevel: 'SystemOwner' | 'Admin' | 'User';
  /** Tenant the rows belong to: the caller's organisation, or null for SystemOwner resources. */
  tenant: string | null;
  /** Resolved id of the parent record (nested resources). */
  parentId?: string;
  /** Only the records this user owns are visible (ownership, without the scope). */
  ownerId?: string;
  /** Column naming the owner (`created_by`, or the ownership field's column). */
  ownerColumn?: string;
  /** Work to run once the transaction has committed (e-mails). */
  afterCommit: (() => Promise<unknown>)[];
  /**
   * A bulk chunk's transitions (bulk-each.ts): their history rows and audit entries, kept here per
   * record and written together before the chunk commits (history.ts `writeTrail`). Absent: written at once.
   */
  trail?: TrailRow[];
  /**
   * A bulk chunk's records of `resource`, locked and read together before its first record
   * (service.ts `prefetch`): each taken once, by the change of that id, instead of its own lock and read.
   */
  prefetched?: Prefetched;
  /** A bulk chunk's writes sent together (chunk-writes.ts), for the actions its storage allows (`writesTogether`). */
  writes?: ChunkWrites;
}

/** Records read ahead for a bulk chunk; `taken`: ids whose record a change has used. */
export interface Prefetched {
  resource: string;
  records: Map<string, WireRecord>;
  taken: Set<string>;
  /** What the storage's `readAhead` read for the chunk's records, under its own key. */
  shared: Map<string, unknown>;
}

/** A transition's history row and audit entry, as they will be inserted. */
export interface TrailRow {
  history: { id: string; org_id: string; entity_type: string; entity_id: string; action: string; from_status: string | null; to_status: string; input: string | null; actor_user_id: string | null; version: number; at: Date };
  audit: { id: string; org_id: string | null; actor_user_id: string | null; at: Date; action: string; entity_type: string | null; entity_id: string | null; before: string | null; after: string | null; request_id: string | null; ip: string | null };
}

export interface LinkStorage {
  /** Table holding one row per (record, referenced id), with `org_id`. */
  table: string;
  /** Column naming this record. */
  own: string;
  /** Column naming the referenced record. */
  other: string;
}

export interface ChildStorage {
  /** Table holding one row per list item, with `id`, `org_id` and `position`. */
  table: string;
  own: string;
  /** Item field → column. */
  columns: Readonly<Record<string, string>>;
  /**
   * Child column → the owner's column it is born with (a parcela gets its lançamento's `direction`,
   * the view its own service reads, and its creator), copied on insert in the same statement.
   */
  inherit?: Readonly<Record<string, string>>;
}

export interface ParentStorage {
  /** Column of this table naming the parent. */
  column: string;
  /** The parent's id for a path parameter within the tenant (`current` included), or undefined → 404. */
  resolve(trx: Trx, call: Call, param: string): Promise<string | undefined>;
}

export interface SingletonStorage {
  /** The tenant's record (created with defaults when missing). */
  get(trx: Trx, call: Call, lock: boolean): Promise<WireRecord>;
  /** Writes the values; the version was checked by the caller. Returns the new record. */
  put(trx: Trx, call: Call, values: Values, before: WireRecord): Promise<WireRecord>;
}

/**
 * A declared action: the values to write (a patch of the record's fields, read-only ones such as
 * a server-managed `status` included), or null for none.
 */
export type ActionHandler = (trx: Trx, call: Call, before: WireRecord) => Promise<Values | null>;

/**
 * What a workflow transition does beyond changing the state: extra values to write and, when the
 * outcome decides it (a submission with no approval queue is approved at once), another state.
 */
/**
 * A transition's own work: `values` to write, another `to` state, a history `note`, and
 * `recorded` values kept in the history row next to the input (an estorno's reversed amount).
 */
export type TransitionHook = (trx: Trx, call: Call, before: WireRecord, input: Values) => Promise<{ values?: Values; to?: string; note?: string; recorded?: Values } | void>;

export interface ResourceStorage {
  table: string;
  /** Tenant column of the table; null: a SystemOwner resource that crosses tenants. */
  tenantColumn: 'org_id' | null;
  /**
   * A view (`viewOf`): fixed column values every statement of the resource carries — reads and
   * updates only see rows with them, inserts write them (`{is_supplier: true}`).
   */
  filter?: Readonly<Record<string, string | boolean>>;
  parent?: ParentStorage;
  columns?: Readonly<Record<string, string>>;
  links?: Readonly<Record<string, LinkStorage>>;
  children?: Readonly<Record<string, ChildStorage>>;
  /** Read-only values computed in SQL; `t` is the table's alias. */
  computed?: Readonly<Record<string, RawBuilder<unknown>>>;
  /**
   * Read-only values computed for a whole page of records at once, after the page was read (a
   * running balance: one window over the page plus one sum of what precedes it, instead of one
   * sum per row). Every read of records (list page, one record, a selection) goes through it.
   * Such a field is neither sorted, filtered, searched nor summed.
   */
  pageComputed?: Readonly<Record<string, PageComputed>>;
  /**
   * Generated columns holding `rt_sort_key(<field's column>)`, trigram-indexed: the `q` search
   * and the sort of those fields read them (accent-insensitive and indexed) instead of folding
   * every row.
   */
  foldedColumns?: Readonly<Record<string, string>>;
  /**
   * Reference fields whose target is a tree: filtering by a node also matches its descendants
   * (products of "Informática" include those of "Informática › Periféricos").
   */
  treeFilters?: Readonly<Record<string, { table: string; parentColumn: string }>>;
  /** Unique constraint → the field it is about and the pt-BR message (409). */
  uniques?: Readonly<Record<string, { field: string; message: string }>>;
  /** Checks before an insert; returns extra column values (server-managed columns). */
  beforeCreate?(trx: Trx, call: Call, values: Values): Promise<Record<string, unknown> | void>;
  /** After the insert (same transaction): dependent records. `values`: the writable values the caller gave. */
  afterCreate?(trx: Trx, call: Call, record: WireRecord, values: Values): Promise<void>;
  /** Checks before an update; returns extra column values. `action`: `update` for a PUT, else the action's or transition's name. */
  beforeUpdate?(trx: Trx, call: Call, values: Values, before: WireRecord, action?: string): Promise<Record<string, unknown> | void>;
  afterUpdate?(trx: Trx, call: Call, record: WireRecord, before: WireRecord): Promise<void>;
  /**
   * Rules across fields of one record (the same ones the batch import applies): field errors
   * (dotted paths for list items), empty when valid. Run on create, update and actions.
   */
  validate?(values: Values, call: Call): FieldErrors | Promise<FieldErrors>;
  /** Checks and dependent rows, before the DELETE. */
  beforeDelete?(trx: Trx, call: Call, before: WireRecord): Promise<void>;
  /**
   * Replaces the DELETE statement (a view removes its flag when the record keeps another role).
   * Runs after `beforeDelete`; must affect the record or throw.
   */
  remove?(trx: Trx, call: Call, before: WireRecord): Promise<void>;
  /** The family registers its own `create` route (the multipart upload of import batches). */
  ownCreate?: boolean;
  actions?: Readonly<Record<string, ActionHandler>>;
  /** Workflow transitions that do more than change the state (by transition name). */
  transitions?: Readonly<Record<string, TransitionHook>>;
  /**
   * System transitions that are the server's bookkeeping, not an edit (a remessa's job offering its
   * file): written with their history and audit like any transition, but the record's `version`
   * stays, so a screen holding it can still act on the record.
   */
  versionKept?: readonly string[];
  /**
   * Rows that a change of this record (`action`: the transition or action name, `update` for a
   * PUT) goes on to lock after its own — the lançamento a parcela's baixa settles: locked before
   * the record, so every writer takes them in one order (parent, then child) and two of them never deadlock.
   */
  lockFirst?(trx: Trx, call: Call, id: string, action: string): Promise<void>;
  /**
   * `lockFirst` for a bulk chunk's records at once, in one statement and a fixed order (by id). A
   * storage with `lockFirst` but without this one is not read ahead in bulk (each record locks its own).
   */
  lockFirstMany?(trx: Trx, call: Call, ids: readonly string[], action: string): Promise<void>;
  /**
   * After a bulk chunk's records were read ahead: what `action` will read for each of them, read
   * for all at once and kept in `call.prefetched.shared` (the approval plug's queues and earlier flows).
   */
  readAhead?(trx: Trx, call: Call, records: readonly WireRecord[], action: string): Promise<void>;
  /**
   * Transitions and actions a bulk chunk may write for all its records in one UPDATE (chunk-writes.ts):
   * each record's rules and hooks before its write run before the earlier records' writes are sent,
   * its after-hooks after all of them. Say it only when neither reads nor writes what another record
   * of the chunk writes (a baixa's lançamento counting its parcelas does: not for those).
   */
  writesTogether?(action: string): boolean;
  /** After a transition was written (same transaction): e-mails, dependent records. */
  afterTransition?(trx: Trx, call: Call, record: WireRecord, transition: string, from: string): Promise<void>;
  /**
   * Another permission accepted to read one record id (`applications/current` is also readable
   * with the `application` permission of the portal's "Aplicação" screen).
   */
  idPermissions?: Readonly<Record<string, string>>;
  /** Ids that name another record (`current` → the caller's default application). */
  aliasIds?: Readonly<Record<string, (trx: Trx, call: Call) => Promise<string | undefined>>>;
  singleton?: SingletonStorage;
}

/** Database values of a page-computed field for the records `ids` (all of one read), by id; a missing id reads null. */
export type PageComputed = (trx: Trx, call: Call, ids: readonly string[]) => Promise<ReadonlyMap<string, unknown>>;

export type Storages = Readonly<Record<string, ResourceStorage>>;

/** The storage of any served declaration by name, across families (references cross families). */
export type StorageLookup = (name: string) => ResourceStorage | undefined;

// ---------------------------------------------------------------- names and values

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const BASE_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

export type FieldStorage =
  | { kind: 'column'; column: string }
  | { kind: 'link'; link: LinkStorage }
  | { kind: 'child'; child: ChildStorage }
  | { kind: 'computed'; expression: RawBuilder<unknown> }
  | { kind: 'page'; compute: PageComputed };

export function fieldStorage(storage: ResourceStorage, field: string): FieldStorage {
  if (Object.prototype.hasOwnProperty.call(BASE_COLUMNS, field)) return { kind: 'column', column: BASE_COLUMNS[field] };
  const link = storage.links?.[field];
  if (link) return { kind: 'link', link };
  const child = storage.children?.[field];
  if (child) return { kind: 'child', child };
  const expression = storage.computed?.[field];
  if (expression) return { kind: 'computed', expression };
  const compute = storage.pageComputed?.[field];
  if (compute) return { kind: 'page', compute };
  return { kind: 'column', column: storage.columns?.[field] ?? snake(field) };
}

/** The column of a field stored as a column (its status field, a filter's field). */
export function fieldColumn(storage: ResourceStorage, field: string): string {
  const where = fieldStorage(storage, field);
  if (where.kind !== 'column') throw new Error(`field ${field} of ${storage.table} is not a column`);
  return where.column;
}

const iso = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** A database value → its wire value for the field type. */
export function toWire(def: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) {
    if (def.type === 'references' || def.type === 'scopes' || def.type === 'list' || (def.type === 'enum' && def.multiple)) return [];
    return null;
  }
  switch (def.type) {
    case 'integer':
    case 'money':
    case 'percent':
      return Number(value);
    case 'datetime':
      return iso(value);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case 'list':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return value;
  }
}

/** A wire value → the parameter written to its column. */
export function toColumn(def: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (def.type) {
    case 'list':
      return JSON.stringify(value);
    case 'money':
    case 'integer':
    case 'percent':
      return String(value);
    default:
      return value;
  }
}

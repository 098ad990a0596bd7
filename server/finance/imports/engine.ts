/**
 * The batch import engine: from the rows of a file and a column mapping to validated values,
 * then to records — the same rules as the API (the target declaration's write schema, the
 * storage's cross-field `validate`, references within the tenant, trees without cycles,
 * uniqueness), in batches.
 *
 * - `importTarget(type)`: the declaration a type imports into (a view such as `suppliers`
 *   writes `persons` rows with its flag set), its natural key (IMPORT_TARGETS) and the unique
 *   tuple holding it (categories: parent + slug).
 * - `preparePlan`: what needs the whole file — references resolvable by code, slug, SKU,
 *   document, name or id (the target's records of the tenant; trees also the file's own rows),
 *   repeated keys (the LAST row wins, earlier ones are reported), tree rows ordered parents
 *   first, and cycles (within the file or with the existing tree) reported.
 * - `evaluate`: per row, the mapped cells normalised (normalise.ts), merged with the existing
 *   record found by natural key (an update changes the mapped, non-empty cells only) or with
 *   the declaration's defaults (a create), then validated. Field errors are keyed by import
 *   field key (`document`, `addresses.0.cep`); `_row` for the whole row.
 * - `writeChunk`: valid rows through the target's service in the catalogue (`writeMany`: its
 *   hooks, one INSERT and one UPDATE per shape, one audit entry per row —
 *   registry/bulk-write.ts); a chunk the database refuses is retried row by row under
 *   savepoints, so a failing row never takes the good ones down.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import * as z from 'zod/mini';
import { fold, unmask } from '../../../src/contracts/brazil/index.js';
import { importableFields, type ImportField } from '../../../src/contracts/importFields.js';
import { IMPORT_TARGETS, type ImportResourceType } from '../../../src/contracts/imports.js';
import { isActivable, writableFields, type AnyResource, type FieldDef, type ScalarFieldDef } from '../../../src/contracts/resource.js';
import { writeSchema } from '../../../src/contracts/resourceSchemas.js';
import { findResource } from '../../../src/contracts/resources/index.js';
import type { FieldErrors } from '../../errors.js';
import { BULK_MESSAGES } from '../../registry/bulk-write.js';
import { storageByName } from '../../registry/families.js';
import { databaseError, inactiveReferenceMessage, selectRecords, TREE_CYCLE_MESSAGE } from '../../registry/records.js';
import { fieldStorage, type Call, type ResourceStorage, type Trx, type Values, type WireRecord } from '../../registry/storage.js';
import { HttpError } from '../../errors.js';
import { detectPixType, normaliseCell, type CellContext } from './normalise.js';
import type { ReadRow } from './read.js';

export const ROW = '_row';

export const ENGINE_MESSAGES = {
  required: 'Preencha este campo.',
  notFound: (raw: string) => `Registro não encontrado: "${raw}".`,
  ambiguous: (raw: string) => `Mais de um registro corresponde a "${raw}"; use o código.`,
  ambiguousKey: 'Há mais de um cadastro com este identificador; associe também a coluna do nível superior.',
  repeated: (line: number) => `Este valor se repete na linha ${line}; só a última linha com ele é importada.`,
  writeFailed: 'Não foi possível gravar esta linha.',
  relatedMissing: BULK_MESSAGES.gone,
} as const;

// ---------------------------------------------------------------- targets

export interface ImportTarget {
  type: ImportResourceType;
  /** The declaration imported into (a view for suppliers and customers). */
  resource: AnyResource;
  storage: ResourceStorage;
  /** The declaration and storage of the records themselves (persons for the views). */
  base: AnyResource;
  baseStorage: ResourceStorage;
  /** Natural key field (IMPORT_TARGETS). */
  key: string;
  /** The unique tuple holding the key (`['parentId', 'slug']`), or just the key. */
  matchFields: string[];
  fields: ImportField[];
  /** The declaration's write schema (writable fields, unknown keys refused). */
  schema: z.core.$ZodType;
}

export function importTarget(type: ImportResourceType): ImportTarget {
  const { resource: name, key } = IMPORT_TARGETS[type];
  const resource = findResource(name);
  const storage = storageByName(name);
  if (!resource || !storage) throw new Error(`Import target ${name} is not served`);
  const base = resource.viewOf ? findResource(resource.viewOf.resource)! : resource;
  const baseStorage = resource.viewOf ? storageByName(base.name)! : storage;
  const matchFields = [...(resource.unique?.find((u) => u.fields.includes(key))?.fields ?? [key])];
  return { type, resource, storage, base, baseStorage, key, matchFields, fields: importableFields(type), schema: writeSchema(resource) };
}

// ---------------------------------------------------------------- reference indexes

interface ReferenceIndex {
  resource: AnyResource;
  /** Lookup key → ids (more than one: ambiguous). */
  keys: Map<string, Set<string>>;
  /** Tree parents of the existing records (self references only). */
  parents?: Map<string, string | null>;
  /** Inactive records of a target that can be inactivated: a row may keep one, not newly choose it (records.ts `ChosenByPerson`). */
  inactive: Set<string>;
}

const LOOKUP_FIELDS = ['code', 'slug', 'sku', 'document', 'cnpj', 'ispb', 'agreementCode'];

function addKey(index: ReferenceIndex, key: string | null | undefined, id: string) {
  if (!key) return;
  let ids = index.keys.get(key);
  if (!ids) index.keys.set(key, (ids = new Set()));
  ids.add(id);
}

/** Lookup keys of a value: as typed, folded, unmasked (documents, codes). */
function lookupKeys(value: string): string[] {
  const trimmed = value.trim();
  const keys = [`=${trimmed}`, `~${fold(trimmed)}`];
  const bare = unmask(trimmed);
  if (bare && bare !== trimmed) keys.push(`=${bare}`);
  // Bank codes: "1", "01", "0341" → "001", "341".
  if (/^\d{1,5}$/.test(trimmed)) keys.push(`=${String(Number(trimmed)).padStart(3, '0')}`);
  return keys;
}

async function loadIndex(trx: Trx, call: Call, target: AnyResource, withParents: boolean): Promise<ReferenceIndex> {
  const storage = storageByName(target.name);
  if (!storage) throw new Error(`No storage for ${target.name}`);
  const columns: [string, string][] = [];
  for (const field of [...LOOKUP_FIELDS, target.titleField]) {
    if (!Object.prototype.hasOwnProperty.call(target.fields, field)) continue;
    const where = fieldStorage(storage, field);
    if (where.kind === 'column') columns.push([field, where.column]);
  }
  const treeField = Object.entries(target.fields).find(([, def]) => def.type === 'tree')?.[0];
  const parentColumn = withParents && treeField ? fieldStorage(storage, treeField) : undefined;
  const select = [sql`t.id AS id`, ...columns.map(([field, column]) => sql`${sql.ref(`t.${column}`)} AS ${sql.id(field)}`)];
  if (parentColumn?.kind === 'column') select.push(sql`${sql.ref(`t.${parentColumn.column}`)} AS "_parent"`);
  const active = isActivable(target) ? fieldStorage(storage, 'isActive') : undefined;
  if (active?.kind === 'column') select.push(sql`${sql.ref(`t.${active.column}`)} AS "_active"`);
  const conditions: RawBuilder<unknown>[] = [sql`t.org_id = ${call.tenant}`, ...Object.entries(storage.filter ?? {}).map(([c, v]) => sql`${sql.ref(`t.${c}`)} = ${v}`)];
  const rows = await sql<Record<string, string | boolean | null>>`SELECT ${sql.join(select)} FROM ${sql.table(storage.table)} AS t WHERE ${sql.join(conditions, sql` AND `)}`.execute(trx);
  const index: ReferenceIndex = { resource: target, keys: new Map(), parents: parentColumn ? new Map() : undefined, inactive: new Set() };
  for (const row of rows.rows) {
    const id = String(row.id);
    if (row._active === false) index.inactive.add(id);
    addKey(index, `=${id}`, id);
    for (const [field] of columns) {
      const value = row[field];
      if (value === null || value === undefined) continue;
      if (field === target.titleField) addKey(index, `~${fold(String(value))}`, id);
      else addKey(index, `=${String(value)}`, id);
    }
    index.parents?.set(id, (row._parent as string | null) ?? null);
  }
  return index;
}

function resolve(index: ReferenceIndex, raw: string): { id?: string; error?: string } {
  for (const key of lookupKeys(raw)) {
    const ids = index.keys.get(key);
    if (!ids || ids.size === 0) continue;
    if (ids.size > 1) return { error: ENGINE_MESSAGES.ambiguous(raw.trim()) };
    return { id: [...ids][0] };
  }
  return { error: ENGINE_MESSAGES.notFound(raw.trim()) };
}

// ---------------------------------------------------------------- plan

export interface Plan {
  target: ImportTarget;
  rows: ReadRow[];
  /** Field key → column index. */
  columnOf: Map<string, number>;
  /** Row indexes in processing order (tree parents first). */
  order: number[];
  /** Errors found across rows (repeated keys, cycles), by row index. */
  notes: Map<number, FieldErrors>;
  /** Reference indexes by target resource name. */
  indexes: Map<string, ReferenceIndex>;
  /** Ids given to new records ahead of time (so the file's children can name them). */
  plannedIds: Map<number, string>;
}

const isReference = (def: FieldDef) => def.type === 'reference' || def.type === 'tree';
const referenceTarget = (resource: AnyResource, def: FieldDef) => (def.type === 'tree' ? resource.name : (def as { resource: string }).resource);

/** Field definition of an import field key (`name` or `list.0.sub`). */
export function fieldDefOfKey(resource: AnyResource, key: string): ScalarFieldDef | undefined {
  const [name, , sub] = key.split('.');
  const def = resource.fields[name];
  if (!def) return undefined;
  if (sub === undefined) return def.type === 'list' ? undefined : def;
  return def.type === 'list' ? def.of[sub] : undefined;
}

function addError(errors: FieldErrors, field: string, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

const cellOf = (plan: Plan, row: ReadRow, key: string) => {
  const index = plan.columnOf.get(key);
  return index === undefined ? undefined : (row.cells[index] ?? '');
};

/** The normalised key tuple of a row as a string (null when a key cell is empty or unreadable). */
function rowKey(plan: Plan, row: ReadRow, parentOf?: (raw: string) => string | null): string | null {
  const parts: string[] = [];
  for (const field of plan.target.matchFields) {
    const raw = cellOf(plan, row, field);
    if (raw === undefined) {
      if (field === plan.target.key) return null;
      continue;
    }
    const def = fieldDefOfKey(plan.target.resource, field)!;
    if (isReference(def)) {
      parts.push(raw.trim() ? (parentOf?.(raw) ?? `?${fold(raw)}`) : '');
      continue;
    }
    if (!raw.trim()) return null;
    const cell = normaliseCell(def, raw, { field, sibling: () => undefined });
    if (cell.error !== undefined) return null;
    parts.push(String(cell.value));
  }
  return parts.join('\u0001');
}

export async function preparePlan(trx: Trx, call: Call, target: ImportTarget, columns: string[], rows: ReadRow[], mapping: Record<string, string>): Promise<Plan> {
  const columnOf = new Map<string, number>();
  for (const [column, field] of Object.entries(mapping)) {
    const index = columns.indexOf(column);
    if (index >= 0) columnOf.set(field, index);
  }
  const plan: Plan = { target, rows, columnOf, order: rows.map((_, i) => i), notes: new Map(), indexes: new Map(), plannedIds: new Map() };
  const note = (index: number, field: string, message: string) => {
    let errors = plan.notes.get(index);
    if (!errors) plan.notes.set(index, (errors = {}));
    addError(errors, field, message);
  };

  // Reference indexes of the mapped reference fields.
  const resource = target.resource;
  for (const key of columnOf.keys()) {
    const def = fieldDefOfKey(resource, key);
    if (!def || !isReference(def)) continue;
    const name = referenceTarget(resource, def);
    if (!plan.indexes.has(name)) plan.indexes.set(name, await loadIndex(trx, call, findResource(name)!, name === resource.name));
  }

  // Trees: the file's own rows can be parents; new ones get their id now.
  const treeField = Object.entries(resource.fields).find(([, def]) => def.type === 'tree')?.[0];
  const self = plan.indexes.get(resource.name);
  const existingByKey = self ? await existingIds(plan, self) : new Map<string, string>();
  const keyToRow = new Map<string, number>();
  const rowKeys: (string | null)[] = rows.map((row) => rowKey(plan, row));
  rowKeys.forEach((key, index) => {
    if (key === null) return;
    const earlier = keyToRow.get(key);
    if (earlier !== undefined) note(earlier, target.key, ENGINE_MESSAGES.repeated(rows[index].line));
    keyToRow.set(key, index);
  });
  const winners = new Set(keyToRow.values());

  if (self && treeField) {
    // File rows join the self index under their code / slug / name, with their (planned) id.
    rows.forEach((row, index) => {
      if (!winners.has(index)) return;
      const id = existingByKey.get(rowKeys[index]!) ?? randomUUID();
      if (!existingByKey.has(rowKeys[index]!)) plan.plannedIds.set(index, id);
      for (const field of [...LOOKUP_FIELDS, resource.titleField]) {
        const raw = cellOf(plan, row, field);
        if (!raw?.trim()) continue;
        if (field === resource.titleField) addKey(self, `~${fold(raw)}`, id);
        else addKey(self, `=${raw.trim()}`, id);
      }
    });
    const idOfRow = (index: number) => plan.plannedIds.get(index) ?? existingByKey.get(rowKeys[index]!);
    const rowOfId = new Map<string, number>();
    rows.forEach((_, index) => {
      const id = winners.has(index) ? idOfRow(index) : undefined;
      if (id) rowOfId.set(id, index);
    });
    // Parent of each row (resolved ids), the final tree = existing parents overlaid with the file.
    const parents = new Map<string, string | null>(self.parents);
    const parentOfRow = new Map<number, string>();
    rows.forEach((row, index) => {
      const raw = cellOf(plan, row, treeField);
      const id = idOfRow(index);
      if (!id || !winners.has(index) || raw === undefined || !raw.trim()) return;
      const found = resolve(self, raw);
      if (found.id) {
        parentOfRow.set(index, found.id);
        parents.set(id, found.id);
      }
    });
    // Cycles: walking up from a row's parent reaches the row.
    const cyclic = new Set<number>();
    for (const [index, parentId] of parentOfRow) {
      const id = idOfRow(index)!;
      let current: string | null | undefined = parentId;
      for (let steps = 0; current && steps <= parents.size; steps++) {
        if (current === id) {
          cyclic.add(index);
          break;
        }
        current = parents.get(current);
      }
    }
    for (const index of cyclic) note(index, treeField, TREE_CYCLE_MESSAGE);
    // Order: a row after the file row that is its parent (ancestors first, file order otherwise);
    // iterative, so a deep chain cannot overflow the stack.
    const visited = new Set<number>();
    const order: number[] = [];
    rows.forEach((_, start) => {
      const chain: number[] = [];
      for (let index: number | undefined = start; index !== undefined && !visited.has(index); ) {
        visited.add(index);
        chain.push(index);
        const parentId: string | undefined = cyclic.has(index) ? undefined : parentOfRow.get(index);
        const parentRow: number | undefined = parentId ? rowOfId.get(parentId) : undefined;
        index = parentRow !== index ? parentRow : undefined;
      }
      for (let i = chain.length - 1; i >= 0; i--) order.push(chain[i]);
    });
    plan.order = order;
  }
  return plan;
}

/** Existing record ids of a tree by the file's key tuple (trees use single keys: code, or slug). */
async function existingIds(plan: Plan, self: ReferenceIndex): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  // Match on the key field alone: the evaluate step handles ambiguity with the parent.
  for (const row of plan.rows) {
    const raw = cellOf(plan, row, plan.target.key);
    if (!raw?.trim()) continue;
    const ids = self.keys.get(`=${raw.trim()}`);
    const key = rowKey(plan, row);
    if (ids?.size === 1 && key !== null) map.set(key, [...ids][0]);
  }
  return map;
}

// ---------------------------------------------------------------- evaluate

export interface Evaluated {
  index: number;
  line: number;
  /** Mapped cells as read, by field key. */
  input: Record<string, string>;
  errors: FieldErrors;
  /** Valid values (all writable fields) when `errors` is empty. */
  values?: Values;
  /** The record the row updates, when its natural key exists. */
  existing?: WireRecord;
  /** Id of the record written. */
  id?: string;
}

interface RowParts {
  input: Record<string, string>;
  /** Normalised values of the mapped, non-empty top-level cells. */
  fields: Values;
  /** Normalised values of mapped list cells: list → item field → value. */
  items: Record<string, Values>;
  errors: FieldErrors;
  /** Inactive records the row names (refused unless the record it updates already holds them). */
  inactive: { key: string; field: string; sub?: string; id: string; raw: string }[];
}

function readParts(plan: Plan, row: ReadRow): RowParts {
  const resource = plan.target.resource;
  const parts: RowParts = { input: {}, fields: {}, items: {}, errors: {}, inactive: [] };
  for (const [key, column] of plan.columnOf) parts.input[key] = row.cells[column] ?? '';
  for (const [key, raw] of Object.entries(parts.input)) {
    if (!raw.trim()) continue;
    const def = fieldDefOfKey(resource, key);
    if (!def) continue;
    const [name, , sub] = key.split('.');
    const context: CellContext = { field: sub ?? name, sibling: (other) => parts.input[sub === undefined ? other : `${name}.0.${other}`] };
    let value: unknown;
    if (isReference(def)) {
      const index = plan.indexes.get(referenceTarget(resource, def));
      const found = index ? resolve(index, raw) : { error: ENGINE_MESSAGES.notFound(raw) };
      if (found.error) {
        addError(parts.errors, key, found.error);
        continue;
      }
      value = found.id;
      if (index!.inactive.has(found.id!)) parts.inactive.push({ key, field: name, sub, id: found.id!, raw });
    } else {
      const cell = normaliseCell(def, raw, context);
      if (cell.error !== undefined) {
        addError(parts.errors, key, cell.error);
        continue;
      }
      value = cell.value;
    }
    if (sub === undefined) parts.fields[name] = value;
    else (parts.items[name] ??= {})[sub] = value;
  }
  return parts;
}

/** Defaults of a new record's writable fields. */
function defaults(resource: AnyResource): Values {
  const values: Values = {};
  for (const field of writableFields(resource)) {
    const def = resource.fields[field];
    if (def.type === 'boolean') values[field] = field === 'isActive';
    else if (def.type === 'list' || def.type === 'references' || def.type === 'scopes' || (def.type === 'enum' && def.multiple)) values[field] = [];
    else values[field] = null;
  }
  return values;
}

/** Defaults of a new list item: first enum option, the first item preferred, PIX type detected. */
function itemDefaults(def: Extract<FieldDef, { type: 'list' }>, patch: Values): Values {
  const item: Values = {};
  for (const [name, sub] of Object.entries(def.of)) {
    if (sub.type === 'boolean') item[name] = name === 'isDefault' || name === 'isActive';
    else if (sub.type === 'enum') item[name] = sub.options[0];
    else item[name] = null;
  }
  for (const [name, sub] of Object.entries(def.of)) {
    if (sub.type === 'pixKey' && sub.typeField && patch[name] && patch[sub.typeField] === undefined) {
      const detected = detectPixType(String(patch[name]));
      if (detected) item[sub.typeField] = detected;
    }
  }
  return item;
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

function validateValues(call: Call, target: ImportTarget, merged: Values, errors: FieldErrors): Values | undefined {
  const parsed = z.safeParse(target.schema, merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = pathOf(issue.path) || ROW;
      if (errors[field]) continue; // the cell's own message says it better
      const value = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), merged);
      addError(errors, field, value === null || value === undefined ? ENGINE_MESSAGES.required : issue.message);
    }
    return undefined;
  }
  const values = parsed.data as Values;
  const ruled = target.storage.validate ? target.storage.validate(values, call) : {};
  if (ruled instanceof Promise) throw new Error('async validate is not supported by the import');
  for (const [field, messages] of Object.entries(ruled)) for (const message of messages) addError(errors, field, message);
  return Object.keys(errors).length ? undefined : values;
}

/** Records of the base table whose key field is one of `keys`. */
async function existingRecords(trx: Trx, call: Call, target: ImportTarget, keys: string[]): Promise<WireRecord[]> {
  if (!keys.length) return [];
  const where = fieldStorage(target.baseStorage, target.key);
  if (where.kind !== 'column') throw new Error('import key must be a column');
  const baseCall: Call = { ...call, resource: target.base };
  return selectRecords(trx, baseCall, target.baseStorage, [sql`${sql.ref(`t.${where.column}`)} = ANY(${keys}::text[])`]);
}

/** Evaluates rows (by index): normalised, matched with existing records, merged, validated. */
export async function evaluate(trx: Trx, call: Call, plan: Plan, indexes: number[]): Promise<Evaluated[]> {
  const { target } = plan;
  const resource = target.resource;
  const parts = indexes.map((index) => readParts(plan, plan.rows[index]));
  const keys = [...new Set(parts.map((p) => p.fields[target.key]).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const found = await existingRecords(trx, call, target, keys);
  const byKey = new Map<string, WireRecord[]>();
  for (const record of found) {
    const key = String(record[target.key]);
    const list = byKey.get(key) ?? [];
    list.push(record);
    byKey.set(key, list);
  }
  const otherMatchFields = target.matchFields.filter((f) => f !== target.key && plan.columnOf.has(f));
  const unmappedMatch = target.matchFields.some((f) => f !== target.key && !plan.columnOf.has(f));

  return indexes.map((index, i): Evaluated => {
    const row = plan.rows[index];
    const { input, fields, items, errors } = parts[i];
    for (const [field, messages] of Object.entries(plan.notes.get(index) ?? {})) for (const message of messages) addError(errors, field, message);
    const result: Evaluated = { index, line: row.line, input, errors };
    // The record this row names: same key (and same parent, for keys unique among siblings).
    let candidates = typeof fields[target.key] === 'string' ? (byKey.get(fields[target.key] as string) ?? []) : [];
    for (const field of otherMatchFields) candidates = candidates.filter((record) => (record[field] ?? null) === (fields[field] ?? null));
    if (candidates.length > 1 && unmappedMatch) addError(errors, target.key, ENGINE_MESSAGES.ambiguousKey);
    const existing = candidates.length === 1 ? candidates[0] : undefined;
    for (const chosen of parts[i].inactive) {
      const held = existing?.[chosen.field];
      const holds = chosen.sub === undefined ? held === chosen.id : Array.isArray(held) && held.some((item) => (item as Values)?.[chosen.sub!] === chosen.id);
      if (!holds) addError(errors, chosen.key, inactiveReferenceMessage([chosen.raw.trim()]));
    }
    const base: Values = existing ? Object.fromEntries(writableFields(resource).map((f) => [f, existing[f]])) : defaults(resource);
    const merged: Values = { ...base, ...fields };
    for (const [name, patch] of Object.entries(items)) {
      const def = resource.fields[name];
      if (def?.type !== 'list') continue;
      const list = Array.isArray(merged[name]) ? [...(merged[name] as Values[])] : [];
      list[0] = { ...(list[0] ?? itemDefaults(def, patch)), ...patch };
      merged[name] = list;
    }
    result.values = validateValues(call, target, merged, errors);
    if (result.values) {
      result.existing = existing;
      result.id = existing?.id ?? plan.plannedIds.get(index) ?? randomUUID();
    }
    return result;
  });
}

// ---------------------------------------------------------------- write

/** The valid rows through the target's own service (its hooks, its view, one audit entry per row). */
function writeRows(trx: Trx, call: Call, target: ImportTarget, batchId: string, rows: Evaluated[]) {
  return call.ctx.records(target.resource.name).writeMany(
    trx,
    call,
    rows.map((row) => ({ id: row.id!, values: row.values!, existing: row.existing, audit: { importBatchId: batchId, line: row.line } })),
    'import',
  );
}

/** A database refusal of one row → its pt-BR message (unique → the declaration's, on its field). */
function rowFailure(error: unknown, target: ImportTarget): FieldErrors {
  const mapped = databaseError(error, target.storage);
  if (mapped instanceof HttpError) {
    if (mapped.errors && Object.keys(mapped.errors).length) return mapped.errors;
    return { [ROW]: [(error as { code?: string })?.code === '23503' ? ENGINE_MESSAGES.relatedMissing : mapped.message] };
  }
  return { [ROW]: [ENGINE_MESSAGES.writeFailed] };
}

export interface ChunkResult {
  created: number;
  updated: number;
  failed: Evaluated[];
}

/**
 * Writes the valid rows of a chunk (invalid ones come back in `failed`). One savepoint for the
 * whole chunk; when the database refuses it, each row again under its own savepoint.
 */
export async function writeChunk(trx: Trx, call: Call, plan: Plan, batchId: string, rows: Evaluated[], log: (error: unknown) => void): Promise<ChunkResult> {
  const valid = rows.filter((row) => row.values && !Object.keys(row.errors).length);
  const failed = rows.filter((row) => !valid.includes(row));
  if (!valid.length) return { created: 0, updated: 0, failed };
  await sql`SAVEPOINT import_chunk`.execute(trx);
  try {
    const written = await writeRows(trx, call, plan.target, batchId, valid);
    await sql`RELEASE SAVEPOINT import_chunk`.execute(trx);
    return { created: written.created.length, updated: written.updated.length, failed };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT import_chunk`.execute(trx);
    if (!(error as { code?: string })?.code && !(error instanceof HttpError)) log(error);
  }
  let created = 0;
  let updated = 0;
  for (const row of valid) {
    await sql`SAVEPOINT import_row`.execute(trx);
    try {
      const written = await writeRows(trx, call, plan.target, batchId, [row]);
      await sql`RELEASE SAVEPOINT import_row`.execute(trx);
      created += written.created.length;
      updated += written.updated.length;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT import_row`.execute(trx);
      if (!(error as { code?: string })?.code && !(error instanceof HttpError)) log(error);
      row.errors = rowFailure(error, plan.target);
      row.values = undefined;
      failed.push(row);
    }
  }
  return { created, updated, failed };
}

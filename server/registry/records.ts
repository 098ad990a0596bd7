/**
 * Generic reads and writes of a declaration's records, inside the caller's tenant transaction
 * (db/tenant.ts). Every statement filters by the tenant (and the parent) explicitly; row-level
 * security is the second wall. Only mapped columns are ever selected: nothing else (password
 * hashes, TOTP keys…) can reach an answer.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { COUNT_CAP, isActivable, recordName, type AnyResource, type FieldDef, type RefLabel } from '../../src/contracts/resource.js';
import { FILE_MESSAGES, FILE_TYPES } from '../../src/contracts/files.js';
import { fieldError, HttpError, MESSAGES, type FieldErrors } from '../errors.js';
import { fieldDefOf, fieldSql, orderBySql, type ParsedList } from './query.js';
import { BASE_COLUMNS, type ChildStorage, fieldStorage, snake, toColumn, toWire, type Call, type ResourceStorage, type StorageLookup, type Trx, type Values, type WireRecord } from './storage.js';

export const notFound = () => new HttpError(404, MESSAGES.notFound);

const REFERENCE_TYPES = new Set(['reference', 'references', 'tree']);

/** Conditions every statement of the resource carries: tenant and parent. */
function scopeConditions(storage: ResourceStorage, call: Call): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (storage.tenantColumn) {
    if (!call.tenant) throw new Error('tenant resource without a tenant');
    conditions.push(sql`${sql.ref(`t.${storage.tenantColumn}`)} = ${call.tenant}`);
  }
  if (storage.parent) {
    if (!call.parentId) throw new Error('nested resource without its parent');
    conditions.push(sql`${sql.ref(`t.${storage.parent.column}`)} = ${call.parentId}`);
  }
  if (call.ownerId) conditions.push(sql`${sql.ref(`t.${call.ownerColumn ?? 'created_by'}`)} = ${call.ownerId}`);
  conditions.push(...filterConditions(storage));
  return conditions;
}

/** The fixed column values of a view (`storage.filter`) as conditions on alias `t`. */
export function filterConditions(storage: ResourceStorage): RawBuilder<unknown>[] {
  return Object.entries(storage.filter ?? {}).map(([column, value]) => sql`${sql.ref(`t.${column}`)} = ${value}`);
}

const whereSql = (conditions: RawBuilder<unknown>[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

/** The select list: base fields and every field of the declaration, aliased by field name. */
export function selectSql(resource: AnyResource, storage: ResourceStorage): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`t.id AS "id"`,
    sql`t.version AS "version"`,
    sql`t.created_at AS "createdAt"`,
    sql`t.updated_at AS "updatedAt"`,
    sql`t.created_by AS "createdBy"`,
    sql`t.updated_by AS "updatedBy"`,
  ];
  for (const field of Object.keys(resource.fields)) {
    const where = fieldStorage(storage, field);
    const alias = sql.id(field);
    if (where.kind === 'column') parts.push(sql`${sql.ref(`t.${where.column}`)} AS ${alias}`);
    else if (where.kind === 'computed') parts.push(sql`(${where.expression}) AS ${alias}`);
    else if (where.kind === 'page') parts.push(sql`NULL AS ${alias}`);
    else if (where.kind === 'link') {
      const { table, own, other } = where.link;
      parts.push(sql`ARRAY(SELECT ${sql.ref(`l.${other}`)} FROM ${sql.table(table)} AS l WHERE ${sql.ref(`l.${own}`)} = t.id ORDER BY ${sql.ref(`l.${other}`)}) AS ${alias}`);
    } else {
      const { table, own, columns } = where.child;
      const keyed = (resource.fields[field] as { keyed?: boolean }).keyed;
      const pairs = [...(keyed ? [sql.lit('id'), sql.ref('c.id')] : []), ...Object.entries(columns).flatMap(([key, column]) => [sql.lit(key), sql.ref(`c.${column}`)])];
      parts.push(
        sql`COALESCE((SELECT jsonb_agg(jsonb_build_object(${sql.join(pairs)}) ORDER BY c.position, c.id) FROM ${sql.table(table)} AS c WHERE ${sql.ref(`c.${own}`)} = t.id), '[]'::jsonb) AS ${alias}`,
      );
    }
  }
  return sql.join(parts, sql`, `);
}

/** A selected row → the wire record (without `_refs`). */
export function rowToRecord(resource: AnyResource, row: Record<string, unknown>): WireRecord {
  const record: WireRecord = {
    id: String(row.id),
    version: Number(row.version),
    createdAt: toWire({ type: 'datetime', label: '' }, row.createdAt) as string,
    updatedAt: toWire({ type: 'datetime', label: '' }, row.updatedAt) as string,
    createdBy: (row.createdBy as string | null) ?? null,
    updatedBy: (row.updatedBy as string | null) ?? null,
  };
  for (const [field, def] of Object.entries(resource.fields)) record[field] = toWire(def, row[field]);
  return record;
}

/** Rows → wire records, with the page-computed fields (`storage.pageComputed`) computed for all of them at once. */
async function recordsOf(trx: Trx, call: Call, storage: ResourceStorage, rows: Record<string, unknown>[]): Promise<WireRecord[]> {
  const { resource } = call;
  const records = rows.map((row) => rowToRecord(resource, row));
  const ids = records.map((record) => record.id);
  for (const [field, compute] of Object.entries(storage.pageComputed ?? {})) {
    if (!records.length || !resource.fields[field]) continue;
    const values = await compute(trx, call, ids);
    for (const record of records) record[field] = toWire(resource.fields[field], values.get(record.id));
  }
  return records;
}

/** How many rows of the sort order a search page looks at first when its matches are plentiful. */
export const PROBE_ROWS = 2000;

/**
 * A page of the list. `plentiful`: the count stopped at COUNT_CAP.
 *
 * With a `q` search the planner tends to walk the sort index of the whole tenant hoping to find
 * a page of matches early (a rare term means every row): the matches come from the (trigram)
 * bitmap indexes and are sorted instead (index scans off, transaction-local, restored right
 * after). That sort costs as much as the matches are many: "Ltda" among 100,000 suppliers sorted
 * them all. So when the count says matches are plentiful, the page is first looked for among the
 * first PROBE_ROWS rows in sort order (an index walk that stops there); if they hold the whole
 * page it is exact — they are the head of the order — else the bitmap path answers. Walking the
 * whole index instead was measured and refused: matches cluster in sort order ("papelaria" sits
 * under P), so 5% of 100,000 persons took 227 ms walked against 18 ms sorted.
 */
export async function listRecords(trx: Trx, call: Call, storage: ResourceStorage, parsed: ParsedList, paging: { limit: number; offset: number }, plentiful = false): Promise<WireRecord[]> {
  const { resource } = call;
  const conditions = [...scopeConditions(storage, call), ...parsed.conditions];
  const order = orderBySql(resource, storage, parsed.sort);
  if (parsed.searchCondition && plentiful && paging.offset + paging.limit <= PROBE_ROWS / 2) {
    const others = [...scopeConditions(storage, call), ...parsed.conditions.filter((c) => c !== parsed.searchCondition)];
    const probe = await sql<Record<string, unknown>>`SELECT ${selectSql(resource, storage)}
      FROM (SELECT t.* FROM ${sql.table(storage.table)} AS t ${whereSql(others)} ORDER BY ${order} LIMIT ${PROBE_ROWS}) AS t
      WHERE ${parsed.searchCondition} ORDER BY ${order} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(trx);
    if (probe.rows.length === paging.limit) return recordsOf(trx, call, storage, probe.rows);
  }
  if (parsed.searchCondition) await sql`SELECT set_config('enable_indexscan', 'off', true)`.execute(trx);
  const result = await sql<Record<string, unknown>>`SELECT ${selectSql(resource, storage)} FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)}
    ORDER BY ${order} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(trx);
  if (parsed.searchCondition) await sql`SELECT set_config('enable_indexscan', 'on', true)`.execute(trx);
  return recordsOf(trx, call, storage, result.rows);
}

/**
 * Totals of every match (the list footer): count and sums of `sum` fields, and the same per value
 * of each `groupBy` field (by due date, by bank account), in the field's order, up to 100 values
 * each. One scan: GROUPING SETS ((), (a), (b)) — three separate aggregations read the matches
 * three times (bench/payment-queue.ts: ~180 ms against ~70 ms over 90,000 queued parcelas).
 */
export async function totalRecords(trx: Trx, call: Call, storage: ResourceStorage, parsed: ParsedList, sum: readonly string[], groupBy: readonly string[]) {
  const conditions = [...scopeConditions(storage, call), ...parsed.conditions];
  const sums = sum.map((field) => sql`, COALESCE(sum(${fieldSql(storage, field)}), 0)::text AS ${sql.id(`s_${field}`)}`);
  const keys = groupBy.map((field, index) => sql`, ${fieldSql(storage, field)}::text AS ${sql.id(`k${index}`)}, grouping(${fieldSql(storage, field)}) AS ${sql.id(`g${index}`)}`);
  const sets = sql.join([sql`()`, ...groupBy.map((field) => sql`(${fieldSql(storage, field)})`)], sql`, `);
  const rows = await sql<Record<string, unknown>>`SELECT count(*)::text AS count ${sql.join([...sums, ...keys], sql` `)}
    FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)} GROUP BY GROUPING SETS (${sets})`.execute(trx);
  const read = (row: Record<string, unknown>) => Object.fromEntries(sum.map((field) => [field, Number(row[`s_${field}`] ?? 0)]));
  const isTotal = (row: Record<string, unknown>) => groupBy.every((_, index) => Number(row[`g${index}`]) === 1);
  const whole = rows.rows.find(isTotal);
  const groups: Record<string, { key: string | null; count: number; sums: Record<string, number> }[]> = {};
  groupBy.forEach((field, index) => {
    groups[field] = rows.rows
      .filter((row) => Number(row[`g${index}`]) === 0)
      .map((row) => ({ key: (row[`k${index}`] as string | null) ?? null, count: Number(row.count), sums: read(row) }))
      .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, 100);
  });
  return { count: Number(whole?.count ?? 0), sums: read(whole ?? {}), groups };
}

/** Matches of the list, counted up to `COUNT_CAP` (`capped` when there are more). */
export async function countRecords(trx: Trx, call: Call, storage: ResourceStorage, parsed: ParsedList): Promise<{ total: number; capped: boolean }> {
  const conditions = [...scopeConditions(storage, call), ...parsed.conditions];
  const result = await sql<{ total: string | number }>`SELECT count(*) AS total FROM (SELECT 1 FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)} LIMIT ${COUNT_CAP + 1}) AS matches`.execute(trx);
  const total = Number(result.rows[0]?.total ?? 0);
  return total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false };
}

/** Records of the tenant (and parent, and view) matching extra conditions on alias `t`, unordered. */
export async function selectRecords(trx: Trx, call: Call, storage: ResourceStorage, conditions: RawBuilder<unknown>[]): Promise<WireRecord[]> {
  const all = [...scopeConditions(storage, call), ...conditions];
  const result = await sql<Record<string, unknown>>`SELECT ${selectSql(call.resource, storage)} FROM ${sql.table(storage.table)} AS t ${whereSql(all)}`.execute(trx);
  return recordsOf(trx, call, storage, result.rows);
}

/** Ids of the tenant's records (and parent's, and view's) matching `conditions`, row-locked in id order. */
export async function lockRecords(trx: Trx, call: Call, storage: ResourceStorage, conditions: RawBuilder<unknown>[]): Promise<string[]> {
  const result = await sql<{ id: string }>`SELECT t.id FROM ${sql.table(storage.table)} AS t ${whereSql([...scopeConditions(storage, call), ...conditions])} ORDER BY t.id FOR UPDATE`.execute(trx);
  return result.rows.map((row) => row.id);
}

/** Records of the tenant (and parent, and view) matching `conditions`, row-locked and read in id order in one statement (a cascade's targets). */
export async function lockAndSelectRecords(trx: Trx, call: Call, storage: ResourceStorage, conditions: RawBuilder<unknown>[]): Promise<WireRecord[]> {
  const all = [...scopeConditions(storage, call), ...conditions];
  const result = await sql<Record<string, unknown>>`SELECT ${selectSql(call.resource, storage)} FROM ${sql.table(storage.table)} AS t ${whereSql(all)} ORDER BY t.id FOR UPDATE OF t`.execute(trx);
  return recordsOf(trx, call, storage, result.rows);
}

/** One record of the tenant (and parent), or undefined; `lock` takes a row lock for an update. */
export async function findRecord(trx: Trx, call: Call, storage: ResourceStorage, id: string, lock = false): Promise<WireRecord | undefined> {
  if (id.length > 64) return undefined;
  const conditions = [...scopeConditions(storage, call), sql`t.id = ${id}`];
  if (lock) {
    const locked = await sql`SELECT t.id FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)} FOR UPDATE`.execute(trx);
    if (!locked.rows.length) return undefined;
  }
  const result = await sql<Record<string, unknown>>`SELECT ${selectSql(call.resource, storage)} FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)}`.execute(trx);
  return result.rows[0] ? (await recordsOf(trx, call, storage, result.rows))[0] : undefined;
}

/**
 * Every reference a declaration holds: top-level `reference`/`references`/`tree` fields, and
 * `reference` sub-fields of `list` items (`bankAccounts[].bankId`), with the target's name.
 */
interface ReferenceSite {
  field: string;
  /** Sub-field of a list item, or undefined for a top-level field. */
  sub?: string;
  target: string;
  /** A `file` field: the target is the files table, of these types. */
  files?: readonly string[];
}

function referenceSites(resource: AnyResource): ReferenceSite[] {
  const sites: ReferenceSite[] = [];
  const site = (field: string, def: FieldDef, sub?: string): ReferenceSite | null => {
    if (def.type === 'file') return { field, sub, target: 'files', files: def.accept ?? Object.keys(FILE_TYPES) };
    if (!REFERENCE_TYPES.has(def.type)) return null;
    return { field, sub, target: def.type === 'tree' ? resource.name : (def as { resource: string }).resource };
  };
  // Who created and changed it: named where the screens show it (owned and workflow records, and a
  // list with a "Criado por" or "Atualizado por" column: the entregas).
  const shownInList = (field: string) => resource.list?.columns.some((column) => column.field === field) ?? false;
  if (resource.ownership || resource.workflow || shownInList('createdBy') || shownInList('updatedBy')) for (const field of ['createdBy', 'updatedBy']) sites.push({ field, target: 'users' });
  for (const [field, def] of Object.entries(resource.fields)) {
    if (def.type === 'list') {
      for (const [sub, subDef] of Object.entries(def.of)) {
        const found = site(field, subDef, sub);
        if (found) sites.push(found);
      }
    } else {
      const found = site(field, def);
      if (found) sites.push(found);
    }
  }
  return sites;
}

/** Ready files of the caller's tenant among `ids`: id → name and type. */
async function existingFiles(trx: Trx, call: Call, ids: string[]): Promise<Map<string, { label: string; contentType: string }>> {
  const found = new Map<string, { label: string; contentType: string }>();
  const wanted = ids.filter((id) => id.length <= 64);
  if (!wanted.length || !call.tenant) return found;
  const rows = await sql<{ id: string; name: string; content_type: string }>`SELECT id, name, content_type FROM files WHERE org_id = ${call.tenant} AND status = 'ready' AND id IN (${sql.join(wanted)})`.execute(trx);
  for (const row of rows.rows) found.set(row.id, { label: row.name, contentType: row.content_type });
  return found;
}

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? (value as unknown[]).map(String) : value ? [String(value)] : []);

/** Each (key, ids) a site names in one record: `field` or `field.{index}.{sub}`. */
function siteValues(site: ReferenceSite, record: Record<string, unknown>): [key: string, ids: string[]][] {
  if (!site.sub) return [[site.field, idsOf(record[site.field])]];
  const items = Array.isArray(record[site.field]) ? (record[site.field] as Record<string, unknown>[]) : [];
  return items.map((item, index) => [`${site.field}.${index}.${site.sub}`, idsOf(item?.[site.sub!])]);
}

/**
 * Ids and labels of the target that exist in the caller's tenant (and view); with `inactive`, the
 * inactive ones among them are added to it, read in the same query (an activable target), and the
 * rows stay share-locked until the caller's transaction ends: an inactivation running meanwhile
 * waits for the record that chose them, or, when it came first, is seen here (a check, then a
 * write, with the row free in between, let a new record take a record inactivated meanwhile). In
 * id order, as a bulk change takes them (bulk-each.ts), so the two never wait on each other.
 */
async function existing(trx: Trx, call: Call, target: AnyResource, storage: ResourceStorage, ids: string[], inactive?: Set<string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const wanted = ids.filter((id) => id.length <= 64);
  if (!wanted.length) return found;
  const title = fieldStorage(storage, target.titleField);
  const label = title.kind === 'column' ? sql.ref(`t.${title.column}`) : title.kind === 'computed' ? sql`(${title.expression})` : sql`t.id`;
  const activeColumn = inactive && isActivable(target) ? fieldStorage(storage, 'isActive') : undefined;
  const active = activeColumn?.kind === 'column' ? sql`, ${sql.ref(`t.${activeColumn.column}`)} AS active` : sql``;
  const conditions: RawBuilder<unknown>[] = [sql`t.id IN (${sql.join(wanted)})`, ...filterConditions(storage)];
  if (storage.tenantColumn && call.tenant) conditions.push(sql`${sql.ref(`t.${storage.tenantColumn}`)} = ${call.tenant}`);
  const lock = activeColumn?.kind === 'column' ? sql` ORDER BY t.id FOR SHARE OF t` : sql``;
  const rows = await sql<{ id: string; label: unknown; active?: boolean }>`SELECT t.id, ${label} AS label${active} FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)}${lock}`.execute(trx);
  for (const row of rows.rows) {
    found.set(row.id, recordName(target, row.label));
    if (row.active === false) inactive?.add(row.id);
  }
  return found;
}

/**
 * Adds `_refs` (labels of referenced records of the same tenant) to read answers; references
 * inside list items are keyed by their dotted path (`bankAccounts.0.bankId`).
 */
export async function addRefs(trx: Trx, call: Call, lookup: StorageLookup, records: WireRecord[], resolveTarget: (name: string) => AnyResource | undefined): Promise<void> {
  const { resource } = call;
  for (const record of records) record._refs = {};
  for (const site of referenceSites(resource)) {
    const ids = [...new Set(records.flatMap((record) => siteValues(site, record).flatMap(([, list]) => list)))];
    let labels: Map<string, string>;
    if (site.files) labels = new Map([...(await existingFiles(trx, call, ids))].map(([id, file]) => [id, file.label]));
    else {
      const target = resolveTarget(site.target);
      const targetStorage = target && lookup(target.name);
      if (!target || !targetStorage) continue;
      labels = await existing(trx, call, target, targetStorage, ids);
    }
    for (const record of records) {
      for (const [key, list] of siteValues(site, record)) {
        if (site.sub && !list.length) continue;
        record._refs![key] = list.filter((id) => labels.has(id)).map((id): RefLabel => ({ id, label: labels.get(id)! }));
      }
    }
  }
}

/**
 * A person's create or edit (the API's create and update, not a cascade copying a reference from
 * its source): a record chosen there must be active, where its resource can be inactivated
 * (`isActive`). What the record held `before` stays allowed, so an old record still saves after
 * its supplier was inactivated; for a record an endpoint makes from a source (an NF-e's ordem, a
 * statement line's account), `before` holds what it took from there, and only the rest is the person's choice.
 */
export interface ChosenByPerson {
  before?: Readonly<Record<string, unknown>>;
}

/** The refusal of a newly chosen inactive record (the import engine's too), naming it. */
export const inactiveReferenceMessage = (names: readonly string[]) => `Registro inativo: ${names.join(', ')}. Escolha um registro ativo.`;

/**
 * Every referenced id (list items included) must be a record of the caller's tenant — and of the
 * view, for a view target (`suppliers`): 400 with the field otherwise (a foreign id answers like
 * a missing one).
 */
export async function checkReferences(
  trx: Trx,
  call: Call,
  lookup: StorageLookup,
  values: Values,
  resolveTarget: (name: string) => AnyResource | undefined,
  chosen?: ChosenByPerson,
): Promise<void> {
  const errors: FieldErrors = {};
  // Records first, each target read once for every site naming it (its rows locked in one statement, in id order).
  const recordSites: { site: ReferenceSite; target: AnyResource; pairs: [key: string, ids: string[]][] }[] = [];
  for (const site of referenceSites(call.resource)) {
    if (!(site.field in values)) continue;
    const pairs = siteValues(site, values).filter(([, ids]) => ids.length);
    if (!pairs.length) continue;
    if (site.files) {
      const files = await existingFiles(trx, call, [...new Set(pairs.flatMap(([, ids]) => ids))]);
      for (const [key, ids] of pairs) {
        if (ids.some((id) => !files.has(id))) errors[key] = [FILE_MESSAGES.notReady];
        else if (ids.some((id) => !site.files!.includes(files.get(id)!.contentType))) errors[key] = [FILE_MESSAGES.notAccepted];
      }
      continue;
    }
    const target = resolveTarget(site.target);
    if (!target || !lookup(target.name)) throw new Error(`No storage for ${site.target}, referenced by ${call.resource.name}.${site.field}`);
    recordSites.push({ site, target, pairs });
  }
  const read = new Map<string, { found: Map<string, string>; inactive: Set<string> }>();
  for (const target of new Set(recordSites.map(({ target }) => target))) {
    const inactive = new Set<string>();
    const ids = [...new Set(recordSites.filter((named) => named.target === target).flatMap(({ pairs }) => pairs.flatMap(([, ids]) => ids)))];
    read.set(target.name, { found: await existing(trx, call, target, lookup(target.name)!, ids, chosen ? inactive : undefined), inactive });
  }
  for (const { site, target, pairs } of recordSites) {
    const { found, inactive } = read.get(target.name)!;
    const held = new Set(chosen?.before ? siteValues(site, chosen.before).flatMap(([, ids]) => ids) : []);
    for (const [key, ids] of pairs) {
      const missing = [...new Set(ids)].filter((id) => !found.has(id));
      const off = [...new Set(ids)].filter((id) => inactive.has(id) && !held.has(id));
      if (missing.length) errors[key] = [`Registro não encontrado: ${missing.join(', ')}.`];
      else if (off.length) errors[key] = [inactiveReferenceMessage(off.map((id) => found.get(id)!))];
    }
  }
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}

/** Advisory lock key of a tree (one per table and tenant): moves of one tree run one at a time. */
const treeLockKey = (table: string, tenant: string | null) => `tree:${table}:${tenant ?? ''}`;

export const TREE_CYCLE_MESSAGE = 'Escolha outro nível: um registro não pode ficar abaixo dele mesmo nem de um dos seus subordinados.';

/**
 * Tree fields (`tree`: the parent in the same resource) of an update: the new parent may be
 * neither the record itself nor one of its descendants (400 on the field). Moves of one tree
 * are serialised by a transaction-level advisory lock, so two concurrent moves cannot build a
 * cycle between them.
 */
export async function checkTree(trx: Trx, call: Call, storage: ResourceStorage, id: string, values: Values): Promise<void> {
  for (const [field, def] of Object.entries(call.resource.fields)) {
    if (def.type !== 'tree' || !(field in values)) continue;
    const parentId = values[field];
    if (parentId === null || parentId === undefined || parentId === '') continue;
    const where = fieldStorage(storage, field);
    if (where.kind !== 'column') continue;
    if (parentId === id) throw new HttpError(400, MESSAGES.validation, { [field]: [TREE_CYCLE_MESSAGE] });
    await sql`SELECT pg_advisory_xact_lock(hashtext(${treeLockKey(storage.table, call.tenant)}))`.execute(trx);
    const column = sql.ref(where.column);
    const tenant = storage.tenantColumn && call.tenant ? sql`AND t.${sql.ref(storage.tenantColumn)} = ${call.tenant}` : sql``;
    const cycle = await sql<{ found: number }>`WITH RECURSIVE up(id, parent, depth) AS (
        SELECT t.id, t.${column}, 0 FROM ${sql.table(storage.table)} AS t WHERE t.id = ${String(parentId)} ${tenant}
        UNION ALL
        SELECT t.id, t.${column}, up.depth + 1 FROM ${sql.table(storage.table)} AS t JOIN up ON t.id = up.parent WHERE up.depth < 10000 ${tenant}
      ) SELECT 1 AS found FROM up WHERE up.id = ${id} LIMIT 1`.execute(trx);
    if (cycle.rows.length) throw new HttpError(400, MESSAGES.validation, { [field]: [TREE_CYCLE_MESSAGE] });
  }
}

/** Column values of the writable (or, with `readOnly`, the server-managed) fields present in `values` (links and children apart). */
export function columnValues(resource: AnyResource, storage: ResourceStorage, values: Values, readOnly = false): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const def = fieldDefOf(resource, field);
    if (!def || Boolean(def.readOnly) !== readOnly || field in BASE_COLUMNS) continue;
    const where = fieldStorage(storage, field);
    if (where.kind === 'column') columns[where.column] = toColumn(def, value);
  }
  return columns;
}

async function writeRelations(trx: Trx, call: Call, storage: ResourceStorage, id: string, values: Values, replace: boolean): Promise<void> {
  const orgId = call.tenant;
  for (const [field, link] of Object.entries(storage.links ?? {})) {
    if (!(field in values)) continue;
    const ids = [...new Set((values[field] as string[] | null | undefined) ?? [])];
    if (replace) await sql`DELETE FROM ${sql.table(link.table)} WHERE ${sql.ref(link.own)} = ${id}`.execute(trx);
    if (!ids.length) continue;
    const rows = ids.map((other) => sql`(${orgId}, ${id}, ${other})`);
    await sql`INSERT INTO ${sql.table(link.table)} (org_id, ${sql.ref(link.own)}, ${sql.ref(link.other)}) VALUES ${sql.join(rows)}`.execute(trx);
  }
  for (const [field, child] of Object.entries(storage.children ?? {})) {
    if (!(field in values)) continue;
    const items = (values[field] as Record<string, unknown>[] | null | undefined) ?? [];
    if ((call.resource.fields[field] as { keyed?: boolean } | undefined)?.keyed) {
      await writeKeyedItems(trx, call, storage, child, field, id, items);
      continue;
    }
    if (replace) await sql`DELETE FROM ${sql.table(child.table)} WHERE ${sql.ref(child.own)} = ${id}`.execute(trx);
    if (!items.length) continue;
    const rows = items.map((item, position) => sql`(${randomUUID()}, ${orgId}, ${id}, ${position}, ${childRow(storage, child, id, item).values})`);
    await sql`INSERT INTO ${sql.table(child.table)} (id, org_id, ${sql.ref(child.own)}, position, ${childRow(storage, child, id, {}).names}) VALUES ${sql.join(rows)}`.execute(trx);
  }
}

/**
 * An item's columns and values, with the columns the child inherits from its owner's row (scalar
 * subqueries inside VALUES, so the parameters keep the target columns' types). An inherited column
 * that is also an item's keeps the item's value when it has one (a parcela's own account).
 */
function childRow(owner: ResourceStorage, child: ChildStorage, ownerId: string, item: Record<string, unknown>): { names: RawBuilder<unknown>; values: RawBuilder<unknown> } {
  const inherit = child.inherit ?? {};
  const fromOwner = (column: string) => sql`(SELECT ${sql.ref(`o.${inherit[column]}`)} FROM ${sql.table(owner.table)} AS o WHERE o.id = ${ownerId})`;
  const own = Object.entries(child.columns).map(([key, column]) => [column, column in inherit ? sql`COALESCE(${sql.val(item[key] ?? null)}, ${fromOwner(column)})` : sql.val(item[key] ?? null)] as const);
  const itemColumns = new Set(Object.values(child.columns));
  const inherited = Object.keys(inherit).filter((column) => !itemColumns.has(column)).map((column) => [column, fromOwner(column)] as const);
  const all = [...own, ...inherited];
  return { names: sql.join(all.map(([column]) => sql.ref(column))), values: sql.join(all.map(([, value]) => value)) };
}

/**
 * Line items with identity: an item with an `id` updates that row (it must be one of this
 * record's: 400 on `{field}.{index}.id` otherwise), one without is inserted with a new id, and
 * the rows not sent are deleted. Positions follow the order sent.
 */
async function writeKeyedItems(trx: Trx, call: Call, owner: ResourceStorage, child: ChildStorage, field: string, ownerId: string, items: Record<string, unknown>[]): Promise<void> {
  const table = sql.table(child.table);
  const own = sql.ref(child.own);
  const existing = new Set((await sql<{ id: string }>`SELECT id FROM ${table} WHERE ${own} = ${ownerId}`.execute(trx)).rows.map((row) => row.id));
  const errors: FieldErrors = {};
  const kept = new Set<string>();
  items.forEach((item, index) => {
    const itemId = typeof item.id === 'string' ? item.id : undefined;
    if (itemId === undefined) return;
    if (!existing.has(itemId) || kept.has(itemId)) errors[`${field}.${index}.id`] = ['Item não encontrado neste registro.'];
    kept.add(itemId);
  });
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
  const gone = [...existing].filter((itemId) => !kept.has(itemId));
  if (gone.length) await sql`DELETE FROM ${table} WHERE ${own} = ${ownerId} AND id IN (${sql.join(gone)})`.execute(trx);
  // One statement for the items kept (rows already holding what was sent are left alone) and one
  // for the new ones, however many lines (a lançamento's parcelas: 2 statements, not one a line).
  const kept$ = items.flatMap((item, position) => (typeof item.id === 'string' ? [{ item, position }] : []));
  const added = items.flatMap((item, position) => (typeof item.id === 'string' ? [] : [{ item, position }]));
  if (kept$.length) await updateKeptItems(trx, child, ownerId, kept$);
  if (added.length) {
    const rows = added.map(({ item, position }) => sql`(${randomUUID()}, ${call.tenant}, ${ownerId}, ${position}, ${childRow(owner, child, ownerId, item).values})`);
    await sql`INSERT INTO ${table} (id, org_id, ${own}, position, ${childRow(owner, child, ownerId, {}).names}) VALUES ${sql.join(rows)}`.execute(trx);
  }
}

/**
 * The kept items of a keyed list in one UPDATE from `jsonb_populate_recordset` (rows of the child
 * table's own type: every column typed as stored, arrays included); a row whose position and
 * values are already those sent is not rewritten (its triggers do not fire for nothing).
 */
async function updateKeptItems(trx: Trx, child: ChildStorage, ownerId: string, kept: { item: Record<string, unknown>; position: number }[]): Promise<void> {
  const keys = Object.keys(child.columns);
  const json = JSON.stringify(kept.map(({ item, position }) => Object.fromEntries([['id', item.id], ['position', position], ...keys.map((key) => [child.columns[key], item[key] ?? null])])));
  const target = ['position', ...keys.map((key) => child.columns[key])];
  const sets = target.map((column) => sql`${sql.ref(column)} = ${sql.ref(`r.${column}`)}`);
  const differs = sql`(${sql.join(target.map((column) => sql.ref(`t.${column}`)))}) IS DISTINCT FROM (${sql.join(target.map((column) => sql.ref(`r.${column}`)))})`;
  await sql`UPDATE ${sql.table(child.table)} AS t SET ${sql.join(sets)}
    FROM jsonb_populate_recordset(NULL::${sql.table(child.table)}, ${json}::jsonb) AS r
    WHERE t.id = r.id AND ${sql.ref(`t.${child.own}`)} = ${ownerId} AND ${differs}`.execute(trx);
}

export async function insertRecord(trx: Trx, call: Call, storage: ResourceStorage, values: Values, extra: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const now = call.ctx.clock();
  const author = call.userId || null;
  const columns: Record<string, unknown> = { ...columnValues(call.resource, storage, values), ...extra, ...storage.filter, id, version: 1, created_at: now, updated_at: now, created_by: author, updated_by: author };
  if (storage.tenantColumn) columns[storage.tenantColumn] = call.tenant;
  if (storage.parent) columns[storage.parent.column] = call.parentId;
  const names = Object.keys(columns);
  await sql`INSERT INTO ${sql.table(storage.table)} (${sql.join(names.map((n) => sql.ref(n)))}) VALUES (${sql.join(names.map((n) => sql.val(columns[n])))})`.execute(trx);
  await writeRelations(trx, call, storage, id, values, false);
  return id;
}

/** Writes the values (full replace of the writable fields present) and bumps the version. */
export async function updateRecord(trx: Trx, call: Call, storage: ResourceStorage, id: string, values: Values, extra: Record<string, unknown> = {}): Promise<void> {
  const columns: Record<string, unknown> = { ...columnValues(call.resource, storage, values), ...extra, updated_at: call.ctx.clock(), updated_by: call.userId || null };
  const sets = Object.entries(columns).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  sets.push(sql`version = version + 1`);
  const conditions = [...scopeConditions(storage, call), sql`t.id = ${id}`];
  const result = await sql`UPDATE ${sql.table(storage.table)} AS t SET ${sql.join(sets)} ${whereSql(conditions)}`.execute(trx);
  if (Number(result.numAffectedRows ?? 0n) !== 1) throw notFound();
  await writeRelations(trx, call, storage, id, values, true);
}

/**
 * Writes server-managed columns only (a transition's state, a baixa's paid amount) and bumps the
 * version (`keepVersion`: the storage's bookkeeping transitions leave it), answering the record as it now is in the same statement — no child rows to rewrite, so
 * RETURNING sees everything a read after it would.
 */
export async function updateManaged(trx: Trx, call: Call, storage: ResourceStorage, id: string, columns: Record<string, unknown>, keepVersion = false): Promise<WireRecord> {
  const sets = [...Object.entries({ ...columns, updated_at: call.ctx.clock(), updated_by: call.userId || null }).map(([name, value]) => sql`${sql.ref(name)} = ${value}`), ...(keepVersion ? [] : [sql`version = version + 1`])];
  const conditions = [...scopeConditions(storage, call), sql`t.id = ${id}`];
  const result = await sql<Record<string, unknown>>`UPDATE ${sql.table(storage.table)} AS t SET ${sql.join(sets)} ${whereSql(conditions)} RETURNING ${selectSql(call.resource, storage)}`.execute(trx);
  if (result.rows.length !== 1) throw notFound();
  return (await recordsOf(trx, call, storage, result.rows))[0];
}

/**
 * Server-managed columns of many records at once, each its own values (a bulk chunk's transitions:
 * chunk-writes.ts), bumping versions unless `keepVersion`; answers each record as it now is, as
 * `updateManaged` does for one (RETURNING the view). The rows are read as the table's own row type
 * (`jsonb_populate_recordset`): every column typed as stored, whatever the hooks add.
 */
export async function updateManagedRows(trx: Trx, call: Call, storage: ResourceStorage, rows: readonly { id: string; columns: Readonly<Record<string, unknown>> }[], keepVersion: boolean): Promise<WireRecord[]> {
  if (!rows.length) return [];
  const names = Object.keys(rows[0].columns);
  const jsonColumns = listColumns(call.resource, storage);
  const json = JSON.stringify(
    rows.map(({ id, columns }) => {
      const row: Record<string, unknown> = { id };
      for (const name of names) row[name] = jsonColumns.has(name) && typeof columns[name] === 'string' ? JSON.parse(columns[name] as string) : columns[name];
      return row;
    }),
  );
  // Renamed apart from the table's columns: an expression of the view naming a column bare still means the table's.
  const picked = sql.join([sql`p.id AS r_id`, ...names.map((name, n) => sql`${sql.ref(`p.${name}`)} AS ${sql.id(`r_${n}`)}`)]);
  const sets = [...names.map((name, n) => sql`${sql.ref(name)} = ${sql.ref(`r.r_${n}`)}`), sql`updated_at = ${call.ctx.clock()}`, sql`updated_by = ${call.userId || null}`, ...(keepVersion ? [] : [sql`version = t.version + 1`])];
  const conditions = [...scopeConditions(storage, call), sql`t.id = ANY(${rows.map((row) => row.id)}::text[])`, sql`t.id = r.r_id`];
  const result = await sql<Record<string, unknown>>`UPDATE ${sql.table(storage.table)} AS t SET ${sql.join(sets)}
    FROM (SELECT ${picked} FROM jsonb_populate_recordset(NULL::${sql.table(storage.table)}, ${json}::jsonb) AS p) AS r
    ${whereSql(conditions)} RETURNING ${selectSql(call.resource, storage)}`.execute(trx);
  return recordsOf(trx, call, storage, result.rows);
}

/** Columns of the declaration's `list` fields (jsonb: a value written as JSON text goes in parsed). */
const listColumnsOf = new WeakMap<ResourceStorage, Set<string>>();
function listColumns(resource: AnyResource, storage: ResourceStorage): Set<string> {
  let columns = listColumnsOf.get(storage);
  if (!columns) {
    columns = new Set();
    for (const [field, def] of Object.entries(resource.fields)) {
      const where = fieldStorage(storage, field);
      if (def.type === 'list' && where.kind === 'column') columns.add(where.column);
    }
    listColumnsOf.set(storage, columns);
  }
  return columns;
}

/**
 * Server-managed columns of many records at once, each row its own values (`column → [sql type,
 * value]`, the same columns in every row): one statement from a `jsonb_to_recordset`, versions
 * bumped. Answers each record's new version and time (the caller knows the rest); 404 when one is gone.
 */
export async function updateManagedMany(trx: Trx, call: Call, storage: ResourceStorage, rows: { id: string; columns: ReadonlyMap<string, readonly [string, unknown]> }[]): Promise<Map<string, { version: number; updatedAt: string }>> {
  if (!rows.length) return new Map();
  const names = [...rows[0].columns.keys()];
  const definition = sql.raw(['id text', ...names.map((name) => `"${name}" ${rows[0].columns.get(name)![0]}`)].join(', '));
  const json = JSON.stringify(rows.map(({ id, columns }) => Object.fromEntries([['id', id], ...[...columns].map(([name, [, value]]) => [name, value])])));
  const sets = [...names.map((name) => sql`${sql.ref(name)} = ${sql.ref(`r.${name}`)}`), sql`version = t.version + 1`, sql`updated_at = ${call.ctx.clock()}`, sql`updated_by = ${call.userId || null}`];
  const conditions = [...scopeConditions(storage, call), sql`t.id = r.id`];
  const result = await sql<{ id: string; version: number; updated_at: unknown }>`UPDATE ${sql.table(storage.table)} AS t SET ${sql.join(sets)}
    FROM jsonb_to_recordset(${json}::jsonb) AS r(${definition}) ${whereSql(conditions)} RETURNING t.id, t.version, t.updated_at`.execute(trx);
  if (result.rows.length !== rows.length) throw notFound();
  return new Map(result.rows.map((row) => [row.id, { version: Number(row.version), updatedAt: toWire({ type: 'datetime', label: '' }, row.updated_at) as string }]));
}

export async function deleteRecord(trx: Trx, call: Call, storage: ResourceStorage, id: string): Promise<void> {
  const conditions = [...scopeConditions(storage, call), sql`t.id = ${id}`];
  const result = await sql`DELETE FROM ${sql.table(storage.table)} AS t ${whereSql(conditions)}`.execute(trx);
  if (Number(result.numAffectedRows ?? 0n) !== 1) throw notFound();
}

/** Full-replace semantics of PUT: a writable field left out of the body is cleared. */
export function completeValues(resource: AnyResource, values: Values): Values {
  const complete: Values = { ...values };
  for (const [field, def] of Object.entries(resource.fields)) {
    if (def.readOnly || field in complete) continue;
    complete[field] = def.type === 'references' || def.type === 'scopes' || def.type === 'list' || (def.type === 'enum' && def.multiple) ? [] : null;
  }
  return complete;
}

/** PostgreSQL errors → answers: unique → 409 on the mapped field, foreign key → 409 "in use". */
export function databaseError(error: unknown, storage: ResourceStorage): unknown {
  const e = error as { code?: string; constraint?: string };
  if (e?.code === '23505') {
    const unique = e.constraint ? storage.uniques?.[e.constraint] : undefined;
    return unique ? new HttpError(409, MESSAGES.conflict, { [unique.field]: [unique.message] }) : new HttpError(409, MESSAGES.conflict);
  }
  if (e?.code === '23503') return new HttpError(409, MESSAGES.inUse);
  if (e?.code === '22001' || e?.code === '22003') return fieldError('body', 'Valor grande demais.');
  return error;
}

export { snake };

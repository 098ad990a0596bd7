/**
 * Many records of one declaration written at once (an import's chunk): each row's storage hooks
 * (beforeCreate / beforeUpdate: the server-managed columns) and the view's fixed columns, then one
 * INSERT and one UPDATE per shape of columns from a `jsonb_to_recordset` (one parameter, no round
 * trip per row), and one audit entry per row. A declaration with a workflow is written in bulk
 * for creates only: each row born in the initial state with its `create` history row. No
 * numbering, after-hooks, links or child rows — which `ResourceService.writeMany` checks before calling.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { writableFields, type FieldDef } from '../../src/contracts/resource.js';
import { HttpError } from '../errors.js';
import { maskEntry } from './audit-mask.js';
import { fieldStorage, type Call, type ResourceStorage, type Trx, type Values, type WireRecord } from './storage.js';

export const BULK_MESSAGES = {
  /** A row to update is gone (deleted meanwhile), or something it names is. */
  gone: 'Um registro relacionado não existe mais.',
} as const;

export interface ManyRow {
  id: string;
  values: Values;
  /** The record the row updates (its natural key matched); absent: a create. */
  existing?: WireRecord;
  /** Kept in the audit entry's `after` beside the values (the import batch and line). */
  audit?: Values;
  /**
   * Columns the writer sets beyond the declaration's fields, `column → [sql type, value]` (an OFX
   * line's FITID, file and signed amount): they take the place of the storage hook's own.
   */
  columns?: Readonly<Record<string, readonly [string, unknown]>>;
}

export interface WriteOptions {
  /** `ON CONFLICT (these columns) DO NOTHING`: a row already there is left out — not written, audited or counted. */
  skipConflicts?: readonly string[];
}

const SQL_TYPES: Partial<Record<FieldDef['type'], string>> = {
  boolean: 'boolean',
  integer: 'integer',
  percent: 'integer',
  money: 'bigint',
  date: 'date',
  datetime: 'timestamptz',
  list: 'jsonb',
};
export const sqlType = (def: FieldDef) => SQL_TYPES[def.type] ?? 'text';
export const typeOfValue = (value: unknown) => (typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'bigint' : 'text');

/** Column name → [sql type, value] of one row. */
type ColumnRow = Map<string, [string, unknown]>;

async function columnRow(trx: Trx, call: Call, storage: ResourceStorage, row: ManyRow): Promise<ColumnRow> {
  const { resource } = call;
  const columns: ColumnRow = new Map();
  for (const field of writableFields(resource)) {
    const where = fieldStorage(storage, field);
    if (where.kind !== 'column') continue;
    const def = resource.fields[field];
    const value = row.values[field] ?? null;
    columns.set(where.column, [sqlType(def), def.type === 'money' && value !== null ? Number(value) : value]);
  }
  const extra = row.existing ? await storage.beforeUpdate?.(trx, call, row.values, row.existing) : await storage.beforeCreate?.(trx, call, row.values);
  for (const [column, value] of Object.entries(extra ?? {})) columns.set(column, [typeOfValue(value), value]);
  for (const [column, value] of Object.entries(storage.filter ?? {})) columns.set(column, [typeOfValue(value), value]);
  const workflow = resource.workflow;
  if (workflow && !row.existing) {
    const state = fieldStorage(storage, workflow.field);
    if (state.kind === 'column') columns.set(state.column, ['text', workflow.initial]);
  }
  for (const [column, typed] of Object.entries(row.columns ?? {})) columns.set(column, [typed[0], typed[1]]);
  return columns;
}

/** `jsonb_to_recordset` of rows with the same columns: the column definition list. */
function recordsetDefinition(sample: ColumnRow): RawBuilder<unknown> {
  return sql.raw(['id text', ...[...sample].map(([column, [type]]) => `"${column}" ${type}`)].join(', '));
}

const recordsetJson = (rows: { id: string; columns: ColumnRow }[]) => JSON.stringify(rows.map(({ id, columns }) => Object.fromEntries([['id', id], ...[...columns].map(([c, [, v]]) => [c, v])])));

/** Inserts the rows; answers the ids written (all of them, unless `skipConflicts` left some out). */
async function insertRows(trx: Trx, call: Call, storage: ResourceStorage, rows: { id: string; columns: ColumnRow }[], options: WriteOptions): Promise<string[]> {
  const names = [...rows[0].columns.keys()];
  const now = call.ctx.clock();
  const conflict = options.skipConflicts?.length ? sql`ON CONFLICT (${sql.join(options.skipConflicts.map((c) => sql.ref(c)))}) DO NOTHING` : sql``;
  const written = await sql<{ id: string }>`INSERT INTO ${sql.table(storage.table)} (id, org_id, version, created_at, updated_at, created_by, updated_by, ${sql.join(names.map((n) => sql.ref(n)))})
    SELECT r.id, ${call.tenant}, 1, ${now}, ${now}, ${call.userId || null}, ${call.userId || null}, ${sql.join(names.map((n) => sql.ref(`r.${n}`)))}
    FROM jsonb_to_recordset(${recordsetJson(rows)}::jsonb) AS r(${recordsetDefinition(rows[0].columns)}) ${conflict} RETURNING id`.execute(trx);
  return written.rows.map((row) => row.id);
}

/** The `create` history row of each record born in the workflow's initial state (one statement). */
async function historyRows(trx: Trx, call: Call, ids: readonly string[]): Promise<void> {
  const workflow = call.resource.workflow;
  if (!workflow || !ids.length) return;
  await sql`INSERT INTO status_history (id, org_id, entity_type, entity_id, action, from_status, to_status, input, actor_user_id, version, at)
    SELECT gen_random_uuid()::text, ${call.orgId}, ${call.resource.name}, e.id, 'create', NULL, ${workflow.initial}, NULL, ${call.userId || null}, 1, ${call.ctx.clock()}
    FROM unnest(${[...ids]}::text[]) AS e(id)`.execute(trx);
}

async function updateRows(trx: Trx, call: Call, storage: ResourceStorage, rows: { id: string; columns: ColumnRow }[], _options?: WriteOptions): Promise<string[]> {
  const names = [...rows[0].columns.keys()];
  const sets = names.map((n) => sql`${sql.ref(n)} = ${sql.ref(`r.${n}`)}`);
  // The rows are materialised once and joined by hash: a freshly imported table looks empty to
  // the planner (PGlite has no autovacuum, PostgreSQL's comes later), which would otherwise pick a
  // nested loop over every row of the tenant for every row of the chunk.
  await sql`SELECT set_config('enable_nestloop', 'off', true)`.execute(trx);
  const result = await sql`WITH r AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${recordsetJson(rows)}::jsonb) AS r(${recordsetDefinition(rows[0].columns)}))
    UPDATE ${sql.table(storage.table)} AS t SET ${sql.join(sets)}, version = t.version + 1, updated_at = ${call.ctx.clock()}, updated_by = ${call.userId || null}
    FROM r WHERE t.id = r.id AND t.id = ANY(${rows.map((row) => row.id)}::text[]) AND t.org_id = ${call.tenant}`.execute(trx);
  await sql`SELECT set_config('enable_nestloop', 'on', true)`.execute(trx);
  if (Number(result.numAffectedRows ?? 0n) !== rows.length) throw new HttpError(409, BULK_MESSAGES.gone);
  return rows.map((row) => row.id);
}

async function auditRows(trx: Trx, call: Call, rows: ManyRow[], action: string): Promise<void> {
  const name = call.resource.name;
  const entries = rows.map((row) => {
    const { before, after } = maskEntry(call.resource, row.existing ?? null, { id: row.id, ...row.values, ...row.audit });
    return {
      id: randomUUID(),
      action: `${name}.${action}.${row.existing ? 'update' : 'create'}`,
      entity_id: row.id,
      before: before ? JSON.stringify(before) : null,
      after: JSON.stringify(after),
    };
  });
  await sql`INSERT INTO audit_log (id, org_id, actor_user_id, at, action, entity_type, entity_id, before, after)
    SELECT r.id, ${call.tenant}, ${call.userId}, ${call.ctx.clock()}, r.action, ${name}, r.entity_id, r.before::jsonb, r.after::jsonb
    FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS r(id text, action text, entity_id text, before text, after text)`.execute(trx);
}

/**
 * Writes the rows (creates and updates), grouped by their column lists, and audits each one
 * written as `{resource}.{action}.create|update` (a workflow's creates: their `create` history row too).
 */
export async function writeRows(trx: Trx, call: Call, storage: ResourceStorage, rows: ManyRow[], action: string, options: WriteOptions = {}): Promise<{ created: string[]; updated: string[] }> {
  if (!rows.length) return { created: [], updated: [] };
  const creates: { id: string; columns: ColumnRow }[] = [];
  const updates: { id: string; columns: ColumnRow }[] = [];
  const written = new Set<string>();
  for (const row of rows) (row.existing ? updates : creates).push({ id: row.id, columns: await columnRow(trx, call, storage, row) });
  // Rows of one statement share their columns: group by the column list (hooks may add some).
  for (const [list, write] of [
    [creates, insertRows],
    [updates, updateRows],
  ] as const) {
    const groups = new Map<string, { id: string; columns: ColumnRow }[]>();
    for (const item of list) {
      const signature = [...item.columns].map(([c, [t]]) => `${c}:${t}`).join(',');
      groups.set(signature, [...(groups.get(signature) ?? []), item]);
    }
    for (const group of groups.values()) for (const id of await write(trx, call, storage, group, options)) written.add(id);
  }
  const done = written.size === rows.length ? rows : rows.filter((row) => written.has(row.id));
  await historyRows(trx, call, creates.filter((r) => written.has(r.id)).map((r) => r.id));
  if (done.length) await auditRows(trx, call, done, action);
  return { created: creates.filter((r) => written.has(r.id)).map((r) => r.id), updated: updates.map((r) => r.id) };
}

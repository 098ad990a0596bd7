/**
 * Storage derived from what a declaration says, so that a family's storage file only adds what
 * is really its own:
 * - `unique` → `uniques`: the constraint (or unique index) `{table}_{fields in snake_case}_unique`
 *   of the migration answers 409 with the declaration's message on its first field;
 * - `viewOf` → `filter`: the target's rows whose `where` fields hold those values (read, update,
 *   delete), written on insert;
 * - a `tree` field → deleting a node that still has children is a 409 with a clear message
 *   (instead of the foreign key's generic "in use");
 * - a `list` field kept as child rows → the columns of its item fields (snake_case unless named);
 * - an action with `set` ("Ativar", "Inativar") → its handler (`actionHandler`), for any storage.
 */
import { sql } from 'kysely';
import type { AnyResource } from '../../src/contracts/resource.js';
import { HttpError } from '../errors.js';
import { sameValue } from './compare.js';
import { snake, type ActionHandler, type ChildStorage, type ParentStorage, type ResourceStorage } from './storage.js';

export const uniqueConstraintName = (table: string, fields: readonly string[]) => `${table}_${fields.map(snake).join('_')}_unique`;

/** Constraint name → field and message, for every `unique` of the declaration. */
export function declaredUniques(resource: AnyResource, table: string): Record<string, { field: string; message: string }> {
  return Object.fromEntries((resource.unique ?? []).map((u) => [uniqueConstraintName(table, u.fields), { field: u.fields[0], message: u.message }]));
}

/** Column values of a view (`viewOf.where`, field names → columns). */
export function viewFilter(resource: AnyResource, columns: Readonly<Record<string, string>> = {}): Record<string, string | boolean> | undefined {
  if (!resource.viewOf) return undefined;
  return Object.fromEntries(Object.entries(resource.viewOf.where).map(([field, value]) => [columns[field] ?? snake(field), value]));
}

/**
 * A nested resource's parent: `column` of this table names a record of `table` in the caller's
 * organisation (a convênio's, a statement line's or an alteração's conta financeira); any other id → 404.
 */
export const parentIn = (table: string, column: string): ParentStorage => ({
  column,
  async resolve(trx, call, param) {
    const row = await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} WHERE org_id = ${call.orgId} AND id = ${param.slice(0, 64)}`.execute(trx);
    return row.rows[0]?.id;
  },
});

export const HAS_CHILDREN = 'Este registro tem subordinados e não pode ser excluído. Mova ou exclua os subordinados antes.';

/** A child table as a family declares it: the item fields' columns default to their names in snake_case. */
export type DeclaredChild = Omit<ChildStorage, 'columns'> & { columns?: ChildStorage['columns'] };

/** Column of every item field of a `list` field (`dueDate` → `due_date`), with `own` overrides. */
function childColumns(resource: AnyResource, field: string, own: ChildStorage['columns'] = {}): ChildStorage['columns'] {
  const def = resource.fields[field];
  if (def?.type !== 'list') throw new Error(`${resource.name}.${field} is not a list: it cannot be kept as child rows`);
  return { ...Object.fromEntries(Object.keys(def.of).map((key) => [key, snake(key)])), ...own };
}

/** The storage of a declaration on `table` (tenant `org_id`), with `extra` on top. */
export function declaredStorage(resource: AnyResource, table: string, declared: Partial<Omit<ResourceStorage, 'children'>> & { children?: Readonly<Record<string, DeclaredChild>> } = {}): ResourceStorage {
  const children = declared.children && Object.fromEntries(Object.entries(declared.children).map(([field, child]) => [field, { ...child, columns: childColumns(resource, field, child.columns) }]));
  const extra: Partial<ResourceStorage> = { ...declared, children };
  const treeField = Object.entries(resource.fields).find(([, def]) => def.type === 'tree')?.[0];
  const treeColumn = treeField ? (extra.columns?.[treeField] ?? snake(treeField)) : undefined;
  const ownBeforeDelete = extra.beforeDelete;
  const filter = extra.filter ?? viewFilter(resource, extra.columns);
  return {
    table,
    tenantColumn: 'org_id',
    ...extra,
    ...(filter ? { filter } : {}),
    uniques: { ...declaredUniques(resource, table), ...extra.uniques },
    async beforeDelete(trx, call, before) {
      if (treeColumn) {
        const child = await sql`SELECT 1 FROM ${sql.table(table)} WHERE org_id = ${call.tenant} AND ${sql.ref(treeColumn)} = ${before.id} LIMIT 1`.execute(trx);
        if (child.rows.length) throw new HttpError(409, HAS_CHILDREN);
      }
      await ownBeforeDelete?.(trx, call, before);
    },
  };
}

/**
 * The handler of a declared action: the storage's own, else the declaration's `set` (the fields
 * take its values; nothing to do when the record already holds them). Undefined: no such action.
 */
export function actionHandler(resource: AnyResource, storage: ResourceStorage, name: string): ActionHandler | undefined {
  const own = storage.actions?.[name];
  if (own) return own;
  const set = resource.actions?.find((action) => action.name === name)?.set;
  if (!set) return undefined;
  return async (_trx, _call, before) => (Object.entries(set).every(([field, value]) => sameValue(before[field], value)) ? null : { ...set });
}

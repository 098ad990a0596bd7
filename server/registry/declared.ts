/**
 * Storage derived from what a declaration says, so that a family's storage file only adds what
 * is really its own:
 * - `unique` → `uniques`: the constraint (or unique index) `{table}_{fields in snake_case}_unique`
 *   of the migration answers 409 with the declaration's message on its first field;
 * - `viewOf` → `filter`: the target's rows whose `where` fields hold those values (read, update,
 *   delete), written on insert;
 * - a `tree` field → deleting a node that still has children is a 409 with a clear message
 *   (instead of the foreign key's generic "in use");
 * - an action with `set` ("Ativar", "Inativar") → its handler (`actionHandler`), for any storage.
 */
import { sql } from 'kysely';
import type { AnyResource } from '../../src/contracts/resource.js';
import { HttpError } from '../errors.js';
import { sameValue } from './compare.js';
import { snake, type ActionHandler, type ResourceStorage } from './storage.js';

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

export const HAS_CHILDREN = 'Este registro tem subordinados e não pode ser excluído. Mova ou exclua os subordinados antes.';

/** The storage of a declaration on `table` (tenant `org_id`), with `extra` on top. */
export function declaredStorage(resource: AnyResource, table: string, extra: Partial<ResourceStorage> = {}): ResourceStorage {
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

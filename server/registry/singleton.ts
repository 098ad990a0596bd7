/**
 * A singleton declaration (one record per organisation: `GET {path}`, `PUT {path}` with If-Match)
 * kept in its own table keyed by `org_id`, each field in its snake_case column, with `version`,
 * `created_at`, `updated_at`: the row is created with the columns' defaults on the first read. What a
 * hand-written singleton (the organisation's settings, spread over two tables) needs no more.
 */
import { sql } from 'kysely';
import type { AnyResource } from '../../src/contracts/resource.js';
import { HttpError, MESSAGES } from '../errors.js';
import { columnValues, rowToRecord } from './records.js';
import { snake, type ResourceStorage, type Trx, type WireRecord } from './storage.js';

export function declaredSingleton(resource: AnyResource, table: string): ResourceStorage {
  const storage: ResourceStorage = { table, tenantColumn: 'org_id' };
  const read = async (trx: Trx, orgId: string, lock: boolean): Promise<WireRecord | undefined> => {
    const fields = Object.keys(resource.fields).map((field) => sql`${sql.ref(`t.${snake(field)}`)} AS ${sql.ref(field)}`);
    const found = await sql<Record<string, unknown>>`SELECT t.org_id AS id, t.version, t.created_at AS "createdAt", t.updated_at AS "updatedAt", t.updated_by AS "updatedBy", ${sql.join(fields)}
      FROM ${sql.table(table)} AS t WHERE t.org_id = ${orgId} ${lock ? sql`FOR UPDATE` : sql``}`.execute(trx);
    return found.rows[0] ? rowToRecord(resource, found.rows[0]) : undefined;
  };
  storage.singleton = {
    async get(trx, call, lock) {
      const orgId = call.tenant!;
      const current = await read(trx, orgId, lock);
      if (current) return current;
      await sql`INSERT INTO ${sql.table(table)} (org_id) VALUES (${orgId}) ON CONFLICT (org_id) DO NOTHING`.execute(trx);
      const created = await read(trx, orgId, lock);
      if (!created) throw new HttpError(404, MESSAGES.notFound);
      return created;
    },
    async put(trx, call, values) {
      const columns = columnValues(resource, storage, values);
      const sets = [...Object.entries(columns).map(([name, value]) => sql`${sql.ref(name)} = ${value}`), sql`version = version + 1`, sql`updated_at = ${call.ctx.clock()}`, sql`updated_by = ${call.userId}`];
      await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)} WHERE org_id = ${call.tenant}`.execute(trx);
      return (await read(trx, call.tenant!, false))!;
    },
  };
  return storage;
}

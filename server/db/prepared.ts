/**
 * The request path's fixed statements (the session lookup, the rate-limit hit) as named prepared
 * statements on PostgreSQL: each connection parses and plans them once, then only binds and
 * executes them (bench/list-endpoint.ts prints PostgreSQL's CPU per request). Every other
 * statement stays unnamed: their texts vary (IN lists, filters, sorts) and a plan kept for one
 * set of values can be a poor one for another. On PGlite nothing changes.
 */
import type { Kysely, QueryResult, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './types.js';

/** Statement text → its name, and name → text: one text per name (a connection refuses a name reused for another text). */
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Runs `query` as the prepared statement `name` where the connection supports it (node-postgres). */
export function executePrepared<R>(db: Kysely<Database>, name: string, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  const named = texts.get(name);
  if (named === undefined) {
    texts.set(name, compiled.sql);
    names.set(compiled.sql, name);
  } else if (named !== compiled.sql) {
    throw new Error(`Prepared statement ${name} has two texts`);
  }
  return db.executeQuery(compiled);
}

/** Makes a pool client send the statements registered by `executePrepared` under their names. */
export function namesPreparedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values, ...rest);
  }) as typeof client.query;
}

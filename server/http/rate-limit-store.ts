/**
 * A @fastify/rate-limit store in the database, so that every API instance counts the same hits
 * (issue 9 "more than one machine"). One statement per hit: the row of the key is created,
 * incremented, or — when its window has ended — restarted at 1, atomically (INSERT … ON
 * CONFLICT … DO UPDATE … RETURNING), with the database's clock (the one clock all instances
 * share). Ended windows are deleted every `CLEAN_EVERY_MS` by each instance (an ended row
 * counts as absent anyway).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export const CLEAN_EVERY_MS = 60_000;
const MAX_HITS = 2_147_483_647;

export interface Hit {
  /** Hits of the key in its current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Counts one hit of `key` in a window of `windowMs`. */
export async function countHit(db: Kysely<Database>, key: string, windowMs: number): Promise<Hit> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    INSERT INTO rate_limit_hits AS r (key, hits, resets_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowMs}::float8 / 1000))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.resets_at <= now() THEN 1 ELSE least(r.hits + 1, ${MAX_HITS}) END,
      resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
    RETURNING r.hits, greatest(ceil(extract(epoch FROM r.resets_at - now()) * 1000), 0)::int AS ttl`.execute(db);
  return { current: rows[0].hits, ttl: rows[0].ttl };
}

/** Deletes the rows of ended windows; returns how many. */
export async function cleanHits(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('rate_limit_hits').where('resets_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The store class handed to @fastify/rate-limit (`store` option). A route with its own limit
 * gets a child whose keys carry the route (method and URL), like the plugin's Redis store.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      readonly prefix = '',
    ) {}
    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` (its types say otherwise).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `${this.prefix}${String(route.method ?? '')}${route.url ?? ''}-`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

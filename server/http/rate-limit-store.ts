/**
 * A @fastify/rate-limit store in the database, so that every API instance counts the same hits
 * (issue 9 "more than one machine"). One statement per hit (or per burst of one key's hits,
 * `coalescedHits`): the row of the key is created,
 * incremented, or — when its window has ended — restarted at 1, atomically (INSERT … ON
 * CONFLICT … DO UPDATE … RETURNING), with the database's clock (the one clock all instances
 * share). Ended windows are deleted every `CLEAN_EVERY_MS` by each instance (an ended row
 * counts as absent anyway).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import { executePrepared } from '../db/prepared.js';
import type { Database } from '../db/types.js';

export const CLEAN_EVERY_MS = 60_000;
const MAX_HITS = 2_147_483_647;

export interface Hit {
  /** Hits of the key in its current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Counts `count` hits (default one) of `key` in a window of `windowMs`; `current` includes them all. */
export async function countHit(db: Kysely<Database>, key: string, windowMs: number, count = 1): Promise<Hit> {
  const { rows } = await executePrepared(db, 'rate_limit_hit', sql<{ hits: number; ttl: number }>`
    INSERT INTO rate_limit_hits AS r (key, hits, resets_at)
    VALUES (${key}, ${count}::int, now() + make_interval(secs => ${windowMs}::float8 / 1000))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.resets_at <= now() THEN ${count}::int ELSE least(r.hits + ${count}::int, ${MAX_HITS}) END,
      resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
    RETURNING r.hits, greatest(ceil(extract(epoch FROM r.resets_at - now()) * 1000), 0)::int AS ttl`);
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
  const incr = coalescedHits((key, windowMs, count) => countHit(db, key, windowMs, count));
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      readonly prefix = '',
    ) {}
    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      incr(this.prefix + key, timeWindow, callback);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` (its types say otherwise).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `${this.prefix}${String(route.method ?? '')}${route.url ?? ''}-`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

type HitCallback = (error: Error | null, result?: Hit) => void;

/**
 * Hits of one key that arrive while its statement is in flight wait and go together in the next
 * one (`count` = how many), so a burst of one caller (a page's parallel calls, 50 connections of
 * bench/list-endpoint.ts) costs a statement per round trip instead of one per hit, all updating
 * the same row under its lock. Each hit still gets its own number: the k hits of a statement
 * that brought the row to `current` are current − k + 1 … current, in arrival order — what k
 * statements one after the other would have answered (they queued on the row lock anyway).
 */
export function coalescedHits(count: (key: string, windowMs: number, count: number) => Promise<Hit>) {
  /** Keys with a statement in flight → the hits waiting for the next one. */
  const waiting = new Map<string, HitCallback[]>();
  const send = (key: string, windowMs: number, callbacks: HitCallback[]) => {
    waiting.set(key, []);
    const settle = (error: Error | null, hit?: Hit) => {
      const next = waiting.get(key)!;
      waiting.delete(key);
      if (next.length) send(key, windowMs, next);
      callbacks.forEach((callback, i) => (hit ? callback(null, { current: Math.max(1, hit.current - (callbacks.length - 1 - i)), ttl: hit.ttl }) : callback(error)));
    };
    count(key, windowMs, callbacks.length).then(
      (hit) => settle(null, hit),
      (error: Error) => settle(error),
    );
  };
  return (key: string, windowMs: number, callback: HitCallback) => {
    const queue = waiting.get(key);
    if (queue) queue.push(callback);
    else send(key, windowMs, [callback]);
  };
}

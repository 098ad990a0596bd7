/**
 * Figures: the request-flood counters in the database (server/http/rate-limit-store.ts), one
 * upsert per counted API call. Prints, on PGlite (always) and PostgreSQL (when DATABASE_URL is
 * set; a scratch database next to it, dropped after):
 * - per-hit latency of `countHit` called one at a time (p50 / p99 / mean, 3,000 hits on 50
 *   keys), next to a bare `SELECT 1` through the same handle for reference;
 * - hits per second with 20 callers at once (10,000 hits);
 * - what it adds to a request: 2,000 `app.inject` calls of an API route that answers 401
 *   at once (counted per address): limiter off, counters in memory, in the database — mean per
 *   request.
 * Run: `npx tsx bench/rate-limit-store.ts`.
 */
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app';
import type { DatabaseHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/types';
import { countHit } from '../server/http/rate-limit-store';
import { onEachDatabase } from './registry-data';

const us = (ms: number) => `${Math.round(ms * 1000)} µs`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

const summary = (times: number[]) => `p50 ${us(percentile(times, 0.5))}, p99 ${us(percentile(times, 0.99))}, mean ${us(times.reduce((a, b) => a + b, 0) / times.length)}`;

async function requestCost(handle: DatabaseHandle, limited: false | 'database' | 'memory'): Promise<number> {
  const app = await buildApp({
    db: handle.appDb,
    tenantDb: handle.tenantDb,
    jobs: { executeSql: handle.executeSql, databaseKind: handle.kind },
    secret: 'segredo-de-bench-com-mais-de-16-caracteres',
    settings: { rateLimit: limited ? { max: 1e9, authMax: 1e9, timeWindowMs: 60_000, store: limited } : false, devMailbox: false },
  });
  await app.ready();
  const call = () => app.inject({ method: 'GET', url: '/v1/identity/users/me', headers: { accept: 'application/json' } });
  for (let i = 0; i < 200; i++) await call();
  const t = performance.now();
  for (let i = 0; i < 2000; i++) await call();
  const mean = (performance.now() - t) / 2000;
  await app.close();
  return mean;
}

async function measure(label: string, handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  const db: Kysely<Database> = handle.appDb;
  for (let i = 0; i < 300; i++) await countHit(db, `warm:${i % 50}`, 60_000);
  const select = await timeEach(3000, () => sql`SELECT 1`.execute(db));
  const hits = await timeEach(3000, (i) => countHit(db, `ip:198.51.100.${i % 50}`, 60_000));
  let next = 0;
  const t = performance.now();
  await Promise.all(Array.from({ length: 20 }, async () => {
    while (next < 10_000) await countHit(db, `user:${next++ % 200}`, 60_000);
  }));
  const perSecond = 10_000 / ((performance.now() - t) / 1000);
  const off = await requestCost(handle, false);
  const memory = await requestCost(handle, 'memory');
  const on = await requestCost(handle, 'database');
  console.log(`rate-limit store [${label}]`);
  console.log(`  countHit one at a time: ${summary(hits)}   (SELECT 1: ${summary(select)})`);
  console.log(`  20 callers at once: ${Math.round(perSecond)} hits/s`);
  console.log(`  per API request (inject, 401 route): limiter off ${us(off)}, in memory ${us(memory)} (+${us(memory - off)}), in the database ${us(on)} (+${us(on - off)})`);
}

await onEachDatabase('limit', measure);

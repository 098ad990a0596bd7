/**
 * The request-flood counters in the database (http/rate-limit-store.ts): one statement per hit
 * (or per burst of one key's hits, each still numbered), atomic under concurrency, a window that has ended starts again at 1, ended rows cleaned up;
 * on PostgreSQL a prepared statement of each connection (db/prepared.ts).
 * (Two server processes sharing them: multi-instance.test.ts.)
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanHits, countHit, databaseRateLimitStore, type Hit } from '../../server/http/rate-limit-store.js';
import { databaseKinds, useTestEnv } from './fixture.js';

describe.each(databaseKinds())('rate-limit counters in the database [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('counts 40 simultaneous hits of a key as 1…40, each with the time left in the window', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => countHit(env.appDb, 'ip:203.0.113.7', 60_000)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const hit of hits) {
      expect(hit.ttl).toBeGreaterThan(0);
      expect(hit.ttl).toBeLessThanOrEqual(60_000);
    }
    expect((await countHit(env.appDb, 'ip:203.0.113.8', 60_000)).current).toBe(1);
  });

  it('gives each of 40 simultaneous hits of one key through the store its own number 1…40, and counts all 40', async () => {
    const Store = databaseRateLimitStore(env.appDb) as unknown as new () => { incr(key: string, callback: (error: Error | null, hit?: Hit) => void, windowMs: number): void };
    const store = new Store();
    const incr = (key: string) => new Promise<Hit>((resolve, reject) => store.incr(key, (error, hit) => (error ? reject(error) : resolve(hit!)), 60_000));
    const hits = await Promise.all(Array.from({ length: 40 }, () => incr('user:burst')));
    expect(hits.map((h) => h.current)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(0);
    expect((await incr('user:burst')).current).toBe(41);
    expect((await incr('user:other')).current).toBe(1);
    const row = await env.db.selectFrom('rate_limit_hits').select('hits').where('key', '=', 'user:burst').executeTakeFirstOrThrow();
    expect(row.hits).toBe(41);
  });

  it.runIf(kind === 'postgres')('on PostgreSQL a connection prepares the hit once and keeps counting every hit with it', async () => {
    await env.appDb.connection().execute(async (connection) => {
      for (let i = 1; i <= 3; i++) expect((await countHit(connection, 'user:prepared', 60_000)).current).toBe(i);
      const prepared = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(connection);
      expect(prepared.rows.map((row) => row.name)).toContain('rate_limit_hit');
    });
    expect((await countHit(env.appDb, 'user:prepared', 60_000)).current).toBe(4);
  });

  it('starts an ended window again at 1, and the clean-up removes ended windows only', async () => {
    for (let i = 0; i < 3; i++) await countHit(env.appDb, 'user:ended', 60_000);
    await countHit(env.appDb, 'user:running', 60_000);
    await sql`UPDATE rate_limit_hits SET resets_at = now() - interval '1 second' WHERE key = 'user:ended'`.execute(env.db);
    expect((await countHit(env.appDb, 'user:ended', 60_000)).current).toBe(1);

    await sql`UPDATE rate_limit_hits SET resets_at = now() - interval '1 second' WHERE key = 'user:ended'`.execute(env.db);
    expect(await cleanHits(env.appDb)).toBeGreaterThanOrEqual(1);
    const keys = (await env.db.selectFrom('rate_limit_hits').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('user:ended');
    expect(keys).toContain('user:running');
  });
});

/** GET /healthz and GET /readyz: what a load balancer asks before sending traffic (issue 9). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.js';
import { call, databaseKinds, useTestEnv } from './fixture.js';

const LATEST = Object.keys(migrations).sort().at(-1)!;

describe.each(databaseKinds())('health checks [%s]', (kind) => {
  // The production limits, made tiny: the probes must never be counted.
  const env = useTestEnv(kind, { settings: { rateLimit: { max: 2, authMax: 2, timeWindowMs: 60_000 } } });

  it('answers alive and ready without a session, as often as asked, never cached', async () => {
    for (let i = 0; i < 10; i++) {
      const alive = await call(env, 'GET', '/healthz');
      expect(alive.status).toBe(200);
      expect(alive.body).toEqual({ status: 'ok' });
      const ready = await call(env, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', migration: LATEST });
      expect(ready.headers['cache-control']).toBe('no-store');
    }
  });

  it('is not ready while the server drains for a shutdown (alive still)', async () => {
    env.app.lifecycle.draining = true;
    try {
      expect(await call(env, 'GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'draining' } });
      expect((await call(env, 'GET', '/healthz')).status).toBe(200);
    } finally {
      env.app.lifecycle.draining = false;
    }
    expect((await call(env, 'GET', '/readyz')).status).toBe(200);
  });

  it('is not ready when the latest migration of the code is not applied to the database', async () => {
    const row = await env.db.selectFrom('kysely_migration' as any).selectAll().where('name', '=', LATEST).executeTakeFirstOrThrow();
    await env.db.deleteFrom('kysely_migration' as any).where('name', '=', LATEST).execute();
    try {
      const answer = await call(env, 'GET', '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 'unavailable', reason: 'migrations' });
      expect(answer.body.migration).not.toBe(LATEST);
    } finally {
      await env.db.insertInto('kysely_migration' as any).values(row).execute();
    }
    expect((await call(env, 'GET', '/readyz')).status).toBe(200);
  });

  it('is not ready when the database does not answer in time, and ready again once it does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A transaction holding the table the probe reads (on PGlite: the one connection).
    const holder = env.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE kysely_migration IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    try {
      const answer = await call(env, 'GET', '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await call(env, 'GET', '/healthz')).status).toBe(200);
    } finally {
      release();
      await holder;
    }
    expect((await call(env, 'GET', '/readyz')).status).toBe(200);
  });
});

/**
 * A database that goes away: requests fail with 503 and a pt-BR message (never a 500), and the
 * server recovers by itself when the database is back — no restart.
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, MESSAGES, registerErrorHandling } from '../../server/errors.js';
import { call, loginSession, useTestEnv } from './fixture.js';

describe('a database out of reach', () => {
  it('is a 503 with Retry-After and a pt-BR message (real connection refused)', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/probe', async () => pool.query('SELECT 1'));
    const answer = await app.inject({ method: 'GET', url: '/probe' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ message: MESSAGES.databaseDown });
    await app.close();
    await pool.end();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the database drops every connection [postgres]', () => {
  const env = useTestEnv('postgres');

  it('answers 503 or 200 while connections are cut, never 500, and serves again without a restart', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const list = () => call(env, 'GET', '/v1/identity/users?perPage=5', { session: admin });
    expect((await list()).status).toBe(200);
    const database = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(env.db)).rows[0].name;
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      // What a database restart does to every open connection (the owner's own included, at its next use).
      const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await killer.connect();
      await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
      await killer.end();
      const answers = await Promise.all(Array.from({ length: 6 }, () => list()));
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 503) expect(answer.body.message).toBe(MESSAGES.databaseDown);
      }
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await list()).status).toBe(200);
  });

  it('survives a connection cut inside a transaction, between two statements (no uncaught error)', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failure = await env.db
        .transaction()
        .execute(async (trx) => {
          const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0].pid;
          const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await killer.connect();
          await killer.query('SELECT pg_terminate_backend($1)', [pid]);
          await killer.end();
          // The socket closes while the transaction holds the client and sends nothing.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`SELECT 1`.execute(trx);
        })
        .then(() => null, (error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(uncaught).toEqual([]);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(env.db)).rows[0].one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

/**
 * A transaction PostgreSQL aborts because of another one (a real deadlock here) is answered 409
 * with a pt-BR message to try again, never a 500: the work was rolled back whole.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, registerErrorHandling } from '../../server/errors.js';

const url = process.env.DATABASE_URL;

/** Two transactions locking two rows in opposite orders: PostgreSQL aborts one with 40P01. */
async function realDeadlock(pool: pg.Pool, table: string): Promise<unknown> {
  const [a, b] = [await pool.connect(), await pool.connect()];
  try {
    await a.query('BEGIN');
    await b.query('BEGIN');
    await a.query(`UPDATE ${table} SET n = n + 1 WHERE id = 1`);
    await b.query(`UPDATE ${table} SET n = n + 1 WHERE id = 2`);
    const outcomes = await Promise.allSettled([a.query(`UPDATE ${table} SET n = n + 1 WHERE id = 2`), b.query(`UPDATE ${table} SET n = n + 1 WHERE id = 1`)]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (!failed) throw new Error('no deadlock happened');
    return failed.reason;
  } finally {
    await a.query('ROLLBACK').catch(() => undefined);
    await b.query('ROLLBACK').catch(() => undefined);
    a.release();
    b.release();
  }
}

describe.skipIf(!url)('a transaction aborted by a concurrent one [postgres]', () => {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  const table = `deadlock_probe_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  it('is a 409 asking to try again', async () => {
    await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
    await pool.query(`INSERT INTO ${table} VALUES (1, 0), (2, 0)`);
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/probe', async () => {
      throw await realDeadlock(pool, table);
    });
    const answer = await app.inject({ method: 'POST', url: '/probe' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: MESSAGES.concurrent });
    await app.close();
  });
});

/**
 * The server's embedded database runs in a worker thread (server/db/pglite-remote.ts,
 * pglite-worker.ts; issue 23 "server ready"): through it, the handles answer as an in-thread
 * PGlite does — the same JS types, PostgreSQL's error fields, transactions that commit, roll
 * back and refuse to commit after an error, one caller at a time — and the data outlives the
 * worker.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AbortedTransactionError, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, startDatabase, type DatabaseHandle } from '../../server/db/connect.js';

describe('the embedded database in its worker thread', () => {
  let dir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rt-pglite-worker-'));
    database = await openDatabase({ dataDir: dir });
    await sql`CREATE TABLE t (id int PRIMARY KEY, note text)`.execute(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the types the app reads: int8, numeric and date as text, timestamptz as Date, jsonb parsed, bytea as bytes, text[]', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT 9007199254740993::int8 AS big, 12.30::numeric(10,2) AS money, '2026-11-30'::date AS due,
             '2026-11-28T10:00:00Z'::timestamptz AS at, '{"a":[1,"b"]}'::jsonb AS doc, '\\x00ff'::bytea AS raw,
             ARRAY['x','y']::text[] AS list, ${'parâmetro'}::text AS param`.execute(database.db);
    expect(rows[0]).toEqual({
      big: '9007199254740993',
      money: '12.30',
      due: '2026-11-30',
      at: new Date('2026-11-28T10:00:00Z'),
      doc: { a: [1, 'b'] },
      raw: new Uint8Array([0, 255]),
      list: ['x', 'y'],
      param: 'parâmetro',
    });
  });

  it("keeps PostgreSQL's error fields (code, constraint, detail) and rolls the transaction back", async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t VALUES (1, 'um')`.execute(trx);
      await sql`INSERT INTO t VALUES (1, 'outro')`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505', constraint: 't_pkey', detail: 'Key (id)=(1) already exists.' });
    expect((await sql`SELECT count(*) AS n FROM t`.execute(database.db)).rows).toEqual([{ n: '0' }]);
  });

  it('commits; refuses to commit a transaction an error aborted (AbortedTransactionError), writing nothing', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t VALUES (2, 'dois')`.execute(trx);
    });
    const swallowed = database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t VALUES (3, 'três')`.execute(trx);
      await sql`SELECT 1/0`.execute(trx).catch(() => undefined);
    });
    await expect(swallowed).rejects.toBeInstanceOf(AbortedTransactionError);
    expect((await sql`SELECT id FROM t ORDER BY id`.execute(database.db)).rows).toEqual([{ id: 2 }]);
  });

  it('serves one caller at a time: three transactions and a query at once do not see or break each other', async () => {
    const write = (handle: DatabaseHandle['db'], id: number) =>
      handle.transaction().execute(async (trx) => {
        await sql`INSERT INTO t VALUES (${id}, 'a')`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`UPDATE t SET note = 'b' WHERE id = ${id}`.execute(trx);
      });
    await Promise.all([write(database.db, 10), write(database.db, 11), write(database.db, 12), sql`SELECT 1`.execute(database.db)]);
    expect((await sql`SELECT id, note FROM t WHERE id >= 10 ORDER BY id`.execute(database.db)).rows).toEqual([
      { id: 10, note: 'b' },
      { id: 11, note: 'b' },
      { id: 12, note: 'b' },
    ]);
  });

  it('runs several statements in one message (the job queue), refuses calls once closed, and a new worker finds the data', async () => {
    const result = await database.executeSql("INSERT INTO t VALUES (20, 'x'); SELECT note FROM t WHERE id = 20");
    expect(result.rows).toEqual([{ note: 'x' }]);
    const closed = database;
    await closed.close();
    // A closed handle's worker is gone: a call fails instead of waiting forever.
    await expect(closed.executeSql('SELECT 1')).rejects.toThrow();
    database = await openDatabase({ dataDir: dir });
    expect((await sql`SELECT count(*)::int AS n FROM t`.execute(database.db)).rows).toEqual([{ n: 5 }]);
  }, 120_000);

  it('takes statements before PostgreSQL is up (the server builds its app meanwhile); one that cannot open fails them with its reason', async () => {
    await database.close();
    const started = startDatabase({ dataDir: dir });
    // Issued at once: it waits in the worker and runs once the database is open.
    const early = sql<{ n: number }>`SELECT count(*)::int AS n FROM t`.execute(started.database.db);
    await started.opened;
    expect((await early).rows).toEqual([{ n: 5 }]);
    database = started.database;

    // A data directory that is a file: the open fails, and so does the statement that waited for it.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rt-pglite-worker-bad-')), 'not-a-directory');
    writeFileSync(file, 'x');
    const broken = startDatabase({ dataDir: file });
    const waiting = broken.database.executeSql('SELECT 1');
    const [opened, statement] = await Promise.allSettled([broken.opened, waiting]);
    expect(opened.status).toBe('rejected');
    expect(statement).toEqual({ status: 'rejected', reason: (opened as PromiseRejectedResult).reason });
    await broken.database.close();
    rmSync(path.dirname(file), { recursive: true, force: true });
  }, 120_000);
});

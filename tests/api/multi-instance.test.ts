/**
 * Two server processes on one PostgreSQL database (issue 9 "more than one machine"): nothing
 * that matters is kept in one process — sessions, request-flood counters, login throttling and
 * the job queue are the database's, so what happens through one instance holds on the other.
 * PostgreSQL only (a PGlite directory belongs to one process).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS } from '../../server/finance/imports/job.js';
import { DEMO_PASSWORD } from './fixture.js';
import { multipartBody } from './registry-support.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const RATE_LIMIT_MAX = 15;
const BATCHES = '/api/finance/import-batches';

async function http(server: ServerProcess, method: string, path: string, options: { token?: string; xsrf?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.xsrf) headers['x-xsrf-token'] = options.xsrf;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${server.url}/v1/identity/${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await answer.text();
  const cookies = answer.headers.getSetCookie();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined, cookies };
}

async function signIn(server: ServerProcess, login: string, secret = DEMO_PASSWORD) {
  const answer = await http(server, 'POST', 'auth', { body: { login, secret } });
  const xsrf = answer.cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.split(';')[0].slice('XSRF-TOKEN='.length);
  return { ...answer, token: answer.body?.accessToken as string | undefined, xsrf };
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let database: ServerDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    database = await serverDatabase('postgres');
    const env = { ...database.env, RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);
  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  it('a session opened on one instance works on the other, and is refused there after logout on the first', async () => {
    const session = await signIn(a, 'compras@demo.com.br');
    expect(session.status).toBe(200);
    expect((await http(b, 'GET', 'users/me', { token: session.token })).status).toBe(200);
    expect((await http(a, 'POST', 'auth/logout', { token: session.token, xsrf: session.xsrf })).status).toBe(204);
    expect((await http(b, 'GET', 'users/me', { token: session.token })).status).toBe(401);
    expect((await http(a, 'GET', 'users/me', { token: session.token })).status).toBe(401);
  });

  it('a login locked by wrong passwords through one instance stays locked through the other', async () => {
    // The right password works on B first (and clears any earlier count).
    expect((await signIn(b, 'financeiro@demo.com.br')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(a, 'financeiro@demo.com.br', 'senha-errada-123')).status).toBe(401);
    const refused = await signIn(b, 'financeiro@demo.com.br');
    expect(refused.status).toBe(401);
    expect(refused.token).toBeUndefined();
  });

  it('a job enqueued on one instance runs once: each import step is done by exactly one of the two', async () => {
    const session = await signIn(a, 'admin@demo.com.br');
    const auth = { authorization: `Bearer ${session.token}`, 'x-xsrf-token': session.xsrf!, accept: 'application/json' };
    const total = 5 * CHUNK_ROWS;
    const prefix = `MI${randomUUID().slice(0, 6).toUpperCase()}-`;
    const file = multipartBody({ resourceType: 'costCenters' }, { name: 'dois.csv', content: ['codigo;nome', ...Array.from({ length: total }, (_, i) => `${prefix}${i};Centro ${i}`)].join('\n') });
    const uploaded = await fetch(`${a.url}${BATCHES}`, { method: 'POST', headers: { ...auth, 'content-type': file.contentType }, body: new Uint8Array(file.payload) });
    expect(uploaded.status).toBe(201);
    const id = ((await uploaded.json()) as { id: string }).id;
    const mapped = await fetch(`${a.url}${BATCHES}/${id}/mapping`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ mapping: { codigo: 'code', nome: 'name' } }) });
    expect(mapped.status).toBe(200);
    expect((await fetch(`${a.url}${BATCHES}/${id}/run`, { method: 'POST', headers: auth })).status).toBe(202);
    // Progress read from the shared database (the API's request limit is low in this suite).
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      let batch: { status: string; processed: number; created: number; updated: number; failed: number };
      for (;;) {
        batch = (await client.query('SELECT status, processed, created, updated, failed FROM import_batches WHERE id = $1', [id])).rows[0];
        if (batch.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(batch).toMatchObject({ status: 'done', processed: total, created: total, updated: 0, failed: 0 });
      const rows = await client.query(
        `SELECT (SELECT count(DISTINCT code) FROM cost_centers WHERE code LIKE $1)::int AS codes, (SELECT count(*) FROM cost_centers WHERE code LIKE $1)::int AS rows,
          (SELECT count(*) FROM audit_log l JOIN cost_centers c ON c.id::text = l.entity_id WHERE c.code LIKE $1)::int AS audits`,
        [`${prefix}%`],
      );
      expect(rows.rows[0]).toEqual({ codes: total, rows: total, audits: total });
    } finally {
      await client.end();
    }
    // Every step logged as done once, by one instance or the other (the last line may still be
    // in the pipe when the database already says done).
    const steps = () => [...a.output, ...b.output].filter((line) => line.includes('"import step done"') && line.includes(id)).map((line) => (JSON.parse(line) as { processed: number }).processed);
    while (steps().length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(steps().sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5].map((n) => n * CHUNK_ROWS));
  });

  it('the request limit reached through one instance holds on the other', async () => {
    // Calls without a session count per address: both instances see 127.0.0.1.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 1 && statuses.at(-1) !== 429; i++) statuses.push((await http(a, 'GET', 'users/me')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const onB = await http(b, 'GET', 'users/me');
    expect(onB.status).toBe(429);
    expect(onB.body.message).toBe('Muitas requisições. Tente novamente mais tarde.');
  });
});

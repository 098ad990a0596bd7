/**
 * Kill -9 in the middle of an import of 10,000 rows (issue 9 "Bad input and faults"): after a
 * restart the import finishes, every row written exactly once (counted by its unique code and
 * by its audit entries), with the progress the job queue kept.
 * Real server processes (server-process.ts), on PGlite (the directory the killed process held)
 * and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/connect.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { CHUNK_ROWS } from '../../server/finance/imports/job.js';
import { databaseKinds, DEMO_PASSWORD } from './fixture.js';
import { multipartBody } from './registry-support.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const TOTAL = 10_000;
const BATCHES = '/api/finance/import-batches';

interface Session {
  token: string;
  xsrf: string;
}

async function signIn(server: ServerProcess): Promise<Session> {
  const answer = await fetch(`${server.url}/v1/identity/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'admin@demo.com.br', secret: DEMO_PASSWORD }),
  });
  expect(answer.status).toBe(200);
  const xsrf = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]
    .slice('XSRF-TOKEN='.length);
  return { token: ((await answer.json()) as { accessToken: string }).accessToken, xsrf };
}

async function api(server: ServerProcess, session: Session, method: string, url: string, body?: { payload: Buffer; contentType: string } | object) {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${session.token}`, 'x-xsrf-token': session.xsrf };
  let payload: BodyInit | undefined;
  if (body && 'payload' in body) {
    headers['content-type'] = body.contentType;
    payload = new Uint8Array(body.payload);
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const answer = await fetch(`${server.url}${url}`, { method, headers, body: payload });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined, raw: text };
}

/** What the database holds for the codes `prefix…`: rows, distinct codes, audit entries of those rows. */
async function written(database: ServerDatabase, kind: string, prefix: string): Promise<{ rows: number; codes: number; audits: number }> {
  const query = `SELECT (SELECT count(*) FROM cost_centers WHERE org_id = $1 AND code LIKE $2)::int AS rows,
      (SELECT count(DISTINCT code) FROM cost_centers WHERE org_id = $1 AND code LIKE $2)::int AS codes,
      (SELECT count(*) FROM audit_log a JOIN cost_centers c ON c.id::text = a.entity_id WHERE c.org_id = $1 AND c.code LIKE $2)::int AS audits`;
  const values = [DEMO_ORG_ID, `${prefix}%`];
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(query, values)).rows[0];
    } finally {
      await client.end();
    }
  }
  const pglite = await openPglite(path.join(database.env.DATA_DIR, 'pglite'));
  try {
    return (await pglite.query<{ rows: number; codes: number; audits: number }>(query, values)).rows[0];
  } finally {
    await pglite.close();
  }
}

describe.each(databaseKinds())('an import survives the end of its server process [%s]', (kind) => {
  let database: ServerDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  }, 60_000);

  /**
   * Starts an import of TOTAL cost centres, ends the server with `signal` as soon as the log
   * shows its first chunk in (the next one is then under way), restarts it and waits for the end.
   */
  async function interrupted(signal: 'SIGKILL' | 'SIGTERM') {
    database = await serverDatabase(kind);
    // A step of a killed process is retried once it expired (PostgreSQL: another instance or
    // this one after restart); on PGlite the restart itself queues it again.
    const env = { ...database.env, JOBS_EXPIRE_SECONDS: '5', JOBS_MAINTENANCE_SECONDS: '1' };
    server = await startServerProcess(env);
    let session = await signIn(server);
    const prefix = `K${randomUUID().slice(0, 6).toUpperCase()}-`;
    const csv = ['codigo;nome', ...Array.from({ length: TOTAL }, (_, i) => `${prefix}${i};Centro de custo ${i}`)].join('\n');
    const uploaded = await api(server, session, 'POST', BATCHES, multipartBody({ resourceType: 'costCenters' }, { name: 'dez-mil.csv', content: csv }));
    expect(uploaded.status, uploaded.raw).toBe(201);
    const id = uploaded.body.id as string;
    const preview = await api(server, session, 'PUT', `${BATCHES}/${id}/mapping`, { mapping: { codigo: 'code', nome: 'name' } });
    expect(preview.body).toMatchObject({ valid: TOTAL, invalid: 0 });
    expect((await api(server, session, 'POST', `${BATCHES}/${id}/run`)).status).toBe(202);

    const stepsDone = (output: string[]) =>
      output.filter((line) => line.includes('"import step done"') && line.includes(id)).map((line) => (JSON.parse(line) as { processed: number }).processed);
    while (!stepsDone(server.output).length) await new Promise((resolve) => setTimeout(resolve, 2));
    server.child.kill(signal);
    const code = await server.exited;
    const before = stepsDone(server.output);
    expect(before.at(-1)!).toBeLessThan(TOTAL);
    const output = server.output;

    server = await startServerProcess(env);
    session = await signIn(server);
    // The progress kept: at least what the ended process logged as done.
    const resumed = (await api(server, session, 'GET', `${BATCHES}/${id}`)).body;
    expect(resumed.processed).toBeGreaterThanOrEqual(before.at(-1)!);
    let after: { status: string; processed: number; created: number; updated: number; failed: number };
    for (;;) {
      after = (await api(server, session, 'GET', `${BATCHES}/${id}`)).body;
      if (after.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(after).toMatchObject({ status: 'done', processed: TOTAL, created: TOTAL, updated: 0, failed: 0 });
    const later = stepsDone(server.output);
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect(await written(database, kind, prefix)).toEqual({ rows: TOTAL, codes: TOTAL, audits: TOTAL });
    await database.dispose();
    database = undefined;
    return { code, output, before, later };
  }

  it('kill -9 in the middle: after a restart the import finishes, each of the 10,000 rows written exactly once', async () => {
    await interrupted('SIGKILL');
  }, 300_000);

  it('SIGTERM in the middle: the step under way finishes, exit 0; the restart takes the next step from the queue', async () => {
    const { code, output, before, later } = await interrupted('SIGTERM');
    expect(code).toBe(0);
    expect(output.some((line) => line.includes('"stopped"'))).toBe(true);
    // Every chunk done once, before or after the restart, none twice.
    expect([...before, ...later]).toEqual(Array.from({ length: TOTAL / CHUNK_ROWS }, (_, i) => (i + 1) * CHUNK_ROWS));
  }, 300_000);
});

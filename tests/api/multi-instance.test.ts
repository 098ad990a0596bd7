/**
 * Two server processes on one PostgreSQL database (issue 9 "more than one machine"): nothing
 * that matters is kept in one process — sessions, request-flood counters and login throttling
 * are the database's, so what happens through one instance holds on the other.
 * PostgreSQL only (a PGlite directory belongs to one process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './fixture.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const RATE_LIMIT_MAX = 15;

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

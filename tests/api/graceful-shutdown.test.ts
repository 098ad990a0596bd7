/**
 * SIGTERM (issue 9 "more than one machine"): the instance first answers 503 on /readyz
 * (draining), then stops accepting connections, lets the requests in flight finish, closes the
 * database and exits 0. The real server process on a fresh database.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, databaseKinds } from './fixture.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

/** GET /readyz on a new connection: its status and body, or `refused` once nothing listens. */
async function readiness(url: string): Promise<{ status: number; body: any } | 'refused'> {
  try {
    const answer = await fetch(`${url}/readyz`, { headers: { connection: 'close' } });
    return { status: answer.status, body: await answer.json() };
  } catch {
    return 'refused';
  }
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never saw: ${what}`);
}

describe.each(databaseKinds())('graceful shutdown of the server process [%s]', (kind) => {
  let database: ServerDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await serverDatabase(kind);
    server = await startServerProcess({ ...database.env, SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_TIMEOUT_MS: '60000' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('drains on SIGTERM: /readyz 503, then no new connections, the login in flight still answered, exit 0', async () => {
    expect(await readiness(server.url)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ready' }) });

    // A login whose body is still arriving when the signal comes.
    const body = JSON.stringify({ login: 'compras@demo.com.br', secret: DEMO_PASSWORD });
    const half = Math.floor(body.length / 2);
    const { port } = new URL(server.url);
    const inFlight = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/identity/auth', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'application/json' } });
    const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
      inFlight.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, half));
    await new Promise<void>((resolve) => inFlight.on('socket', (socket) => (socket.connecting ? socket.once('connect', () => resolve()) : resolve())));

    server.child.kill('SIGTERM');
    const draining = await until('503 while draining', () => readiness(server.url), (r) => r !== 'refused' && r.status === 503);
    expect(draining).toEqual({ status: 503, body: { status: 'draining' } });
    // Then the server stops accepting connections…
    await until('connections refused', () => readiness(server.url), (r) => r === 'refused');
    expect(server.child.exitCode).toBeNull();

    // …but the request that was in flight is still served to the end.
    inFlight.end(body.slice(half));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(answer.body.tokenType).toBe('Authorization');

    expect(await server.exited).toBe(0);
    const messages = server.output.flatMap((line) => {
      try {
        return [JSON.parse(line).msg as string];
      } catch {
        return [];
      }
    });
    expect(messages).toContain('shutting down: draining');
    expect(messages.at(-1)).toBe('stopped');
  }, 120_000);
});

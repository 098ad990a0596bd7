/**
 * Figure: the server under load (issue 9 "Load"). 200 simulated users for 60 s, each in its own
 * loop: a password login, then list pages of Fornecedores with a search term, reads of its own
 * supplier and updates of it with If-Match (its own record: no user waits on another's lock), a
 * fresh login every 40 requests. Printed: requests, errors (anything but 2xx — must be 0),
 * throughput, p50/p99 per kind and overall, and the server's RSS before, after a first and after a
 * second run (the second must not grow it).
 *
 * On PostgreSQL when DATABASE_URL is set (a scratch database next to it, dropped afterwards),
 * else on PGlite. Rate limits are lifted (the load comes from one address).
 * Knobs: LOAD_USERS (200), LOAD_SECONDS (60).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createPasswordHasher } from '../server/auth/passwords';
import { cnpjCheckDigits } from '../src/contracts/brazil/documents';
import { DEMO_ORG_ID } from '../server/db/seed';
import { BENCH_PASSWORD, prepareDatabase, scratchPostgres } from './registry-data';
import { startServer, type RunningServer } from './server-process';

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RELOGIN_EVERY = 40;
const TERMS = ['Ltda', 'Comercial', 'Serviços', 'Distribuidora', 'Brasil', 'Sul', 'Tech', 'Indústria'];

type Kind = 'login' | 'list' | 'read' | 'update';
interface Tally {
  latencies: Record<Kind, number[]>;
  errors: Map<string, number>;
  requests: number;
}

/** Bearer token and XSRF header of a password login (writes need both). */
async function signIn(base: string, login: string, secret: string, send: () => Promise<Response | null> = () => fetch(`${base}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, secret, grantType: 'Password' }) })) {
  const answer = await send();
  if (!answer?.ok) return null;
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = cookie?.slice('XSRF-TOKEN='.length).split(';')[0] ?? '';
  const token = ((await answer.json()) as { accessToken: string }).accessToken;
  return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Users load1..N (group Comprador) with the bench password, and one supplier each. */
async function fill(db: Parameters<Parameters<typeof prepareDatabase>[1]>[0]): Promise<void> {
  const hash = await createPasswordHasher().hash(BENCH_PASSWORD);
  await sql`INSERT INTO users (id, org_id, email, login_key, name, access_level, password_hash, is_active, created_at, updated_at)
    SELECT gen_random_uuid()::text, ${DEMO_ORG_ID}, 'carga' || i || '@bench.com.br', 'carga' || i || '@bench.com.br', 'Usuário de carga ' || i, 'User', ${hash}, true, now(), now()
    FROM generate_series(1, ${USERS}::int) AS i`.execute(db);
  await sql`INSERT INTO user_group_members (org_id, group_id, user_id)
    SELECT u.org_id, g.id, u.id FROM users u JOIN user_groups g ON g.org_id = u.org_id AND g.name = 'Comprador'
    WHERE u.org_id = ${DEMO_ORG_ID} AND u.email LIKE 'carga%@bench.com.br'`.execute(db);
}

async function timed<T>(tally: Tally, kind: Kind, work: () => Promise<Response>): Promise<Response | null> {
  const started = performance.now();
  tally.requests++;
  try {
    const response = await work();
    tally.latencies[kind].push(performance.now() - started);
    if (!response.ok) tally.errors.set(`${kind} ${response.status}`, (tally.errors.get(`${kind} ${response.status}`) ?? 0) + 1);
    return response;
  } catch (error) {
    tally.errors.set(`${kind} ${(error as Error).message}`, (tally.errors.get(`${kind} ${(error as Error).message}`) ?? 0) + 1);
    return null;
  }
}

async function simulatedUser(base: string, n: number, until: number, tally: Tally, supplier: { id: string; body: Record<string, unknown> }): Promise<void> {
  const login = `carga${n}@bench.com.br`;
  let auth: Record<string, string> | null = null;
  let count = 0;
  let version = 0;
  while (performance.now() < until) {
    if (!auth || count % RELOGIN_EVERY === 0) {
      auth = await signIn(base, login, BENCH_PASSWORD, () =>
        timed(tally, 'login', () => fetch(`${base}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, secret: BENCH_PASSWORD, grantType: 'Password' }) })),
      );
      if (!auth) return;
    }
    const headers: Record<string, string> = auth;
    count++;
    const step = count % 4;
    if (step === 1 || step === 2) {
      const term = TERMS[(n + count) % TERMS.length];
      const answer = await timed(tally, 'list', () => fetch(`${base}/v1/companies/suppliers?q=${encodeURIComponent(term)}&page=${1 + (count % 3)}&perPage=25`, { headers }));
      await answer?.arrayBuffer();
    } else if (step === 3) {
      const answer = await timed(tally, 'read', () => fetch(`${base}/v1/companies/suppliers/${supplier.id}`, { headers }));
      if (answer?.ok) version = ((await answer.json()) as { version: number }).version;
    } else if (version) {
      const body = { ...supplier.body, notes: `Atualizado pela carga (${count})` };
      const answer = await timed(tally, 'update', () =>
        fetch(`${base}/v1/companies/suppliers/${supplier.id}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json', 'if-match': `"${version}"` }, body: JSON.stringify(body) }),
      );
      if (answer?.ok) version = ((await answer.json()) as { version: number }).version;
    }
  }
}

/** One supplier per simulated user, created through the API by the admin (the writable body kept for PUTs). */
async function suppliersFor(server: RunningServer): Promise<{ id: string; body: Record<string, unknown> }[]> {
  const auth = await signIn(server.url, 'admin@demo.com.br', 'Retaguarda#2025');
  if (!auth) throw new Error('admin login failed');
  const headers = { ...auth, 'content-type': 'application/json' };
  const template = ((await (await fetch(`${server.url}/v1/companies/suppliers?perPage=1`, { headers })).json()) as Record<string, unknown>[])[0];
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, _actions, kind: _k, ...writable } = template;
  const created: { id: string; body: Record<string, unknown> }[] = [];
  for (let i = 0; i < USERS; i++) {
    const base = `${String(90_000_000 + i).padStart(8, '0')}0001`;
    const body = { ...writable, name: `Fornecedor de carga ${i} Ltda`, tradeName: `Carga ${i}`, document: base + cnpjCheckDigits(base), stateRegistration: null };
    const answer = await fetch(`${server.url}/v1/companies/suppliers`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`supplier ${i}: HTTP ${answer.status} ${await answer.text()}`);
    created.push({ id: ((await answer.json()) as { id: string }).id, body });
  }
  return created;
}

async function run(server: RunningServer, suppliers: { id: string; body: Record<string, unknown> }[], label: string): Promise<void> {
  const tally: Tally = { latencies: { login: [], list: [], read: [], update: [] }, errors: new Map(), requests: 0 };
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(suppliers.map((supplier, i) => simulatedUser(server.url, i + 1, until, tally, supplier)));
  const elapsed = (performance.now() - started) / 1000;
  const all = Object.values(tally.latencies).flat();
  const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
  console.log(`load ${label}: ${USERS} users, ${elapsed.toFixed(0)} s, ${tally.requests} requests, ${(tally.requests / elapsed).toFixed(0)} req/s, errors ${errors}${errors ? ` (${[...tally.errors].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`);
  console.log(`load ${label}: all p50 ${percentile(all, 50).toFixed(0)} ms / p99 ${percentile(all, 99).toFixed(0)} ms`);
  for (const [kind, values] of Object.entries(tally.latencies)) {
    console.log(`load ${label}:   ${kind.padEnd(6)} ${String(values.length).padStart(6)} × p50 ${percentile(values, 50).toFixed(0)} ms / p99 ${percentile(values, 99).toFixed(0)} ms`);
  }
  console.log(`load ${label}: server RSS ${server.rssMb().toFixed(0)} MB`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'rt-load-'));
const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, 'load') : null;
try {
  await prepareDatabase({ dataDir, databaseUrl: scratch?.url }, fill);
  const server = await startServer(3211, { ...(scratch ? { DATABASE_URL: scratch.url } : {}), LOG_LEVEL: 'warn', SEED_DEMO: '0' }, dataDir);
  try {
    console.log(`load: ${scratch ? 'PostgreSQL' : 'PGlite'}; server RSS at start ${server.rssMb().toFixed(0)} MB`);
    const suppliers = await suppliersFor(server);
    await run(server, suppliers, 'first run ');
    await run(server, suppliers, 'second run');
  } finally {
    await server.stop();
  }
} finally {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Figures: throughput of the generic registry list route against the same SQL served by a bare
 * Fastify route, on 100,000 users (goal: generic/bare ≥ 0.8).
 *
 * - Data: a fresh database (migrations + demo organisation) with 100,000 more users in the demo
 *   tenant, inserted with one `INSERT … SELECT generate_series` (bench/registry-data.ts); on
 *   PostgreSQL then VACUUM ANALYZE and CHECKPOINT, so no route's run pays for the insert.
 * - Generic: the real server (server/main.ts, LOG_LEVEL=warn) answering
 *   `GET /v1/identity/users?page=…&perPage=25&sort=…` with a SystemOwner's Bearer token
 *   (authentication, scope check, query validation, tenant transaction, count + page + `_refs`,
 *   Link/X-Total-Count), and again with an ordinary user's (tesouraria@demo.com.br, `users:
 *   read` through the group Financeiro), whose scope check reads the permission cache (issue 9:
 *   goal ≥ 0.9 × bare for this one, both sorts, on PostgreSQL).
 * - Bare: this script in a child process (`BENCH_ROLE=bare`), one Fastify route without
 *   authentication, validation nor logging that runs the same statements on the same database
 *   with the same role: the tenant transaction (`set_config`), the count (capped at COUNT_CAP), the page SELECT the
 *   registry builds for `users` (link arrays, last-login subquery, `ORDER BY rt_sort_key(column), id`)
 *   and the `_refs` label lookups. The script checks that both answer the same bytes.
 * - Load: autocannon, 50 connections, pages 1–40 in turn (loopback): a warm-up of 200 requests,
 *   then as many requests as take about 10 s at the warm-up's rate (nothing left in flight),
 *   for `sort=name` (the list's default) and `sort=email`, each served by its rt_sort_key index.
 * - Side by side on PostgreSQL: both servers run at once and the 10 s of each route are taken in
 *   ROUNDS slices, the routes in turn (the order rotating), so the machine's drift over a minute
 *   falls on all of them alike; a rate is the slices' requests over their time.
 * - CPU per request: the server process's own CPU time (user + system, /proc) over the measured
 *   requests — the route's fixed cost, which req/s on a shared 2-core machine blurs; on PostgreSQL
 *   also the CPU of the database server's processes (all of them: only one route runs at a time).
 * On PGlite always (its directory belongs to one process: the servers run one after the other);
 * on PostgreSQL too when DATABASE_URL is set (a scratch database is created next to it and
 * dropped afterwards).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { COUNT_CAP } from '../src/contracts/resource';
import { DEMO_ORG_ID } from '../server/db/seed';
import { withTenant } from '../server/db/tenant';
import { apiLogin, insertUsers, openBenchDatabase, prepareDatabase, scratchPostgres, type BenchDatabase } from './registry-data';
import { median, processStats, processTree, startServer } from './server-process';

const ROWS = 100_000;
const PER_PAGE = 25;
const PAGES = 40;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Slices of each route's DURATION_S on PostgreSQL, taken in turn. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT_GENERIC = Number(process.env.BENCH_PORT ?? 3211);
const PORT_BARE = PORT_GENERIC + 1;
/** The two callers of the generic route: a SystemOwner (no permission lookup) and an ordinary user. */
const CALLERS = [
  ['SystemOwner', 'admin@demo.com.br'],
  ['ordinary user', 'tesouraria@demo.com.br'],
] as const;

// ---------------------------------------------------------------- the bare route (child process)

interface UserRow {
  id: string;
  version: number | string;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
  name: string;
  email: string;
  accessLevel: string;
  isActive: boolean;
  twoFactorMandatory: boolean;
  allowedMethods: string[];
  groups: string[];
  policies: string[];
  lastLoginAt: Date | null;
}

async function serveBare(target: BenchDatabase, port: number) {
  const handle = await openBenchDatabase(target);
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  app.get('/bare/users', async (request, reply) => {
    const query = request.query as { page?: string; perPage?: string; sort?: string };
    const sortColumn = query.sort === 'email' ? sql`rt_sort_key(t.email)` : sql`rt_sort_key(t.name)`;
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const perPage = Math.min(100, Math.max(1, Number(query.perPage ?? PER_PAGE) || PER_PAGE));
    const { total, rows } = await withTenant(handle.tenantDb, DEMO_ORG_ID, async (trx) => {
      const counted = await sql<{ total: string }>`SELECT count(*) AS total FROM (SELECT 1 FROM users AS t WHERE t.org_id = ${DEMO_ORG_ID} LIMIT ${COUNT_CAP + 1}) AS matches`.execute(trx);
      const page_ = await sql<UserRow>`SELECT t.id AS "id", t.version AS "version", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
          t.created_by AS "createdBy", t.updated_by AS "updatedBy",
          t.name AS "name", t.email AS "email", t.access_level AS "accessLevel", t.is_active AS "isActive",
          t.two_factor_mandatory AS "twoFactorMandatory", t.allowed_methods AS "allowedMethods",
          ARRAY(SELECT l.group_id FROM user_group_members AS l WHERE l.user_id = t.id ORDER BY l.group_id) AS "groups",
          ARRAY(SELECT l.policy_id FROM user_policies AS l WHERE l.user_id = t.id ORDER BY l.policy_id) AS "policies",
          (SELECT max(s.created_at) FROM sessions AS s WHERE s.user_id = t.id) AS "lastLoginAt"
        FROM users AS t WHERE t.org_id = ${DEMO_ORG_ID}
        ORDER BY ${sortColumn} ASC NULLS LAST, t.id ASC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(trx);
      const labels = async (table: 'user_groups' | 'policies', ids: string[]) => {
        if (!ids.length) return new Map<string, string>();
        const found = await sql<{ id: string; label: string }>`SELECT t.id, t.name AS label FROM ${sql.table(table)} AS t
          WHERE t.id IN (${sql.join(ids)}) AND t.org_id = ${DEMO_ORG_ID}`.execute(trx);
        return new Map(found.rows.map((row) => [row.id, row.label]));
      };
      const groups = await labels('user_groups', [...new Set(page_.rows.flatMap((row) => row.groups))]);
      const policies = await labels('policies', [...new Set(page_.rows.flatMap((row) => row.policies))]);
      const rows = page_.rows.map((row) => ({
        ...row,
        version: Number(row.version),
        createdAt: new Date(row.createdAt).toISOString(),
        updatedAt: new Date(row.updatedAt).toISOString(),
        lastLoginAt: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
        _refs: {
          groups: row.groups.filter((id) => groups.has(id)).map((id) => ({ id, label: groups.get(id)! })),
          policies: row.policies.filter((id) => policies.has(id)).map((id) => ({ id, label: policies.get(id)! })),
        },
      }));
      return { total: Number(counted.rows[0].total), rows };
    });
    if (total > COUNT_CAP) reply.header('x-total-count-over', String(COUNT_CAP));
    else reply.header('x-total-count', String(total));
    return rows;
  });
  const close = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  await app.listen({ port, host: '127.0.0.1' });
}

async function startBare(target: BenchDatabase, port: number): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ROLE: 'bare', BENCH_PORT: String(port), BENCH_DATA_DIR: target.dataDir, BENCH_DATABASE_URL: target.databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

// ---------------------------------------------------------------- load

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU (user + system) per measured request, ms. */
  cpuMs: number;
  /** CPU of the PostgreSQL server's processes per request (0 on PGlite, which is the server's own). */
  dbCpuMs: number;
}

type PathFor = (page: number) => string;

/** A route under load: where, with which headers, served by which process. */
interface Route {
  url: string;
  pathFor: PathFor;
  headers: Record<string, string>;
  pid: number;
  /** The database is the local PostgreSQL: its processes' CPU is measured too. */
  onPostgres?: boolean;
}

/** CPU time (user + system) of a process and its descendants, ms. */
function cpuMsOf(pid: number): number {
  const stats = processStats();
  const tree = new Set(processTree(pid, stats));
  return stats.reduce((sum, stat) => (tree.has(stat.pid) ? sum + stat.cpuTicks : sum), 0) * 10;
}

/** CPU ticks of each process named `postgres` on this machine (the local server the bench's database lives on). */
function postgresTicks(): Map<number, number> {
  return new Map(processStats().filter((stat) => stat.name === 'postgres').map((stat) => [stat.pid, stat.cpuTicks]));
}

/** PostgreSQL's CPU since `before`, ms: per process, so one that ended meanwhile (a worker) takes nothing away; one that started counts whole. */
function postgresCpuMsSince(before: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - Math.min(now, before.get(pid) ?? 0);
  return ticks * 10;
}

interface Slice {
  ok: number;
  bad: number;
  seconds: number;
  cpuMs: number;
  dbCpuMs: number;
  p50: number;
  p99: number;
}

/**
 * A fixed amount of requests (fixed amounts end with nothing in flight, so a run never leaves
 * queued work to the next one: PGlite answers one query at a time, on the event loop).
 */
async function slice(route: Route, amount: number): Promise<Slice> {
  let n = 0;
  const requests = [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: route.pathFor(1 + (n++ % PAGES)) }) }];
  // Rates from our own clock, first request to last answer: autocannon's `duration` is whole
  // seconds and it notices the end of a fixed amount on its 1 s tick, so both made every figure
  // jump between a few values (amount / 8, 9, 10, 12 s).
  const cpuBefore = cpuMsOf(route.pid);
  const dbCpuBefore = route.onPostgres ? postgresTicks() : undefined;
  const started = performance.now();
  let last = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: route.url, connections: CONNECTIONS, amount, timeout: 300, headers: route.headers, requests: requests as never }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', () => (last = performance.now()));
  });
  return { ok: result['2xx'], bad: result.non2xx + result.errors + result.timeouts, seconds: (last - started) / 1000, cpuMs: cpuMsOf(route.pid) - cpuBefore, dbCpuMs: dbCpuBefore ? postgresCpuMsSince(dbCpuBefore) : 0, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Each route: a warm-up of four requests per connection, then about DURATION_S seconds of
 * requests (sized from the warm-up's rate) in `rounds` slices; the routes take their slices in
 * turn, the first of each round rotating. One route and one round: the plain sequential run.
 */
async function load(routes: Route[], rounds: number): Promise<Figures[]> {
  const amounts: number[] = [];
  for (const route of routes) {
    const warm = await slice(route, CONNECTIONS * 4);
    amounts.push(Math.max(CONNECTIONS, Math.round((warm.ok / warm.seconds) * (DURATION_S / rounds))));
  }
  const slices: Slice[][] = routes.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < routes.length; k++) {
      const r = (round + k) % routes.length;
      slices[r].push(await slice(routes[r], amounts[r]));
    }
  }
  return slices.map((taken) => {
    const ok = taken.reduce((sum, s) => sum + s.ok, 0);
    return {
      rps: ok / taken.reduce((sum, s) => sum + s.seconds, 0),
      p50: median(taken.map((s) => s.p50)),
      p99: median(taken.map((s) => s.p99)),
      errors: taken.reduce((sum, s) => sum + s.bad, 0),
      cpuMs: taken.reduce((sum, s) => sum + s.cpuMs, 0) / ok,
      dbCpuMs: taken.reduce((sum, s) => sum + s.dbCpuMs, 0) / ok,
    };
  });
}

const genericPath = (sort: string): PathFor => (page) => `/v1/identity/users?page=${page}&perPage=${PER_PAGE}&sort=${sort}`;
const barePath = (sort: string): PathFor => (page) => `/bare/users?page=${page}&perPage=${PER_PAGE}&sort=${sort}`;

const CHECKED_PAGES = [1, 7, PAGES];

/** Body, X-Total-Count and X-Total-Count-Over of the checked pages (compared between the two servers, which never run at once on PGlite). */
async function answers(url: string, pathFor: PathFor, headers: Record<string, string>): Promise<string[]> {
  const texts: string[] = [];
  for (const page of CHECKED_PAGES) {
    const response = await fetch(`${url}${pathFor(page)}`, { headers });
    texts.push(`${response.status} ${response.headers.get('x-total-count')} ${response.headers.get('x-total-count-over')} ${await response.text()}`);
  }
  return texts;
}

/** `sort=name` is the list's default; both sorts ride their rt_sort_key indexes (migration 0006). */
const SORTS = [
  ['name', 'sort=name (default, index on rt_sort_key(name))'],
  ['email', 'sort=email (index on rt_sort_key(email))'],
] as const;

async function benchOne(kind: string, target: BenchDatabase) {
  const started = performance.now();
  await prepareDatabase(target, (db) => insertUsers(db, ROWS));
  console.log(`list-endpoint [${kind}]: ${ROWS.toLocaleString('en')} users inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (target.databaseUrl) {
    // The insert's after-work (hint bits, dirty pages, the checkpoint it brings on) done now,
    // not in the first measured run — which is always the generic route's: since the insert takes
    // ~7 s instead of ~88 s (migration 0021), it could fall in that run (SystemOwner, sort=name:
    // 0.59–0.60 × bare in four of five runs). Both routes then meet the same settled database.
    const handle = await openBenchDatabase(target);
    try {
      await sql`VACUUM ANALYZE`.execute(handle.db);
      // Superuser or pg_checkpoint only: without it the run goes on, and says so.
      await sql`CHECKPOINT`.execute(handle.db).catch((error: Error) => console.log(`list-endpoint [${kind}]: no CHECKPOINT (${error.message})`));
    } finally {
      await handle.close();
    }
  }
  // Request logging off (LOG_LEVEL=warn, as in the e2e runs): the figure is the route's own cost.
  const env: Record<string, string> = { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) };

  const generic: { figures: Figures; answers: string[] }[][] = CALLERS.map(() => []);
  const bare: { figures: Figures; answers: string[] }[] = [];
  const genericRoutes = (url: string, pid: number, tokens: string[], sort: string): Route[] =>
    CALLERS.map((_, c) => ({ url, pathFor: genericPath(sort), headers: { authorization: `Bearer ${tokens[c]}` }, pid }));
  // Every sign-in first: a sign-in changes its user's "last login" in the answers compared below.
  const signIn = async (url: string) => {
    const tokens: string[] = [];
    for (const [, login] of CALLERS) tokens.push(await apiLogin(url, login));
    return tokens;
  };
  if (target.databaseUrl) {
    // Side by side: both servers up, the routes' slices in turn.
    const server = await startServer(PORT_GENERIC, env, target.dataDir);
    try {
      const bareServer = await startBare(target, PORT_BARE);
      try {
        const tokens = await signIn(server.url);
        for (const [sort] of SORTS) {
          const routes = [...genericRoutes(server.url, server.pid, tokens, sort), { url: bareServer.url, pathFor: barePath(sort), headers: {}, pid: bareServer.pid }].map(
            (route) => ({ ...route, onPostgres: true }),
          );
          const texts = await Promise.all(routes.map((route) => answers(route.url, route.pathFor, route.headers)));
          const figures = await load(routes, ROUNDS);
          CALLERS.forEach((_, c) => generic[c].push({ answers: texts[c], figures: figures[c] }));
          bare.push({ answers: texts[CALLERS.length], figures: figures[CALLERS.length] });
        }
      } finally {
        await bareServer.stop();
      }
    } finally {
      await server.stop();
    }
  } else {
    // One server at a time: PGlite's directory belongs to one process.
    const server = await startServer(PORT_GENERIC, env, target.dataDir);
    try {
      const tokens = await signIn(server.url);
      for (const c of CALLERS.keys()) {
        for (const [sort] of SORTS) {
          const route = genericRoutes(server.url, server.pid, tokens, sort)[c];
          generic[c].push({ answers: await answers(route.url, route.pathFor, route.headers), figures: (await load([route], 1))[0] });
        }
      }
    } finally {
      await server.stop();
    }
    const bareServer = await startBare(target, PORT_BARE);
    try {
      for (const [sort] of SORTS) {
        const route = { url: bareServer.url, pathFor: barePath(sort), headers: {}, pid: bareServer.pid };
        bare.push({ answers: await answers(route.url, route.pathFor, {}), figures: (await load([route], 1))[0] });
      }
    } finally {
      await bareServer.stop();
    }
  }

  const line = (label: string, f: Figures, extra = '') =>
    `list-endpoint [${kind}]:   ${label.padEnd(24)} ${f.rps.toFixed(1).padStart(7)} req/s  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  server CPU ${f.cpuMs.toFixed(2)} ms/req${f.dbCpuMs ? `  PostgreSQL CPU ${f.dbCpuMs.toFixed(2)} ms/req` : ''}${f.errors ? `  errors ${f.errors}` : ''}${extra}`;
  SORTS.forEach(([, title], i) => {
    console.log(`list-endpoint [${kind}]: ${title}`);
    CALLERS.forEach(([caller], c) => {
      const same = generic[c][i].answers.every((text, page) => text === bare[i].answers[page]);
      const ratio = generic[c][i].figures.rps / bare[i].figures.rps;
      const goal = c === 0 ? 0.8 : 0.9;
      console.log(`list-endpoint [${kind}]:   ${caller}: answers ${same ? `identical (JSON and X-Total-Count, pages ${CHECKED_PAGES.join(', ')})` : 'DIFFER'}`);
      console.log(line(`generic, ${caller}`, generic[c][i].figures, `  ratio generic/bare ${ratio.toFixed(2)} (goal ≥ ${goal}: ${ratio >= goal ? 'met' : 'NOT met'})`));
    });
    console.log(line('bare Fastify, same SQL', bare[i].figures));
  });
}

if (process.env.BENCH_ROLE === 'bare') {
  await serveBare({ dataDir: process.env.BENCH_DATA_DIR!, databaseUrl: process.env.BENCH_DATABASE_URL || undefined }, Number(process.env.BENCH_PORT));
} else {
  console.log(`list-endpoint: GET users of a 100,000-user tenant, ${CONNECTIONS} connections, ~${DURATION_S} s of requests after a warm-up, perPage ${PER_PAGE}, pages 1–${PAGES} in turn`);
  // SKIP_PGLITE=1: PostgreSQL only.
  if (!process.env.SKIP_PGLITE) {
    const pgliteDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-list-'));
    try {
      await benchOne('PGlite', { dataDir: pgliteDir });
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true });
    }
  }
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'list');
    const secretDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-list-pg-'));
    try {
      await benchOne('PostgreSQL', { dataDir: secretDir, databaseUrl: scratch.url });
    } finally {
      await scratch.drop();
      rmSync(secretDir, { recursive: true, force: true });
    }
  } else {
    console.log('list-endpoint [PostgreSQL]: skipped (DATABASE_URL not set)');
  }
}

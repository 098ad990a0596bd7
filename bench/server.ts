/**
 * Figures: issue 23's two server goals, then start time and memory on the embedded database
 * (first start = migrate + seed, second start = existing data) and password logins per second
 * (autocannon, 10 connections, 10 s).
 *
 * Issue 23 ("ready ≤ 1.5 s on an existing data directory, ≤ 250 MB resident after 50 calls"):
 * `node <flags> dist-server/main.mjs` (what `npm start` runs after its build, its node flags
 * included: scripts/start-command.ts; built here) on one data directory made by a first start,
 * READY_RUNS (5) warm starts, medians:
 *   - ready: from spawning the process to the first answered request (GET /readyz 200);
 *   - RSS after 50 calls: the node process's resident memory after a password login and 49
 *     authenticated GETs across the families (lists, records by id, the caller's account).
 * Also the server's CPU time (user + system) at ready: on a machine shared with other work the
 * wall-clock figure moves with the load, the CPU time much less.
 * Knobs: READY_RUNS, BENCH_PORT (4623), BENCH_NODE_ARGS (node flags for the server after npm start's),
 * BENCH_BUNDLE (another build of the bundle, inside the checkout so that it finds node_modules,
 * e.g. an older commit's: `node scripts/build-server.mjs dist-base/main.mjs` there),
 * SKIP_THROUGHPUT=1 (only issue 23's figures).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../server/db/seed';
import { median, startServer } from './server-process';
import { START_NODE_FLAGS } from '../scripts/start-command';

const READY_GOAL_MS = 1500;
const RSS_GOAL_MB = 250;
const READY_RUNS = Number(process.env.READY_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4623);
const ROOT = path.resolve(import.meta.dirname, '..');
const URL_BASE = `http://127.0.0.1:${PORT}`;

/** The mixed calls after the login (each a GET with the access token); `{id}`: the first row of the list before it. */
const CALLS = [
  '/v1/identity/users',
  '/v1/supply/orders',
  '/v1/supply/orders/{id}',
  '/v1/companies/suppliers',
  '/v1/companies/suppliers/{id}',
  '/v1/companies/customers',
  '/v1/supply/categories',
  '/api/finance/payables',
  '/api/finance/payables/{id}',
  '/api/finance/payable-installments',
  '/api/finance/receivables',
  '/api/finance/bank-accounts',
  '/api/finance/chart-accounts',
  '/v1/pricing/quotes',
  '/v1/approvals/queues',
  '/v1/commons/search?q=demo',
];

/** CPU time of a process, user + system, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

async function fiftyCalls(): Promise<void> {
  const login = await fetch(`${URL_BASE}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@demo.com.br', secret: DEMO_PASSWORD, grantType: 'Password' }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  let lastId = '';
  for (let call = 1; call < 50; call++) {
    const target = CALLS[(call - 1) % CALLS.length].replace('{id}', lastId);
    const answer = await fetch(`${URL_BASE}${target}`, { headers });
    if (!answer.ok) throw new Error(`GET ${target}: ${answer.status} ${await answer.text()}`);
    const body = (await answer.json()) as unknown;
    const first = Array.isArray(body) ? (body[0] as { id?: unknown } | undefined) : undefined;
    lastId = first?.id === undefined ? '' : String(first.id);
  }
}

async function readyAndMemory(dir: string, measure: boolean): Promise<{ readyMs: number; cpuMs: number; rss: number; steps: Record<string, number> }> {
  const nodeArgs = [...START_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const spawned = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_BUNDLE ?? 'dist-server/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dir, LOG_FORMAT: 'json', POSTAL_CODE_URL: 'off', COMPANY_LOOKUP_URL: 'off', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let steps: Record<string, number> = {};
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.includes('"startupMs"')) steps = JSON.parse(line).startupMs;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${URL_BASE}/readyz`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - spawned;
    const cpuAtReady = cpuMs(child.pid!);
    if (measure) await fiftyCalls();
    return { readyMs, cpuMs: cpuAtReady, rss: rssMb(child.pid!), steps };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

if (!process.env.BENCH_BUNDLE) execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
const readyDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-ready-'));
try {
  await readyAndMemory(readyDir, false); // creates the data directory (migrations, demo seed)
  const runs = [];
  for (let i = 0; i < READY_RUNS; i++) runs.push(await readyAndMemory(readyDir, true));
  const ready = median(runs.map((r) => r.readyMs));
  const rss = median(runs.map((r) => r.rss));
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`server (issue 23, node ${[...START_NODE_FLAGS, process.env.BENCH_NODE_ARGS ?? ''].join(' ').trim()} ${process.env.BENCH_BUNDLE ?? 'dist-server/main.mjs'}, existing data directory, median of ${READY_RUNS}; load average ${load}):`);
  console.log(`  ready (spawn → first answered request): ${ready.toFixed(0)} ms (goal ≤ ${READY_GOAL_MS}: ${ready <= READY_GOAL_MS ? 'met' : 'missed'}; runs ${runs.map((r) => r.readyMs.toFixed(0)).join(', ')})`);
  console.log(`  CPU time of the server at ready:        ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms (runs ${runs.map((r) => r.cpuMs.toFixed(0)).join(', ')})`);
  console.log(`  RSS after 50 authenticated calls:       ${rss.toFixed(0)} MB (goal ≤ ${RSS_GOAL_MB}: ${rss <= RSS_GOAL_MB ? 'met' : 'missed'}; runs ${runs.map((r) => r.rss.toFixed(0)).join(', ')})`);
  console.log(`  steps of the median start (ms since the process started): ${JSON.stringify(runs.sort((a, b) => a.readyMs - b.readyMs)[Math.floor(runs.length / 2)].steps)}`);
} finally {
  rmSync(readyDir, { recursive: true, force: true });
}
if (process.env.SKIP_THROUGHPUT === '1') process.exit(0);

const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-server-'));
try {
  const first = await startServer(3203, {}, dir);
  console.log(`server: first start (migrate + seed) ${first.startMs.toFixed(0)} ms, RSS ${first.rssMb().toFixed(0)} MB`);
  await first.stop();

  const second = await startServer(3203, {}, dir);
  console.log(`server: start on existing data      ${second.startMs.toFixed(0)} ms, RSS ${second.rssMb().toFixed(0)} MB`);

  const result = await autocannon({
    url: `${second.url}/v1/identity/auth`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'compras@demo.com.br', secret: 'Retaguarda#2025', grantType: 'Password' }),
    connections: 10,
    duration: 10,
  });
  const ok = result['2xx'];
  console.log(`server: logins/s ${(ok / result.duration).toFixed(1)} (2xx ${ok}, non-2xx ${result.non2xx}), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, RSS after ${second.rssMb().toFixed(0)} MB`);
  await second.stop();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

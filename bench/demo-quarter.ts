/**
 * Figure: what the demo quarter (issue 27 §4, server/setup/demo-quarter.ts) adds to `npm start`.
 * RUNS times: the server bundle (`node dist-server/main.mjs`, as `npm start` runs it) on a fresh
 * embedded database with DEMO_QUARTER=1 and without it, then a restart of the seeded directory
 * (the quarter is there: only its check runs). Step timings come from the server's own log
 * (`startupMs`, server/main.ts); the quarter's line says what it created.
 * Knobs: RUNS (3), BENCH_PORT (3221).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { START_NODE_FLAGS } from '../scripts/start-command';

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3221);
const ROOT = path.resolve(import.meta.dirname, '..');

interface Start {
  startupMs: Record<string, number>;
  quarter?: string;
}

/** Starts the bundle on `dir`, waits for its "listening" log line, stops it. */
async function start(dir: string, quarter: boolean): Promise<Start> {
  const child = spawn(process.execPath, [...START_NODE_FLAGS, 'dist-server/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dir, LOG_FORMAT: 'json', DEMO_QUARTER: quarter ? '1' : '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const found: Start = { startupMs: {} };
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; startupMs?: Record<string, number> };
        if (entry.msg?.startsWith('Trimestre de demonstração')) found.quarter = entry.msg;
        if (entry.startupMs) {
          found.startupMs = entry.startupMs;
          resolve();
        }
      }
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return found;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!existsSync(path.join(ROOT, 'dist-server/main.mjs'))) execFileSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
const rows: { name: string; listening: number[]; quarter: number[] }[] = [
  { name: 'fresh, DEMO_QUARTER=1', listening: [], quarter: [] },
  { name: 'fresh, without it', listening: [], quarter: [] },
  { name: 'restart, quarter there', listening: [], quarter: [] },
];
let said = '';
for (let run = 0; run < RUNS; run++) {
  const seeded = mkdtempSync(path.join(tmpdir(), 'rt-quarter-'));
  const plain = mkdtempSync(path.join(tmpdir(), 'rt-quarter-'));
  try {
    const first = await start(seeded, true);
    said = first.quarter ?? said;
    const without = await start(plain, false);
    const again = await start(seeded, true);
    for (const [row, result] of [[rows[0], first], [rows[1], without], [rows[2], again]] as const) {
      row.listening.push(result.startupMs.listening);
      if (result.startupMs.demoQuarter !== undefined) row.quarter.push(result.startupMs.demoQuarter - result.startupMs.appBuilt);
    }
  } finally {
    rmSync(seeded, { recursive: true, force: true });
    rmSync(plain, { recursive: true, force: true });
  }
}
console.log(`demo quarter (${RUNS} runs, medians): ${said}`);
for (const row of rows) console.log(`  ${row.name.padEnd(24)} ready ${String(median(row.listening)).padStart(6)} ms   quarter step ${row.quarter.length ? `${median(row.quarter)} ms` : '—'}`);

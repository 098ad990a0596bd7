/** Starts the real server (fresh embedded database) for a benchmark and stops it afterwards. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

export interface RunningServer {
  url: string;
  pid: number;
  startMs: number;
  stop: () => Promise<void>;
  rssMb: () => number;
}

export async function startServer(port: number, env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'rt-bench-'));
  const started = performance.now();
  // BENCH_NODE_ARGS: extra flags for the server's node (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a figure).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_LOG: the server's log, at level info, into that file: each request's arrival and
  // duration, to read what a page waited on the server for beside the browser's own timings.
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000', ...env, ...(process.env.BENCH_SERVER_LOG ? { LOG_LEVEL: 'info' } : {}) },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/app.config.json`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    startMs,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ProcessStat {
  pid: number;
  ppid: number;
  /** The command name (`postgres`, `node`…). */
  name: string;
  /** CPU time, user + system, in clock ticks of 10 ms. */
  cpuTicks: number;
}

/** Every process of this machine (Linux /proc/<pid>/stat). */
export function processStats(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const end = stat.lastIndexOf(')');
      const fields = stat.slice(end + 2).split(' ');
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), name: stat.slice(stat.indexOf('(') + 1, end), cpuTicks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return stats;
}

/** The process and all its descendants. */
export function processTree(root: number, stats: ProcessStat[] = processStats()): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/**
 * Resident memory of processes in MB: `rss` adds up each process's RSS (pages shared between
 * them, like PostgreSQL's shared buffers, count once per process); `pss` shares them out.
 */
export function memoryOf(pids: number[]): { rss: number; pss: number } {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(rollup.match(/^Rss:\s+(\d+)/m)?.[1] ?? 0);
      pss += Number(rollup.match(/^Pss:\s+(\d+)/m)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

/**
 * Every new browser context is a new window, and Chromium (156) loads its omnibox's popup — a WebUI
 * page of ~100–360 scripts, 70–850 ms of parsing on a worker thread — into each one while the page
 * under test loads, on the same two cores (seen in traces: `v8.parseOnBackground` of
 * chrome://omnibox-popup.top-chrome/…). A person's cold load happens in a window already open, so
 * the benches switch that popup off: they time the page, not the browser's own window (BENCH_OMNIBOX=1 keeps it).
 */
const WINDOW_UI_OFF = process.env.BENCH_OMNIBOX === '1' ? [] : ['--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,WebUIOmniboxPopup'];

export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', ...WINDOW_UI_OFF],
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A stored session carried from one browser context to the next: the portal rotates its refresh
 * token while in use, and the server ends a session whose old token comes back, so a bench of
 * many cold contexts opens each from the storage the last one left (as bench/first-row-vs-floor.ts
 * does), not from the first sign-in's.
 */
export class CarriedSession {
  constructor(private state: NonNullable<BrowserContextOptions['storageState']>) {}

  newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
    return browser.newContext({ ...options, storageState: this.state });
  }

  /** Keeps the context's storage (once its pages' requests, a token refresh among them, are done) and closes it. */
  async close(context: BrowserContext): Promise<void> {
    for (const page of context.pages()) await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    this.state = await context.storageState();
    await context.close();
  }
}

/**
 * Signs `login` in once through the login page and returns the context's storage (the stored
 * session), so later contexts start signed in: `browser.newContext({storageState})`. With "Lembrar
 * de mim": each later context is a new browser, and a session without it ends two minutes after
 * its last tab closed (src/core/sessionClosed.ts), which a bench of many cold loads outlives.
 */
export async function signedInState(browser: Browser, url: string, login: string, secret: string): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(secret);
  await page.getByLabel('Lembrar de mim neste dispositivo').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText(`Conectado como ${login}`).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

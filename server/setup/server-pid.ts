/**
 * Which process holds an embedded database: a server on PGlite writes its pid to
 * `DATA_DIR/server.pid` as it starts opening the database and removes it when it stops; the setup
 * command refuses to open the directory while that process lives (a PGlite data directory
 * belongs to one process: two would corrupt it). A file left by a crash names a process that no
 * longer exists and is ignored.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Records this process as the directory's server; returns what removes the record. */
export function recordServerPid(dataDir: string): () => void {
  writeFileSync(file(dataDir), `${process.pid}\n`);
  return () => rmSync(file(dataDir), { force: true });
}

/** The pid of a live server on `dataDir`, or null. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(file(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

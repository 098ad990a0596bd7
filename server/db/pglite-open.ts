/**
 * Opening PGlite: in this thread (the tests, the benches) or in the server's database worker
 * (pglite-worker.ts). PGlite itself loads when a database opens: a module that only names this
 * one (connect.ts re-exports it) does not load it.
 */
import type { PGlite } from '@electric-sql/pglite';

/** int8, numeric and date as text, as on PostgreSQL (connect.ts). */
const AS_TEXT = [20, 1700, 1082];
const asText = (value: string) => value;

/**
 * PostgreSQL settings of the embedded database (issue 9 "the embedded database";
 * bench/embedded-db.ts). PGlite is one single-user backend inside the WebAssembly heap, where
 * shared memory is ordinary heap that is zeroed (so resident) at start: the data directory's
 * default `shared_buffers = 128MB` alone costs ~120 MB of RSS. 16 MB holds the demo
 * organisation's hot pages; reads past it come from the OS page cache.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '16MB' };

/**
 * Opens (or creates) a PGlite database in `dataDir` (undefined → in memory), with pg_trgm
 * (trigram indexes of the list searches, migration 0003) and PGLITE_SETTINGS (`tuned: false`:
 * the data directory's own settings, for bench/embedded-db.ts).
 */
export async function openPglite(dataDir: string | undefined, options: { tuned?: boolean } = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const settings = options.tuned === false ? [] : Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const pglite = new PGlite(dataDir, {
    parsers: Object.fromEntries(AS_TEXT.map((oid) => [oid, asText])),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  await pglite.waitReady;
  return pglite;
}

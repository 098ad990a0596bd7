/**
 * The main thread's end of the embedded database's worker (pglite-worker.ts): the part of
 * PGlite's interface that kysely's PGlite driver and `pgliteDatabase` (connect.ts) use —
 * `query`, `exec`, `transaction`, `close`, `closed`, `ready`, `waitReady` — each call a message.
 *
 * Results cross as structured clones: rows keep their types (Date, Uint8Array, parsed JSON, and
 * int8/numeric/date as text: the parsers run in the worker). Errors keep their message and
 * PostgreSQL fields (code, detail, constraint…), which is what callers read.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { deserializeError, type SerializedError, type WorkerAnswer, type WorkerRequest } from './pglite-messages.js';

/** What of PGlite the handles use (connect.ts `pgliteDatabase` takes this or a PGlite). */
export type PgliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed' | 'ready' | 'waitReady'>;

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/**
 * The worker's young generation (V8's nursery), in MB: it runs little JavaScript (messages in and
 * out around PGlite's WebAssembly), and V8's default let it grow to 16–32 MB of heap kept for the
 * process's life (issue 23, resident memory: the worker's heap 30 → 18 MB after 50 calls).
 */
const WORKER_YOUNG_GENERATION_MB = 4;

/**
 * The worker: its bundle beside this module's in dist-server/, or, under tsx and vitest, its
 * TypeScript source loaded through tsx's loader (a worker does not take `--import tsx` on Node 20).
 */
function startWorker(workerData: unknown): Worker {
  const options = { workerData, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.mjs', import.meta.url), options);
  // tsx's ES-module API (its CommonJS one cannot register from a worker): the file its package exports for `import`.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const exported = (JSON.parse(readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api'].import.default;
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), exported)).href;
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

class RemotePglite implements PgliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 1;
  #lost: Error | undefined;
  #closing = false;
  readonly #exited: Promise<unknown>;
  closed = false;
  ready = false;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | undefined, tuned: boolean, onLost: (error: Error) => void) {
    this.#worker = startWorker({ dataDir, tuned });
    this.#exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    let started!: () => void;
    let failed!: (error: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
    // Whoever started it may not be waiting (startPgliteInWorker): its calls carry the failure.
    this.waitReady.catch(() => undefined);
    const lose = (error: Error) => {
      if (this.#lost) return;
      this.#lost = error;
      failed(error);
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      if (!this.#closing) onLost(error);
      this.closed = true;
    };
    this.#worker.on('message', (message: WorkerAnswer | { ready: boolean; error?: SerializedError }) => {
      if ('ready' in message) {
        if (message.ready) {
          this.ready = true;
          started();
        } else {
          // Calls sent meanwhile (they queue in the worker's port) fail with why it did not open.
          this.#closing = true;
          lose(deserializeError(message.error!));
          void this.#worker.terminate();
        }
        return;
      }
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(deserializeError(message.error));
    });
    this.#worker.on('error', lose);
    this.#worker.on('exit', (code) => lose(new Error(`the embedded database's worker exited (${code})`)));
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#lost) return Promise.reject(this.#lost);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /** A statement, in the open transaction (`tx`) or not; of PGlite's query options only the row mode crosses (the parsers live in the worker). */
  #query<T>(sql: string, params: unknown[] | undefined, options: { rowMode?: 'object' | 'array' } | undefined, tx?: boolean) {
    return this.#call<Results<T>>({ op: 'query', tx, sql, params, options: options?.rowMode ? { rowMode: options.rowMode } : undefined });
  }

  query = (<T>(sql: string, params?: unknown[], options?: { rowMode?: 'object' | 'array' }) => this.#query<T>(sql, params, options)) as PGlite['query'];

  exec = ((sql: string) => this.#call<Results[]>({ op: 'exec', sql })) as PGlite['exec'];

  /** As PGlite's: BEGIN, the callback, then COMMIT, or ROLLBACK when it throws or rolls back. */
  transaction = (async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    await this.#call({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (sql: string, params?: unknown[], options?: { rowMode?: 'object' | 'array' }) => {
        open();
        return this.#query(sql, params, options, true);
      },
      exec: async (sql: string) => {
        open();
        return this.#call({ op: 'exec', tx: true, sql });
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'rollback' });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await this.#call({ op: 'commit' });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'rollback' });
      }
      throw error;
    }
  }) as PGlite['transaction'];

  close = async () => {
    if (this.closed || this.#closing) return;
    this.#closing = true;
    await this.#call({ op: 'close' });
    this.closed = true;
    await this.#worker.terminate();
    await this.#exited;
  };
}

/**
 * Starts the embedded database in `dataDir` in a worker thread and returns its handle at once:
 * calls made before PostgreSQL is up wait in the worker's port and run once it is (they fail with
 * the reason when it does not open); `waitReady` settles then. `onLost`: the worker died under the
 * server (every call fails from then on).
 */
export function startPgliteInWorker(dataDir: string | undefined, options: { tuned?: boolean; onLost?: (error: Error) => void } = {}): PgliteLike {
  return new RemotePglite(dataDir, options.tuned !== false, options.onLost ?? (() => undefined));
}

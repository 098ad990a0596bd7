/**
 * The embedded database in a worker thread (pglite-remote.ts is the other end): PostgreSQL's
 * start in WebAssembly (~0.6 s of CPU) runs on another core while the main thread loads the
 * server's modules and builds its routes, and each statement runs beside the main thread's
 * JavaScript afterwards.
 *
 * Messages in: `{ id, op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close', … }`;
 * out: `{ id, ok: true, value }` or `{ id, ok: false, error }` (the error's message and its
 * PostgreSQL fields: code, detail, constraint…). First message out: `{ ready: true }` or
 * `{ ready: false, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-open.js';
import { serializeError, type WorkerRequest } from './pglite-messages.js';

const port = parentPort!;
const { dataDir, tuned } = workerData as { dataDir: string | undefined; tuned: boolean };

/** The transaction kysely's driver holds open between `begin` and `commit`/`rollback` (one at a time: the gate in connect.ts). */
interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done?: Promise<unknown>;
}
const ROLLED_BACK = Symbol('rolled back');

async function serve(pglite: PGlite) {
  let open: OpenTransaction | undefined;
  const target = (inTransaction: boolean | undefined) => (inTransaction && open ? open.tx : pglite);
  const run = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, request.options);
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'begin': {
        let begun!: () => void;
        const started = new Promise<void>((resolve) => (begun = resolve));
        let finish!: (commit: boolean) => void;
        const decided = new Promise<boolean>((resolve) => (finish = resolve));
        const done = pglite.transaction(async (tx) => {
          open = { tx, finish };
          begun();
          if (!(await decided)) throw ROLLED_BACK;
        });
        // A BEGIN that fails never calls the callback: its error answers the request.
        await Promise.race([started, done]);
        open!.done = done;
        return undefined;
      }
      case 'commit':
      case 'rollback': {
        const current = open;
        if (!current) return undefined;
        current.finish(request.op === 'commit');
        try {
          await current.done;
        } catch (error) {
          if (error !== ROLLED_BACK) throw error;
        } finally {
          open = undefined;
        }
        return undefined;
      }
      case 'close':
        await pglite.close();
        return undefined;
    }
  };
  port.on('message', (request: WorkerRequest) => {
    run(request).then(
      (value) => {
        port.postMessage({ id: request.id, ok: true, value });
      },
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
}

openPglite(dataDir, { tuned }).then(
  (pglite) => {
    void serve(pglite);
    port.postMessage({ ready: true });
  },
  (error: unknown) => port.postMessage({ ready: false, error: serializeError(error) }),
);

/**
 * A bulk call's records (POST …/bulk/{action}): each id worked on through the resource's service,
 * a failure staying alone. The ids go in chunks of `BULK_CHUNK`, one transaction per chunk with a
 * savepoint per record: a record refused (an HttpError) or failing rolls back to its savepoint —
 * its writes, its after-commit work and its kept history and audit rows gone, the chunk's other
 * records kept — and the chunk commits once, its transitions' history rows and audit entries
 * written together just before (`call.trail`, history.ts `writeTrail`: one statement a chunk
 * instead of one a record). `BULK_CONCURRENCY` chunks run at once, each on its own connection (PostgreSQL; PGlite runs
 * them one after the other).
 *
 * Why chunks: a commit per record (one WAL flush each) was the largest single cost of a bulk on a
 * busy disk (docs/decisions.md "Bulk transitions commit by chunks"). Why 50: every record that
 * writes holds a subtransaction id until the commit, and PostgreSQL keeps 64 of them per backend
 * in shared memory; past that, every other session's snapshot checks get slower.
 * Records of one bulk may lock a shared parent (a baixa locks its lançamento first): two chunks
 * could then deadlock. PostgreSQL breaks it by failing one statement; that record is rolled back to
 * its savepoint and worked on again, alone in its own transaction, once its chunk has committed.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { HttpError, MESSAGES } from '../errors.js';
import { ChunkWrites, GuardChunk } from './chunk-writes.js';
import { writeTrail } from './history.js';
import type { Call, Trx } from './storage.js';

export const BULK_CHUNK = 50;
/** Chunks worked on at once (PostgreSQL; the ids are distinct, so they never wait for each other's row). */
export const BULK_CONCURRENCY = 4;

export type BulkOutcome = { done: string[]; failed: { id: string; message: string }[] };
/** One transaction of the caller (service.run). */
export type RunInTransaction = <T>(fn: (trx: Trx, call: Call) => Promise<T>) => Promise<T>;
/** One record's work inside the chunk's transaction. */
export type RecordWork = (trx: Trx, call: Call, id: string) => Promise<unknown>;
/** Before a chunk's first record, in its transaction: its records locked and read together (service.ts `prefetch`). */
export type ChunkPrepare = (trx: Trx, call: Call, ids: readonly string[]) => Promise<void>;

const DEADLOCK = '40P01';
const isDeadlock = (error: unknown) => (error as { code?: string })?.code === DEADLOCK;

/** Each id through `work`; what failed is reported with its pt-BR reason, in the order asked. */
export async function eachRecord(run: RunInTransaction, log: FastifyBaseLogger, ids: readonly string[], work: RecordWork, toHttp: (error: unknown) => unknown, prepare?: ChunkPrepare): Promise<BulkOutcome> {
  const outcomes: ({ message: string } | null)[] = new Array(ids.length);
  const failure = (index: number, error: unknown) => {
    const mapped = toHttp(error);
    if (!(mapped instanceof HttpError)) log.error({ err: error, id: ids[index] }, 'bulk action failed');
    outcomes[index] = { message: mapped instanceof HttpError ? errorText(mapped) : MESSAGES.internal };
  };
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += BULK_CHUNK) chunks.push(Array.from({ length: Math.min(BULK_CHUNK, ids.length - start) }, (_, i) => start + i));
  let next = 0;
  /** One transaction for the chunk (`again`: its records that deadlocked, worked on alone once it committed); `guarded`: every record in its own savepoint. */
  const runChunk = (chunk: number[], again: number[], guarded: boolean) =>
    run(async (trx, call) => {
      call.trail = [];
      if (prepare) await readAhead(trx, call, chunk.map((index) => ids[index]), prepare);
      const counted = new StatementCount();
      const watched = trx.withPlugin(counted) as Trx;
      // Unguarded, the writes its storage allows go together (chunk-writes.ts): a parked record is
      // done unless the flush throws GuardChunk, which reruns the chunk guarded.
      const writes = (call.writes = guarded ? undefined : new ChunkWrites());
      for (const index of chunk) {
        const id = ids[index];
        const kept = { afterCommit: call.afterCommit.length, trail: call.trail.length };
        // A record read ahead goes first without a savepoint of its own (one round trip less): its
        // rules refuse it before it writes, or it writes and succeeds. One that fails after a
        // statement of its own has left something to undo: the chunk is rolled back and worked on
        // again with a savepoint per record.
        if (writes && call.prefetched?.records.has(id)) {
          counted.statements = 0;
          const outcome = await writes.run(() => work(watched, call, id));
          if (outcome === 'parked' || outcome.ok) {
            outcomes[index] = null;
            continue;
          }
          if (counted.statements > 0 || outcome.error instanceof GuardChunk) throw new GuardChunk();
          call.afterCommit.length = kept.afterCommit;
          call.trail.length = kept.trail;
          // Refused on the read-ahead copy: worked on once more below, reading its own row.
          if (!call.prefetched?.taken.delete(id)) {
            failure(index, outcome.error);
            continue;
          }
        }
        // The earlier records' writes go before this record's own statements.
        await writes?.flush();
        await inSavepoint(trx, call, index, again);
      }
      await writes?.flush();
      call.writes = undefined;
      call.prefetched = undefined;
      await writeTrail(trx, call.trail);
    });
  /** One record in its own savepoint; one that failed on the chunk's read-ahead copy is worked on once more, reading its own row (the copy may be older than an earlier record's write to it). */
  const inSavepoint = async (trx: Trx, call: Call, index: number, again: number[]) => {
    for (let attempt = 0; ; attempt++) {
      const kept = { afterCommit: call.afterCommit.length, trail: call.trail!.length };
      // Not released on success: the next record's savepoint nests in it (one round trip less a
      // record); ROLLBACK TO goes back to the newest of the name, the record's own.
      await sql`SAVEPOINT bulk_record`.execute(trx);
      try {
        await work(trx, call, ids[index]);
        outcomes[index] = null;
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT bulk_record`.execute(trx);
        call.afterCommit.length = kept.afterCommit;
        call.trail!.length = kept.trail;
        if (attempt === 0 && call.prefetched?.taken.delete(ids[index])) continue;
        if (isDeadlock(error)) again.push(index);
        else failure(index, error);
      }
      return;
    }
  };
  const worker = async () => {
    for (let c = next++; c < chunks.length; c = next++) {
      const chunk = chunks[c];
      let again: number[] = [];
      try {
        try {
          await runChunk(chunk, again, false);
        } catch (error) {
          if (!(error instanceof GuardChunk)) throw error;
          // Rolled back whole: nothing of it stands; worked on again, each record in its savepoint.
          for (const index of chunk) delete outcomes[index];
          again = [];
          await runChunk(chunk, again, true);
        }
      } catch (error) {
        // The chunk did not commit (the connection, or a check at commit): none of its records is done.
        for (const index of chunk) if (outcomes[index] === null || outcomes[index] === undefined) failure(index, error);
        continue;
      }
      for (const index of again) {
        try {
          await run((trx, call) => work(trx, call, ids[index]));
          outcomes[index] = null;
        } catch (error) {
          failure(index, error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, chunks.length) }, worker));
  return {
    done: ids.filter((_, index) => outcomes[index] === null),
    failed: ids.flatMap((id, index) => (outcomes[index] ? [{ id, message: outcomes[index].message }] : [])),
  };
}

/**
 * The chunk's records locked and read together, in their own savepoint: a deadlock there (another
 * writer holding one of them while waiting for a row this chunk already holds) costs only the read
 * ahead — each record then locks and reads its own, as without it.
 */
async function readAhead(trx: Trx, call: Call, ids: readonly string[], prepare: ChunkPrepare): Promise<void> {
  await sql`SAVEPOINT bulk_read_ahead`.execute(trx);
  try {
    await prepare(trx, call, ids);
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT bulk_read_ahead`.execute(trx);
    call.prefetched = undefined;
    if (!isDeadlock(error)) throw error;
  }
}

/** Statements sent through a handle (a record's own, in a chunk). */
class StatementCount implements KyselyPlugin {
  statements = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

export function errorText(error: HttpError): string {
  const details = Object.values(error.errors ?? {}).flat();
  return details.length ? `${error.message} ${details.join(' ')}` : error.message;
}

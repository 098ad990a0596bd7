/**
 * A bulk chunk's writes sent together (bulk-each.ts). A record read ahead whose action its storage
 * lets write with others (`writesTogether`) parks its UPDATE here instead of sending it, and the
 * chunk goes on to its next record; `flush` sends the parked rows in one statement per resource
 * and shape of columns, then lets each record finish — its after-hooks, history and audit — one
 * after the other in the chunk's order. So a record's rules run before the earlier records' writes
 * are sent (what `writesTogether` promises is harmless), and everything after a write keeps its order.
 * Why: one UPDATE a parcela was most of a bulk authorisation's cost, on both sides (its text built,
 * sent, parsed and planned each time).
 */
import type { WireRecord } from './storage.js';

/** Writes rows of one shape (`keepVersion`: the storage's bookkeeping actions), answering each record as written. */
export type RowsWriter = (rows: readonly { id: string; columns: Readonly<Record<string, unknown>> }[], keepVersion: boolean) => Promise<WireRecord[]>;

export interface ParkedWrite {
  id: string;
  /** Rows of the same `group` (a resource's storage) and columns go in one statement, by the first one's writer. */
  group: object;
  columns: Readonly<Record<string, unknown>>;
  keepVersion: boolean;
  write: RowsWriter;
}

type Outcome = { ok: true } | { ok: false; error: unknown };

interface Parked extends ParkedWrite {
  resolve: (record: WireRecord) => void;
  reject: (error: unknown) => void;
  /** The record's work, ending once its write is answered. */
  done?: Promise<Outcome>;
}

/** Thrown out of a chunk whose record failed after something of it was written: the chunk rolls back and runs again, each record in its savepoint. */
export class GuardChunk extends Error {}

export class ChunkWrites {
  private parked: Parked[] = [];
  /** Set while a record runs (`run`) and has not parked: it may park once. */
  private open?: (entry: Parked) => void;

  /** Runs one record's work until it ends, or until it parks its write (its end then comes with `flush`). */
  async run(work: () => Promise<unknown>): Promise<Outcome | 'parked'> {
    const parked = new Promise<Parked>((resolve) => (this.open = resolve));
    const done = work().then(
      (): Outcome => ({ ok: true }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    const first = await Promise.race([done, parked]);
    this.open = undefined;
    if ('ok' in first) return first;
    first.done = done;
    this.parked.push(first);
    return 'parked';
  }

  /** The record's write parked: the record as written once flushed. Undefined when it cannot park (not run by `run`, or parked already). */
  park(write: ParkedWrite): Promise<WireRecord> | undefined {
    const open = this.open;
    if (!open) return undefined;
    this.open = undefined;
    return new Promise((resolve, reject) => open({ ...write, resolve, reject }));
  }

  get pending(): boolean {
    return this.parked.length > 0;
  }

  /**
   * Sends the parked writes and lets their records finish, in order. A statement that fails, or a
   * record failing after its write, throws `GuardChunk` (the others parked are let go with the error).
   */
  async flush(): Promise<void> {
    const parked = this.parked;
    this.parked = [];
    if (!parked.length) return;
    // A record flushing from its own work (a write of its that cannot park): nothing the finishing ones do parks in its place.
    const open = this.open;
    this.open = undefined;
    try {
      await this.finish(parked);
    } finally {
      this.open = open;
    }
  }

  private async finish(parked: Parked[]): Promise<void> {
    const written = new Map<string, WireRecord>();
    try {
      for (const rows of groups(parked)) for (const record of await rows[0].write(rows, rows[0].keepVersion)) written.set(record.id, record);
    } catch (error) {
      await letGo(parked, error);
      throw new GuardChunk();
    }
    for (const [n, entry] of parked.entries()) {
      const record = written.get(entry.id);
      if (record) entry.resolve(record);
      else entry.reject(new GuardChunk());
      const outcome = await entry.done!;
      if (!outcome.ok) {
        await letGo(parked.slice(n + 1), outcome.error);
        throw new GuardChunk();
      }
    }
  }
}

/** Parked rows by group, column names and version rule, in the order parked. */
function groups(parked: Parked[]): Parked[][] {
  const byKey = new Map<object, Map<string, Parked[]>>();
  for (const entry of parked) {
    const shapes = byKey.get(entry.group) ?? new Map<string, Parked[]>();
    byKey.set(entry.group, shapes);
    const shape = `${entry.keepVersion ? 'k' : 'v'}:${Object.keys(entry.columns).join(',')}`;
    const rows = shapes.get(shape);
    if (rows) rows.push(entry);
    else shapes.set(shape, [entry]);
  }
  return [...byKey.values()].flatMap((shapes) => [...shapes.values()]);
}

/** Ends the parked records' works with `error` (nothing of theirs was written, or the chunk is rolled back). */
async function letGo(parked: Parked[], error: unknown): Promise<void> {
  for (const entry of parked) entry.reject(error);
  await Promise.all(parked.map((entry) => entry.done));
}

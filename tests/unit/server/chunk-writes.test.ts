/**
 * A bulk chunk's writes sent together (server/registry/chunk-writes.ts): records park their row and
 * the chunk goes on; the flush writes each group in one call and lets the records finish in order;
 * a failure at or after the write throws GuardChunk (the chunk runs again guarded).
 */
import { describe, expect, it } from 'vitest';
import { ChunkWrites, GuardChunk, type RowsWriter } from '../../../server/registry/chunk-writes';
import type { WireRecord } from '../../../server/registry/storage';

const record = (id: string, version = 2) => ({ id, version }) as WireRecord;

/** A writer that keeps what it was asked to write. */
function writer(calls: string[][], fail = false): RowsWriter {
  return async (rows) => {
    calls.push(rows.map((row) => row.id));
    if (fail) throw new Error('statement failed');
    return rows.map((row) => record(row.id));
  };
}

describe('ChunkWrites', () => {
  it('parks each record’s write, sends one statement per group and shape, and lets the records finish in their order', async () => {
    const writes = new ChunkWrites();
    const calls: string[][] = [];
    const parcelas = {};
    const others = {};
    const finished: string[] = [];
    const work = (id: string, group: object, columns: Record<string, unknown>) => async () => {
      const after = await writes.park({ id, group, columns, keepVersion: false, write: writer(calls) })!;
      await Promise.resolve();
      finished.push(`${after.id}@${after.version}`);
    };
    expect(await writes.run(work('a', parcelas, { status: 'authorized' }))).toBe('parked');
    expect(await writes.run(work('b', others, { status: 'authorized' }))).toBe('parked');
    expect(await writes.run(work('c', parcelas, { status: 'authorized' }))).toBe('parked');
    expect(await writes.run(work('d', parcelas, { status: 'authorized', note: null }))).toBe('parked');
    expect(writes.pending).toBe(true);
    expect(calls).toEqual([]);
    await writes.flush();
    expect(calls).toEqual([['a', 'c'], ['d'], ['b']]);
    expect(finished).toEqual(['a@2', 'b@2', 'c@2', 'd@2']);
    expect(writes.pending).toBe(false);
  });

  it('answers a record that ends or is refused without parking, and parks a record once only', async () => {
    const writes = new ChunkWrites();
    expect(await writes.run(async () => 'nothing written')).toEqual({ ok: true });
    const refusal = new Error('refused');
    expect(await writes.run(async () => Promise.reject(refusal))).toEqual({ ok: false, error: refusal });
    const calls: string[][] = [];
    let second: Promise<WireRecord> | undefined;
    await writes.run(async () => {
      const first = writes.park({ id: 'a', group: writes, columns: {}, keepVersion: false, write: writer(calls) });
      second = writes.park({ id: 'b', group: writes, columns: {}, keepVersion: false, write: writer(calls) });
      await first;
    });
    expect(second).toBeUndefined();
    // Outside `run` nothing parks: the caller writes at once.
    expect(writes.park({ id: 'c', group: writes, columns: {}, keepVersion: false, write: writer(calls) })).toBeUndefined();
    await writes.flush();
    expect(calls).toEqual([['a']]);
  });

  it('throws GuardChunk when the statement fails, every parked record let go with the error', async () => {
    const writes = new ChunkWrites();
    const calls: string[][] = [];
    const seen: unknown[] = [];
    for (const id of ['a', 'b'])
      await writes.run(async () => {
        try {
          await writes.park({ id, group: writes, columns: {}, keepVersion: false, write: writer(calls, true) });
        } catch (error) {
          seen.push((error as Error).message);
          throw error;
        }
      });
    await expect(writes.flush()).rejects.toBeInstanceOf(GuardChunk);
    expect(seen).toEqual(['statement failed', 'statement failed']);
  });

  it('throws GuardChunk when a record fails after its write (a stale copy), the later ones not finishing', async () => {
    const writes = new ChunkWrites();
    const calls: string[][] = [];
    const finished: string[] = [];
    for (const id of ['a', 'b', 'c'])
      await writes.run(async () => {
        const after = await writes.park({ id, group: writes, columns: {}, keepVersion: false, write: writer(calls) })!;
        if (after.id === 'b') throw new Error('changed after the chunk read it');
        finished.push(after.id);
      });
    await expect(writes.flush()).rejects.toBeInstanceOf(GuardChunk);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(finished).toEqual(['a']);
  });
});

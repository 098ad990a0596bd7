/**
 * A batch's stored columns, mapping and rows as the job, the routes and the retention read them.
 * Apart from job.ts (which imports the engine, and the engine the registry's families): the import
 * batches' storage imports these, and the families import that storage.
 */
import type { ReadRow } from './read.js';

/** Stored rows (`[line, cells]`) → rows. */
export function storedRows(value: unknown): ReadRow[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown[]) : ((value as unknown[]) ?? []);
  return list.map((item) => {
    const [line, cells] = item as [number, string[]];
    return { line, cells };
  });
}

/** Mapping as stored (`[{column, field}]`) → column → field. */
export function storedMapping(value: unknown): Record<string, string> {
  const list = typeof value === 'string' ? (JSON.parse(value) as { column: string; field: string }[]) : ((value as { column: string; field: string }[]) ?? []);
  return Object.fromEntries(list.map((m) => [m.column, m.field]));
}

export const storedColumns = (value: unknown): string[] =>
  (typeof value === 'string' ? (JSON.parse(value) as { name: string }[]) : ((value as { name: string }[]) ?? [])).map((c) => c.name);

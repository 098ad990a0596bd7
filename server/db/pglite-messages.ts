/** What the main thread and the embedded database's worker (pglite-worker.ts) send each other. */
export type WorkerRequest = { id: number; tx?: boolean } & (
  | { op: 'query'; sql: string; params?: unknown[]; options?: { rowMode?: 'object' | 'array' } }
  | { op: 'exec'; sql: string }
  | { op: 'begin' | 'commit' | 'rollback' | 'close' }
);

export type WorkerAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** An error's message and its own plain fields (PostgreSQL's code, detail, constraint, table…): what callers read. */
export type SerializedError = { message: string; name: string; fields: Record<string, string | number | boolean | null> };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { message: error.message, name: error.name, fields };
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return Object.assign(error, serialized.fields);
}

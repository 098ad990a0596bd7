import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api';

export interface ActionState<A extends unknown[], R> {
  run: (...args: A) => Promise<R | undefined>;
  busy: boolean;
  error: ApiError | null;
  fieldErrors: Record<string, string[]>;
  reset: () => void;
  /** The user changed this field: its errors from the last run no longer apply. */
  clearField: (field: string) => void;
}

/** Runs one user action at a time and keeps its failure for the screen to show. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>): ActionState<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const running = useRef(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setError(null);
      setEdited(new Set());
      try {
        return await action(...args);
      } catch (caught) {
        setError(caught instanceof ApiError ? caught : new ApiError({ status: 'UNK', message: String((caught as Error)?.message ?? caught) }));
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [action],
  );
  const fieldErrors = Object.fromEntries(Object.entries(error?.errors ?? {}).filter(([field]) => !edited.has(field)));
  const clearField = useCallback((field: string) => setEdited((fields) => (fields.has(field) ? fields : new Set([...fields, field]))), []);
  return { run, busy, error, fieldErrors, reset: () => setError(null), clearField };
}

import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api';

export interface ActionState<A extends unknown[], R> {
  run: (...args: A) => Promise<R | undefined>;
  busy: boolean;
  error: ApiError | null;
  fieldErrors: Record<string, string[]>;
  reset: () => void;
}

/** Runs one user action at a time and keeps its failure for the screen to show. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>): ActionState<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const running = useRef(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setError(null);
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
  return { run, busy, error, fieldErrors: error?.errors ?? {}, reset: () => setError(null) };
}

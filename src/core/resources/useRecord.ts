import { useCallback, useEffect, useState } from 'react';
import type { AnyResource } from '../../contracts/resource';
import { request, toApiError, type ApiError } from '../api';
import { onInvalidate } from './cache';
import { apiPath, type PathParams } from './paths';
import type { Row } from './useList';

export interface RecordResult {
  record: Row | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
  /** Replaces the record in place (after a save). */
  setRecord: (record: Row) => void;
}

/** One record (`id` undefined: the singleton, or nothing to load for a new record). */
export function useRecord(resource: AnyResource, params: PathParams, id: string | undefined, enabled = true): RecordResult {
  const singleton = resource.kind === 'singleton';
  const skip = !enabled || (!singleton && id === undefined);
  const [state, setState] = useState<{ record: Row | null; loading: boolean; error: ApiError | null }>({ record: null, loading: !skip, error: null });
  const [generation, setGeneration] = useState(0);
  const path = apiPath(resource, params, singleton ? undefined : id);
  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    // A refresh of the record on screen keeps it shown (no spinner, no lost dialog).
    setState((s) => (s.record && (singleton || s.record.id === id) ? { ...s, error: null } : { record: null, loading: true, error: null }));
    request<Row>(resource.api, path, { signal: controller.signal })
      .then((record) => setState({ record, loading: false, error: null }))
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        if (!apiError.aborted) setState({ record: null, loading: false, error: apiError });
      });
    return () => controller.abort();
  }, [resource, path, skip, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  useEffect(() => (skip ? undefined : onInvalidate([resource.name, 'record', id ?? ''], reload)), [resource, id, skip, reload]);
  const setRecord = useCallback((record: Row) => setState({ record, loading: false, error: null }), []);
  return { ...state, reload, setRecord };
}

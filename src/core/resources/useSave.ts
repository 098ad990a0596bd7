import { useCallback, useRef, useState } from 'react';
import { ifMatch, type AnyResource } from '../../contracts/resource';
import { ApiError, notifyHttpErrorSafe, request, requestRaw } from './transport';
import { invalidate } from './cache';
import { apiPath, type PathParams } from './paths';
import type { Row } from './useList';
import { toBody, type FieldErrors, type FormValues } from './values';

export interface StaleState {
  /** The record as it is now on the server (fetched when the 412 answer did not carry it). */
  current: Row | null;
}

export interface SaveState {
  /** Creates (no `record`) or updates with `If-Match: "<record.version>"`; resolves the saved record. */
  save: (values: FormValues, record: Row | null) => Promise<Row | null>;
  busy: boolean;
  /** Field errors of the last answer (400/409/422). */
  fieldErrors: FieldErrors;
  /** Message of the last failure without field errors. */
  error: string | null;
  /** Set after a 412: someone else saved first; nothing was overwritten. */
  stale: StaleState | null;
  clearStale: () => void;
}

/**
 * Create/update a record with optimistic locking. A 412 never overwrites: it sets `stale` with
 * the server's current record so the screen can warn and let the user choose.
 */
export function useSave(resource: AnyResource, params: PathParams): SaveState {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleState | null>(null);
  const running = useRef(false);

  const save = useCallback(
    async (values: FormValues, record: Row | null): Promise<Row | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(true);
      setFieldErrors({});
      setError(null);
      const singleton = resource.kind === 'singleton';
      const body = toBody(resource, values);
      try {
        if (!record && !singleton) {
          const created = (await requestRaw<Row>(resource.api, apiPath(resource, params), { method: 'POST', body, silent: true })).data;
          void invalidate([resource.name]);
          return created;
        }
        const path = apiPath(resource, params, singleton ? undefined : record!.id);
        const saved = await request<Row>(resource.api, path, {
          method: 'PUT',
          body,
          headers: record ? { 'If-Match': ifMatch(record.version) } : {},
          silent: true,
        });
        void invalidate([resource.name]);
        return saved;
      } catch (caught) {
        const failure = caught as ApiError;
        if (failure.status === 412) {
          const sent = (failure.data as { current?: Row } | undefined)?.current;
          let current: Row | null = sent ?? null;
          if (!current) {
            const path = apiPath(resource, params, singleton ? undefined : record?.id);
            current = await request<Row>(resource.api, path, { silent: true }).catch(() => null);
          }
          setStale({ current });
        } else if (failure.errors && Object.keys(failure.errors).length) {
          setFieldErrors(failure.errors);
          setError(failure.message);
        } else {
          setError(failure.detail && failure.status === 'UNK' ? `${failure.message} ${failure.detail}` : failure.message);
          notifyHttpErrorSafe(failure);
        }
        return null;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [resource, params],
  );
  return { save, busy, fieldErrors, error, stale, clearStale: useCallback(() => setStale(null), []) };
}

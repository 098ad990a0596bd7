/**
 * A nested record's create form that starts from its parent's values (`startsFromParent`: a change
 * of a conta financeira's bank data starts from the account's current data): the parent is read
 * once, and the form waits for it. Undefined values while reading; `null` when there is nothing to
 * read (no such declaration, not creating) or the read failed (the form then starts empty).
 */
import { useEffect, useState } from 'react';
import type { AnyResource } from '../../contracts/resource';
import { request } from '../../core/api';
import { catalogueEntry } from '../../core/catalogue';
import type { FormValues } from '../../core/resources/values';
import { apiPath, type PathParams } from '../../core/resources/paths';

export function useParentStart(resource: AnyResource, params: PathParams, creating: boolean): FormValues | null | undefined {
  const fields = creating && resource.parent ? resource.startsFromParent : undefined;
  const parent = fields && resource.parent ? catalogueEntry(resource.parent.resource) : undefined;
  const id = parent && resource.parent ? params[resource.parent.param] : undefined;
  const [start, setStart] = useState<FormValues | null | undefined>(parent && id ? undefined : null);
  useEffect(() => {
    if (!parent || !id || !fields) return;
    const controller = new AbortController();
    request<Record<string, unknown>>(parent.api, apiPath(parent, params, id), { signal: controller.signal })
      .then((record) => setStart({ ...Object.fromEntries(fields.map((field) => [field, record[field] ?? null])), _refs: record._refs } as FormValues))
      .catch(() => !controller.signal.aborted && setStart(null));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parent?.name, id]);
  return start;
}

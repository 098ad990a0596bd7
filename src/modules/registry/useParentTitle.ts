/**
 * A nested screen names its parent record in the breadcrumbs ("Contas Financeiras › Itaú —
 * Pagamentos › Extrato"), not "Conta financeira 7f3c…": when the parent's show page has not
 * announced its name on this visit (a reload, a bookmark), the parent is read once, silently.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { recordName, type AnyResource } from '../../contracts/resource';
import { catalogueEntry } from '../../core/catalogue';
import { request } from '../../core/api';
import { recordTitlesAtom, useRecordTitle } from '../../core/recordTitle';
import { apiPath, type PathParams } from '../../core/resources/paths';

export function useParentTitle(resource: AnyResource, params: PathParams, parentHref: string | null): void {
  const known = useAtomValue(recordTitlesAtom);
  const parent = resource.parent ? catalogueEntry(resource.parent.resource) : undefined;
  const id = resource.parent ? params[resource.parent.param] : undefined;
  const wanted = Boolean(parent && id && parentHref && !known[parentHref]);
  const [name, setName] = useState<string | undefined>();
  useEffect(() => {
    if (!wanted || !parent || !id) return;
    const controller = new AbortController();
    request<Record<string, unknown>>(parent.api, apiPath(parent, params, id), { signal: controller.signal, silent: true })
      .then((record) => setName(recordName(parent, record[parent.titleField]) || undefined))
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, parent?.name, id]);
  useRecordTitle(parentHref ?? '', parentHref ? name : undefined);
}

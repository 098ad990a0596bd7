/**
 * `GET {path}/totals` with the list's filters (contracts/resource.ts `list.totals`): the count and
 * money sums of every filtered row (not only the page), grouped as the declaration says.
 */
import type { AnyResource, TotalsResult } from '../../contracts/resource';
import type { QueryParams } from '../api';
import { useQuery } from './cache';
import { apiPath, type PathParams } from './paths';
import { request } from './transport';

export function useTotals(resource: AnyResource, params: PathParams, query: QueryParams, enabled = true) {
  const path = `${apiPath(resource, params)}/totals`;
  const key = JSON.stringify(query);
  return useQuery<TotalsResult>(enabled && resource.list?.totals ? [resource.name, 'totals', path, key] : null, (signal) =>
    request<TotalsResult>(resource.api, path, { query, signal, silent: true }),
  );
}

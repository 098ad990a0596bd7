/** A painel's filters in the address (`?year=&basis=`): a change of one keeps the others. */
import { withQuery } from '../../../core/navigation';

export const PAINEL_FILTERS = ['year', 'basis'] as const;

export function withPainelQuery(path: string, current: URLSearchParams, changes: Partial<Record<(typeof PAINEL_FILTERS)[number], string | undefined>>): string {
  const next: Record<string, string | undefined> = {};
  for (const key of PAINEL_FILTERS) next[key] = current.get(key) ?? undefined;
  return withQuery(path, { ...next, ...changes });
}

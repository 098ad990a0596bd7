/**
 * What a report screen asks for first, from its URL: the declaration's filters (their defaults from
 * today's date in São Paulo, overridden by the page's query) and the query sent (empty ones left
 * out). The screen (modules/bi/ReportPage.tsx) and the server's page (server/http/firstPage.ts,
 * which names the request so retaguarda.js sends it while the screen's code downloads) read it
 * here, so both build the same URL.
 */
import type { ReportDeclaration } from './reports';
import { saoPauloToday } from './today';

export { saoPauloToday };

/** The report's filters: the defaults, then each declared filter the page's query holds. */
export function reportFilters(declaration: Pick<ReportDeclaration, 'filters' | 'defaults'>, query: URLSearchParams, today = saoPauloToday()): Record<string, string> {
  const out: Record<string, string> = { ...declaration.defaults(today) };
  for (const filter of declaration.filters) {
    const value = query.get(filter.key);
    if (value !== null) out[filter.key] = value;
  }
  return out;
}

/** The query the report's endpoint is called with: the filters that hold a value. */
export const reportParams = (filters: Readonly<Record<string, string>>): Record<string, string> => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

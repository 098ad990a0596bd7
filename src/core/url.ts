/**
 * API URLs from a base, a path and a query — the client's requests and the server's naming of a
 * portal page's first request (server/http/firstPage.ts) build them with the same code.
 */

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

const queryText = (value: QueryValue): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/** `?a=1&status=a&status=b` — arrays repeated, null/undefined dropped. */
export function serializeQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      const text = queryText(item);
      if (text !== null) params.append(key, text);
    }
  }
  return params.toString();
}

/** The query of one page of a list: its own parameters, then `page` and `perPage` (when set). */
export function pageQuery(query: QueryParams | undefined, page: number, perPage?: number): QueryParams {
  return { ...query, page, ...(perPage ? { perPage } : {}) };
}

/** `base` + `path` (+ query); an absolute `path` (scheme or leading `/`) is used as is. */
export function buildUrl(base: string, path: string, query?: QueryParams): string {
  const joined = /^[a-z][a-z\d+.-]*:\/\//i.test(path) || path.startsWith('/')
    ? path
    : path
      ? `${base.replace(/\/+$/, '')}/${path}`
      : base;
  const qs = serializeQuery(query);
  if (!qs) return joined;
  const [beforeHash, hash] = joined.split('#', 2);
  const withQs = `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${qs}`;
  return hash === undefined ? withQs : `${withQs}#${hash}`;
}

/** Whether `url` (absolute or relative to `base`) is on `base`'s origin; never for an opaque origin. */
export function isSameOrigin(url: string, base: Pick<Location, 'href' | 'origin'> | undefined = globalThis.location): boolean {
  if (!base?.origin || base.origin === 'null') return false;
  try {
    return new URL(url, base.href).origin === base.origin;
  } catch {
    return false;
  }
}

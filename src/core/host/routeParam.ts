/**
 * Where a standalone tag keeps its own location in the host page's address, when the host opts in
 * with `route-param="name"`: one query parameter of its own (`/intranet.html?pedidos=/pedidos/12`).
 * The tag never touches the host's path, its other parameters or its hash (docs/decisions.md,
 * "Tags on a host page"). Pure functions: the hook that applies them is useRouteParam.ts.
 */

/**
 * A parameter value as readable as a query allows: `/`, `?`, `:`, `@`, `,`, `;` and `=` stay as
 * they are (all valid inside a query value); what would end or change the parameter (`&`, `#`,
 * `+`, `%`, spaces…) is percent-encoded, so URLSearchParams reads it back unchanged.
 */
export function encodeParamValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2F|3F|3A|40|2C|3B|3D)/gi, (escaped) => decodeURIComponent(escaped));
}

/**
 * The tag's own path stored under `name` in `search`, when it is one of its own pages: a
 * same-origin absolute path (never `//host` or `/\host`) that `routable` accepts. Else null (the
 * tag starts at its home).
 */
export function readRouteParam(search: string, name: string | undefined, routable: (path: string) => boolean): string | null {
  if (!name) return null;
  const value = new URLSearchParams(search).get(name);
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const pathname = value.split(/[?#]/)[0];
  return routable(pathname) ? value.split('#')[0] : null;
}

/**
 * The host page's address with `name` set to `value` (removed when null): the path, the hash
 * and every other parameter as they were, in their order; the parameter keeps its place.
 */
export function withRouteParam(location: Pick<Location, 'pathname' | 'search' | 'hash'>, name: string, value: string | null): string {
  const pairs = location.search.replace(/^\?/, '').split('&').filter((pair) => pair !== '');
  const key = (pair: string) => {
    const raw = pair.split('=')[0];
    try {
      return decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return raw;
    }
  };
  const own = value === null ? null : `${encodeParamValue(name)}=${encodeParamValue(value)}`;
  const kept: string[] = [];
  let placed = false;
  for (const pair of pairs) {
    if (key(pair) !== name) kept.push(pair);
    else if (!placed && own) kept.push(own);
    if (key(pair) === name) placed = true;
  }
  if (!placed && own) kept.push(own);
  const rest = kept;
  return `${location.pathname}${rest.length ? `?${rest.join('&')}` : ''}${location.hash}`;
}

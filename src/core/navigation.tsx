import { createContext, useContext, useMemo } from 'react';

/** What a screen needs from whichever router hosts it (the portal's or an element's own). */
export interface Navigation {
  go(to: string, options?: { replace?: boolean }): void;
  pathname: string;
  search: string;
  hash: string;
  params: Record<string, string>;
  /**
   * Holds every navigation (links, back button, page unload) until `retry` is called; returns
   * the function that lifts the block. Absent where the host cannot block.
   */
  block?: (blocker: (transition: { retry(): void }) => void) => () => void;
  /** True when this host has a page at `path` (a portal routes every module, an element only its own). */
  routable?: (path: string) => boolean;
  /** The address a link to `path` opens in a new tab (a tag with `route-param`: the host page's, with its parameter). */
  href?: (path: string) => string;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation outside a Retaguarda element');
  return navigation;
}

export function useQuery(): URLSearchParams {
  const { search } = useNavigation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Only same-origin relative paths are followed after login: no open redirect through redirectTo. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

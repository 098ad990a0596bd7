import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Location } from 'history';
import { NavigationContext, type Navigation } from '../navigation';
import { applyScroll, createPath, isRoutable, useRoute, type RouteMatch, type Router, type RouteState } from '../router';
import { reloadForChunkError } from '../chunkReload';
import { waitAtMost } from '../waitAtMost';
import type { FirstScreenPrime } from './firstScreen';
import { SESSION_REFRESH_EVENT } from './loginWindow';
import { startNavigation, type Guard, type PendingNavigation } from './pendingNavigation';
import { NavigationProgress } from './NavigationProgress';

export type { Guard, GuardOutcome } from './pendingNavigation';

/** How long a screen waits for its first data before it renders without it (loading). */
const FIRST_DATA_WAIT_MS = 400;

export type View =
  /** `shell`: the first screen's route, let through and loaded, waiting for its first data: its layout can show already. */
  | { kind: 'loading'; shell?: RouteMatch }
  | { kind: 'route'; match: RouteMatch; Component: ComponentType<Record<string, unknown>>; location: Location }
  | { kind: 'notFound'; location: Location }
  | { kind: 'error'; error: unknown; location: Location };

interface Props {
  router: Router;
  guard: Guard;
  /** Wraps the view in its layout (portal shell, login card, bare). */
  render: (view: View) => ReactNode;
  /** The first screen's data, already asked for (firstScreen.ts): taken by the first navigation when it is to the same location. */
  firstPrime?: FirstScreenPrime | null;
}

/**
 * Runs the guard on every navigation, loading the route's lazy chunk meanwhile, and renders it
 * once the guard lets it through.
 * A guard redirect replaces the entry (no back-button loop); scroll follows the spec.
 */
export function RouterHost({ router, guard, render, firstPrime = null }: Props) {
  const state = useRoute(router);
  const early = useRef(firstPrime);
  /** The first navigation, already through its guard with its chunk and data when React first renders (firstScreen.ts). */
  const [ready] = useState(() => readyFirstNavigation(firstPrime, state));
  const [view, setView] = useState<View>(() => ready?.view ?? { kind: 'loading' });
  const anchor = useRef<HTMLDivElement>(null);
  const [sessionChanges, setSessionChanges] = useState(0);
  /** Whether a navigation has shown its page (route, not found or error) yet. */
  const shown = useRef(Boolean(ready));
  /** Settles the current navigation's `firstData` for the guard once its page is on screen. */
  const pageShown = useRef<(() => void) | null>(null);
  useEffect(() => {
    const rerun = () => setSessionChanges((n) => n + 1);
    window.addEventListener(SESSION_REFRESH_EVENT, rerun);
    return () => window.removeEventListener(SESSION_REFRESH_EVENT, rerun);
  }, []);

  // A layout effect: the guard (and the wait for the route's chunk and first data) starts in the
  // commit that shows the page's frame, not a frame and a paint later (measured 30 ms on a cold list).
  useLayoutEffect(() => {
    let cancelled = false;
    const { location, match, notFound } = state;
    const to = createPath(location);
    // The page's first navigation may have started before React rendered (firstScreen.ts): taken
    // when it is for this location, else released unread.
    const first = early.current;
    early.current = null;
    const adopted = first && first.to === to ? first.navigation : undefined;
    if (first && !adopted) first.navigation.release();
    const navigation = adopted ?? startNavigation({ to, search: location.search, match, notFound });
    pageShown.current = navigation.shown;
    const show = (next: View) => {
      shown.current = true;
      setView(next);
    };
    // Already on screen: the first render was this navigation's page.
    if (ready && navigation === ready.navigation) {
      return () => {
        navigation.shown();
        navigation.release();
      };
    }
    (async () => {
      try {
        const { outcome, module, loadError } = await navigation.ready(guard);
        if (cancelled) return;
        if (outcome.type === 'redirect') {
          if (outcome.to !== to) router.go(outcome.to, { replace: true });
          return;
        }
        if (outcome.type === 'external') {
          window.location.assign(outcome.url);
          return;
        }
        if (notFound || !match) {
          show({ kind: 'notFound', location });
          return;
        }
        if (!module) {
          // A chunk of an older build (deployed since the page opened): reload once.
          if (reloadForChunkError(loadError)) return;
          throw loadError;
        }
        // The screen's first data, when asked for, up to FIRST_DATA_WAIT_MS more: the screen then
        // renders once, with its rows, instead of empty and again with them. On the page's first
        // screen its layout (the portal's sidebar and top bar) renders meanwhile, so only the
        // screen is left to render when the rows come.
        if (!navigation.dataIn) {
          if (!cancelled && !shown.current) setView({ kind: 'loading', shell: match });
          await waitAtMost(navigation.firstData!, FIRST_DATA_WAIT_MS);
        }
        if (!cancelled) show({ kind: 'route', match, Component: module.default, location });
      } catch (error) {
        if (!cancelled) show({ kind: 'error', error, location });
      }
    })();
    return () => {
      cancelled = true;
      navigation.shown();
      // Not taken by the screen (refused, or left for another navigation): dropped.
      navigation.release();
    };
  }, [state, guard, router, sessionChanges, ready]);

  /** Whether a page has been shown and scrolled: the first one keeps the scroll it came with. */
  const scrolledOnce = useRef(false);
  useLayoutEffect(() => {
    if (view.kind === 'loading') return;
    pageShown.current?.();
    pageShown.current = null;
    const first = !scrolledOnce.current;
    scrolledOnce.current = true;
    // The first page is not a navigation: the document (or the element, in a host page) is new and
    // where the browser put it. Scrolling it "to the top" would undo a reload's restored position,
    // move a host page to the element, and force a layout of the whole screen before its first
    // paint (~17 ms on a cold list). A hash target still scrolls into view.
    if (first && !view.location.hash) return;
    const root = anchor.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (root) applyScroll(view.location, view.kind === 'route' ? view.match.route : null, root);
  }, [view]);

  const location = view.kind === 'loading' ? state.location : view.location;
  const params = view.kind === 'route' ? view.match.params : {};
  const navigation = useMemo<Navigation>(
    () => ({
      go: (target, options) => router.go(target, options),
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      params,
      block: (blocker) => router.history.block(blocker),
      routable: (path) => isRoutable(router.routes, path),
      href: (path) => router.href(path),
    }),
    [router, location, params],
  );

  // While another page loads (guard, chunk), the current one stays on screen but takes no input:
  // nothing typed or clicked there is lost or sent by mistake. Only a new path counts — a query
  // change (filters, paging) keeps the page live, so a search box keeps its focus.
  const leaving = view.kind !== 'loading' && view.location.pathname !== state.location.pathname;

  return (
    <NavigationContext.Provider value={navigation}>
      <div ref={anchor} hidden />
      {leaving && <NavigationProgress />}
      <div style={{ display: 'contents' }} inert={leaving || undefined} aria-busy={leaving || undefined}>
        {render(view)}
      </div>
    </NavigationContext.Provider>
  );
}

/**
 * The page's first navigation when it is settled before React's first render (firstScreen.ts):
 * the guard let this location through, its chunk is loaded and its first data is in. Its view is
 * then React's first render. Anything else (a redirect, a failure, data still on its way) goes
 * through the navigation effect as any navigation does.
 */
function readyFirstNavigation(first: FirstScreenPrime | null, state: RouteState): { navigation: PendingNavigation; view: View } | null {
  const { location, match, notFound } = state;
  const navigation = first?.navigation;
  if (!navigation || first.to !== createPath(location)) return null;
  const settled = navigation.settled;
  if (!match || notFound || settled?.outcome.type !== 'continue' || !settled.module || !navigation.dataIn) return null;
  return { navigation, view: { kind: 'route', match, Component: settled.module.default, location } };
}

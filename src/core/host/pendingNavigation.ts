/**
 * One navigation's work before its page can show: the guard (spec §2), the route's chunk and the
 * screen's first data (a list's first page), the last two asked for while the guard runs (the
 * chunk of a signed-in page only when a session is stored). Nothing
 * renders before the guard allows it; the server checks the permission of the data request itself.
 *
 * RouterHost starts one per navigation. The portal's first screen starts its own before React
 * renders (firstScreen.ts): when everything is in by then, React's first render is the screen with
 * its rows, with no render of a loading state and no guard run again in between.
 */
import type { ComponentType } from 'react';
import type { RouteMatch } from '../router';
import { getSession } from '../session';

export type GuardOutcome = { type: 'continue' } | { type: 'redirect'; to: string } | { type: 'external'; url: string };
/**
 * `firstData`: settles once the screen has been shown (or the navigation has ended without showing
 * it), with the screen's first data when it asked for any (asked for while the guard runs), so what
 * the guard does behind the page (its revalidation) does not compete with the first rows.
 */
export type Guard = (to: string, match: RouteMatch | null, firstData?: Promise<unknown>) => Promise<GuardOutcome>;

export type RouteModule = { default: ComponentType<Record<string, unknown>> };

/** The guard's outcome and, when it lets a route through, the route's module or why it failed to load. */
export interface NavigationReady {
  outcome: GuardOutcome;
  module?: RouteModule;
  loadError?: unknown;
}

export interface NavigationTarget {
  /** pathname + search + hash. */
  to: string;
  search: string;
  match: RouteMatch | null;
  notFound: boolean;
}

export interface PendingNavigation {
  readonly to: string;
  /** The screen's first data (undefined when the route asks for none). */
  readonly firstData?: Promise<unknown>;
  /** Whether the first data is in (true when there is none). */
  readonly dataIn: boolean;
  /** The guard and the chunk, settled: what `ready` resolved with, else null. */
  readonly settled: NavigationReady | null;
  /** Runs the guard (once: a later call, with any guard, gets the same run) and waits for the chunk. */
  ready(guard: Guard): Promise<NavigationReady>;
  /** The page is on screen: the guard's `firstData` settles (its revalidation may go). */
  shown(): void;
  /** The navigation ended: its first data is dropped unless the screen took it. */
  release(): void;
}

export function startNavigation(target: NavigationTarget): PendingNavigation {
  const { to, match, notFound, search } = target;
  const routable = match && !notFound ? match : null;
  const primed = routable?.route.prime?.(routable.params, search).catch(() => undefined);
  // Code only: a failure is judged after the guard. A page that needs a session, asked for with
  // none stored, waits for the guard: it sends to the login, whose code is all the visitor needs.
  const early = routable && (routable.route.public || routable.route.layout === 'login' || Boolean(getSession().accessToken));
  const chunk = early ? routable.route.load() : undefined;
  chunk?.catch(() => undefined);
  const firstData = primed?.then((started) => started?.answer).catch(() => undefined);
  let shown = () => {};
  const onScreen = new Promise<void>((resolve) => (shown = resolve));
  // A screen without first data still makes the guard wait for it on screen: its revalidation goes
  // behind the page, and the page's listeners (a refused session re-runs the guard) are in place.
  const shownWithData = firstData ? firstData.then((answer) => onScreen.then(() => answer)) : onScreen;
  let running: Promise<NavigationReady> | null = null;
  const navigation: PendingNavigation & { dataIn: boolean; settled: NavigationReady | null } = {
    to,
    firstData,
    dataIn: !firstData,
    settled: null,
    ready(guard) {
      if (!running) {
        running = (async () => {
          const outcome = await guard(to, match, shownWithData);
          if (outcome.type !== 'continue' || !routable) return { outcome };
          try {
            return { outcome, module: (await (chunk ?? routable.route.load())) as RouteModule };
          } catch (loadError) {
            return { outcome, loadError };
          }
        })();
        running.then((ready) => (navigation.settled = ready), () => undefined);
      }
      return running;
    },
    shown: () => shown(),
    release: () => void primed?.then((started) => started?.release()),
  };
  void firstData?.then(() => (navigation.dataIn = true));
  return navigation;
}

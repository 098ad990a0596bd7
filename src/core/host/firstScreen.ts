/**
 * The portal's first navigation, started as soon as the portal's code has evaluated: before
 * React's first render, its guard runs, the route's chunk loads and its first data (a list's first
 * page) is asked for (issue 9, render while fetching). When all of it is in by the time the element
 * renders, React's first render is the screen with its rows; otherwise the portal's RouterHost
 * carries on with this same navigation (it never runs the guard twice). It adopts it when the
 * location is still the one it was started for; otherwise it releases it unread. As with any
 * navigation, nothing renders before the guard allows it, and the server checks the permission of
 * the data request itself.
 */
import { ensureAppConfig } from '../config';
import { createPath, matchLocation, type RouteDef } from '../router';
import { waitAtMost } from '../waitAtMost';
import { startNavigation, type Guard, type PendingNavigation } from './pendingNavigation';

/** How long the portal's element waits for its first navigation before it renders (its loading state). */
const FIRST_NAVIGATION_WAIT_MS = 150;

export interface FirstScreenPrime {
  /** The location it was started for: pathname, search and hash. */
  to: string;
  navigation: PendingNavigation;
}

let waiting: FirstScreenPrime | null = null;

/**
 * Starts the first navigation to `location` (the page's own), once per page: the screen's first
 * data at once (when the route has any), and, with a `guard`, the guard and the route's chunk.
 * Resolves when all of it is in, or after FIRST_NAVIGATION_WAIT_MS: the caller renders after it.
 */
export async function primeFirstScreen(
  routes: readonly RouteDef[],
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  guard?: Guard,
): Promise<void> {
  if (waiting) return;
  const { match, notFound } = matchLocation(routes, location.pathname);
  const to = createPath(location);
  if (!guard && (!match?.route.prime || notFound)) return;
  // The data request's URL needs the config (its API base URL): read now, from retaguarda.js's early request.
  const config = match?.route.prime && !notFound ? ensureAppConfig() : undefined;
  const navigation = startNavigation({ to, search: location.search, match, notFound });
  waiting = { to, navigation };
  await waitAtMost(Promise.all([config, navigation.firstData, guard && navigation.ready(guard)]), FIRST_NAVIGATION_WAIT_MS);
}

/** The first navigation, once: the portal hands it to its RouterHost. */
export function takeFirstScreenPrime(): FirstScreenPrime | null {
  const taken = waiting;
  waiting = null;
  return taken;
}

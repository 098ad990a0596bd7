/**
 * The portal's first screen's data (a list's first page), asked for as soon as the portal's code
 * has evaluated: before React's first render, the guard and the list screen's own code, so the
 * answer travels while they run (issue 9, render while fetching). The portal's RouterHost adopts
 * it for its first navigation when the location is still the one it was asked for; otherwise it
 * releases it unread. As with any prime, nothing renders before the guard allows it, and the
 * server checks the permission of the request itself.
 */
import { ensureAppConfig } from '../config';
import type { Primed } from '../resources/primed';
import { matchLocation, type RouteDef } from '../router';
import { waitAtMost } from '../waitAtMost';

/** How long the portal's element waits for its first screen's request to leave before it renders. */
const SEND_WAIT_MS = 150;

export interface FirstScreenPrime {
  /** The location it was asked for: pathname, search and hash. */
  to: string;
  primed: Promise<Primed | undefined>;
}

let waiting: FirstScreenPrime | null = null;

/**
 * Starts the prime of the route at `location` (the page's own), once per page; nothing when the
 * route has none. Resolves when the request has left (the config read and the prime's code
 * evaluated), or after SEND_WAIT_MS: the caller renders after it, so React's first render does
 * not run before the request is on its way.
 */
export async function primeFirstScreen(routes: readonly RouteDef[], location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): Promise<void> {
  if (waiting) return;
  const { match, notFound } = matchLocation(routes, location.pathname);
  if (!match?.route.prime || notFound) return;
  // The request's URL needs the config (its API base URL): read it now, from retaguarda.js's early request.
  const config = ensureAppConfig();
  const primed = match.route.prime(match.params, location.search).catch(() => undefined);
  waiting = { to: `${location.pathname}${location.search}${location.hash}`, primed };
  await waitAtMost(Promise.all([config, primed]), SEND_WAIT_MS);
}

/** The first screen's prime, once: the portal hands it to its RouterHost. */
export function takeFirstScreenPrime(): FirstScreenPrime | null {
  const taken = waiting;
  waiting = null;
  return taken;
}

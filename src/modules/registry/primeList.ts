/**
 * A list route's `prime`: its first page asked for while the guard runs. Its own small chunk,
 * next to the list screen's (whose modules it shares), loaded only by routes that prime.
 */
import { loadDeclaration } from '../../core/catalogue/load';
import { permissionSubjectAtom } from '../../core/permissions';
import { accessFor } from '../../core/resources/access';
import { requestPage } from '../../core/api';
import { primeListPreferences } from '../../core/resources/preferences';
import { keepPrimed, primeKey, type Primed } from '../../core/resources/primed';
import { getSession } from '../../core/session';
import { store } from '../../core/store';
// Through ListPage on purpose: the prime's chunk then evaluates with the list screen's, four chunk
// files fewer on a cold list; importing './listQuery' measured 16–25 ms slower (docs/decisions.md).
import { firstPageRequest } from './ListPage';
import type { RegistrySpec } from './spec';

/**
 * Sends the page now (`query`: the list's `JSON.stringify(apiQuery(state))`); returns the answer and its release.
 * A 401 shows no notice: the guard's revalidation of the same session owns that case (sign-out,
 * /login), and the page is not shown before it.
 */
export function primePage(api: string, path: string, query: string): Primed {
  const key = primeKey(api, path, query);
  const { page, perPage, ...rest } = JSON.parse(query) as Record<string, never>;
  const answer = requestPage(api, path, { page, perPage, query: rest, silent: (error) => error.status === 401 });
  return { answer, release: keepPrimed(key, answer) };
}

/**
 * Asks for the list's first page now (the route's `prime`), when a full session is stored and it
 * may read the resource; returns the answer and the release the router calls if the guard refuses.
 */
export async function primeList(spec: RegistrySpec, routeParams: Readonly<Record<string, string>>, search: string): Promise<Primed> {
  const session = getSession();
  const resource = session.accessToken ? await loadDeclaration(spec.resource).catch(() => undefined) : undefined;
  if (!resource || !session.accessToken || session.tokenType !== 'Authorization' || !accessFor(store.get(permissionSubjectAtom), resource, spec.permission)('read')) return { release: () => undefined };
  const { api, path, query } = firstPageRequest(resource, spec, routeParams, search);
  // The user's columns come with the rows: the list never shows the declared ones for a moment.
  primeListPreferences(resource, { ...routeParams, ...spec.params }, spec.list);
  return primePage(api, path, JSON.stringify(query));
}

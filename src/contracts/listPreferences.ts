/**
 * A user's choices for one list, kept on the server (`GET|PUT {list path}/preferences`): the
 * columns shown (null: the declaration's) and the saved filters (a name and the list's query
 * string: search, filters, sort). Isomorphic: the list screen and the registry plugin share it.
 */
import type { ListPreferences } from './listPreferenceSchemas';

export const MAX_SAVED_FILTERS = 30;

export type { ListPreferences, SavedFilter } from './listPreferenceSchemas';

export const NO_PREFERENCES: ListPreferences = { columns: null, filters: [] };

/**
 * `?list=<name>` on `{path}/preferences`: one of the declaration's `list.named` (a queue mounting
 * the same records with fixed filters), absent for the declaration's own list. Each list keeps
 * its own choices.
 */
export const LIST_PARAM = 'list';

/** The stored key of one list: the declaration's name, `/` and the list's name for a named one. */
export const listKey = (resourceName: string, list?: string): string => (list ? `${resourceName}/${list}` : resourceName);

/** The query string a saved filter keeps: the list's own parameters, without the page. */
export function filterQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

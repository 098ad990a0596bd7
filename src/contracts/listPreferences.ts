/**
 * A user's choices for one list, kept on the server (`GET|PUT {list path}/preferences`): the
 * columns shown (null: the declaration's) and the saved filters (a name and the list's query
 * string: search, filters, sort). Isomorphic: the list screen and the registry plugin share it.
 */
import * as z from 'zod/mini';

export const MAX_SAVED_FILTERS = 30;

export const savedFilterSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Dê um nome ao filtro.'), z.maxLength(60, 'Use até 60 caracteres no nome do filtro.')),
  query: z.string().check(z.maxLength(2000, 'Filtro longo demais.')),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const listPreferencesSchema = z.strictObject({
  columns: z.nullable(z.array(z.string().check(z.maxLength(100))).check(z.minLength(1, 'Mostre ao menos uma coluna.'), z.maxLength(100))),
  filters: z.array(savedFilterSchema).check(z.maxLength(MAX_SAVED_FILTERS, `Guarde até ${MAX_SAVED_FILTERS} filtros por lista.`)),
});
export type ListPreferences = z.infer<typeof listPreferencesSchema>;

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

/** Character-level helpers shared by every Brazilian normaliser. */

/** Digits only. */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** Letters and digits only, upper case (what a document mask strips to). */
export const unmask = (value: string): string => value.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** Lower case, accents and punctuation removed, spaces collapsed: for matching headers and names. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Accented letters and the plain ones they sort and search as: the SQL function `rt_sort_key`
 * (migration 0006) is `lower(translate(value, ACCENTED, PLAIN))`, `foldAccents` the same mapping
 * for the search term. Changing them needs a new migration (the indexes hold folded values).
 */
export const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ';
export const PLAIN = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn';

const PLAIN_OF = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]]));

/** `translate(value, ACCENTED, PLAIN)`: "São João" → "Sao Joao" (case kept; ILIKE ignores it). */
export function foldAccents(value: string): string {
  return [...value].map((c) => PLAIN_OF.get(c) ?? c).join('');
}

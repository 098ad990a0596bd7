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

/**
 * Inscrição estadual (IE) and inscrição municipal (IM).
 *
 * IE rule, in two levels:
 * - on the field alone (client and server): `ISENTO`, or 2–14 digits, with the leading `P` of
 *   São Paulo's rural producers allowed — format sanity only, since the check digits depend
 *   on the UF;
 * - with its UF (server, a rule across two fields): the state's own length and check digits,
 *   by @brazilian-utils `isValidIe` (all 27 UFs).
 * Stored upper case without punctuation ("110.042.490.114" → "110042490114"; "isento" → "ISENTO").
 *
 * IM: each municipality has its own format and no public check rule: 1–20 letters, digits,
 * dots, dashes and slashes, stored as typed (trimmed).
 */
import { isValidIe } from '@brazilian-utils/brazilian-utils/is-valid-ie';
import { unmask } from './text';
import type { Uf } from './ufs';

export const IE_EXEMPT = 'ISENTO';

/** Stored form of an IE ("110.042.490-114" → "110042490114", " isento " → "ISENTO"); null when not one. */
export function normaliseIe(value: string): string | null {
  const raw = value.trim();
  if (/^isento$/i.test(raw)) return IE_EXEMPT;
  if (!/^[pP]?[\d.\-/\s]+$/.test(raw)) return null;
  const chars = unmask(raw);
  return /^P?\d{2,14}$/.test(chars) ? chars : null;
}

/** Field-level check: `ISENTO` or the stored format. */
export const validIeFormat = (value: string): boolean => value === IE_EXEMPT || /^P?\d{2,14}$/.test(value);

/** Full check with the UF (length and check digits of that state); `ISENTO` is always accepted. */
export function validIe(value: string, uf: Uf): boolean {
  if (value === IE_EXEMPT) return true;
  return validIeFormat(value) && isValidIe({ value, stateCode: uf });
}

/** Field-level check of an inscrição municipal. */
export const validIm = (value: string): boolean => /^[0-9A-Za-z][0-9A-Za-z.\-/]{0,19}$/.test(value);

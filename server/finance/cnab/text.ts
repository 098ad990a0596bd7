/** How values become CNAB characters: upper-case printable ASCII, accents folded (FEBRABAN "alfanumérico"). */
import { foldAccents } from '../../../src/contracts/brazil/text.js';

/** "Açaí & Cia. Ltda — São Paulo" → "ACAI & CIA. LTDA - SAO PAULO": no character outside 0x20–0x7E survives. */
export function cnabText(value: string, keepCase = false): string {
  const ascii = asciiOf(value);
  return keepCase ? ascii : ascii.toUpperCase();
}

function asciiOf(value: string): string {
  return foldAccents(value.normalize('NFC'))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e]/g, ' ');
}

/** 'YYYY-MM-DD' → 'DDMMAAAA'. */
export const cnabDate = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
/** 'DDMMAAAA' → 'YYYY-MM-DD', or null for zeros / blanks / an impossible date. */
export function isoDate(cnab: string): string | null {
  if (!/^\d{8}$/.test(cnab) || cnab === '00000000') return null;
  const iso = `${cnab.slice(4, 8)}-${cnab.slice(2, 4)}-${cnab.slice(0, 2)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

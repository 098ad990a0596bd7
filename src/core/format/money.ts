/**
 * Money as integer centavos and percentages as integer basis points — never through floating
 * point: typed text is parsed digit by digit, display joins BigInt parts.
 */

import { formatMoney } from '../../contracts/money';

export { formatMoney };

const MAX_DIGITS = 16;

/**
 * A pt-BR decimal typed or pasted ("1.234,56", "R$ -1.234,5", "1234", "0,07") → integer in
 * units of 10^-scale (scale 2: centavos). The LAST comma is the decimal separator; dots and
 * spaces group thousands. More than `scale` decimals, letters or an empty value → null.
 */
export function parseScaled(text: string, scale = 2): number | null {
  let value = text.replace(/R\$|%|\s|\u00a0/g, '');
  let negative = false;
  if (value.startsWith('-')) {
    negative = true;
    value = value.slice(1);
  } else if (value.startsWith('(') && value.endsWith(')')) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (!value) return null;
  const comma = value.lastIndexOf(',');
  const whole = (comma < 0 ? value : value.slice(0, comma)).replace(/\./g, '');
  const fraction = comma < 0 ? '' : value.slice(comma + 1);
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (!whole && !fraction)) return null;
  if (fraction.length > scale) return null;
  const digits = `${whole || '0'}${fraction.padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return null;
  const result = Number(digits);
  if (!Number.isSafeInteger(result)) return null;
  return negative && result !== 0 ? -result : result;
}

/** "1.234,56" → 123456 centavos. */
export const parseMoney = (text: string): number | null => parseScaled(text, 2);
/** "12,34" → 1234 basis points. */
export const parsePercent = (text: string): number | null => parseScaled(text, 2);

/**
 * An integer with pt-BR thousands dots ("12.345", "-1.234.567") as Intl prints it, without Intl:
 * the first formatter a page builds loads the locale's data (~15 ms on a cold list screen).
 */
export function formatInteger(value: number | bigint): string {
  const text = (typeof value === 'bigint' ? value : BigInt(Math.trunc(value))).toString();
  const negative = text.startsWith('-');
  return `${negative ? '-' : ''}${(negative ? text.slice(1) : text).replace(/\B(?=(\d{3})+$)/g, '.')}`;
}

/** Integer in units of 10^-scale → "1.234,56" (pt-BR grouping, no symbol). */
export function formatScaled(value: number, scale = 2): string {
  const big = BigInt(Math.trunc(value));
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const unit = 10n ** BigInt(scale);
  const whole = formatInteger(abs / unit);
  const fraction = (abs % unit).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${whole}${scale ? `,${fraction}` : ''}`;
}

/** Basis points → "12,34%". */
export const formatPercent = (basisPoints: number): string => `${formatScaled(basisPoints, 2)}%`;

/** Centavos → the text an input shows while editing: "1.234,56". */
export const moneyInputText = (centavos: number | null | undefined): string =>
  centavos === null || centavos === undefined ? '' : formatScaled(centavos, 2);

/**
 * CPF and CNPJ: normalise what people paste ("123.456.789-09", " 12.345.678/0001-95 ",
 * "12.abc.345/01de-35") to the stored form, and validate it.
 *
 * - CPF: 11 digits, two mod-11 check digits; repeated digits ("111.111.111-11") are refused.
 * - CNPJ: 14 characters — 12 of 0-9/A-Z (alphanumeric CNPJ, valid from July 2026) followed by
 *   2 numeric check digits, mod 11 with each character counted as its ASCII code minus 48
 *   (so "A" = 17). Stored upper case. Check digits by @brazilian-utils `isValidCnpj` with
 *   `{version: 2}` (numeric CNPJs are the special case of only digits).
 */
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { onlyDigits, unmask } from './text';

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;

export interface NormaliseOptions {
  /**
   * Left-pad a purely numeric value that lost its leading zeros (a spreadsheet cell read as a
   * number: 1234567890 → "01234567890"). For imports, never while typing.
   */
  pad?: boolean;
}

/** CPF as stored (11 digits) from any formatting; null when it cannot be one. */
export function normaliseCpf(value: string, options: NormaliseOptions = {}): string | null {
  const raw = value.trim();
  if (!/^[\d.\-\s/]+$/.test(raw)) return null;
  let digits = onlyDigits(raw);
  if (options.pad && digits.length > 0 && digits.length < CPF_LENGTH) digits = digits.padStart(CPF_LENGTH, '0');
  return digits.length === CPF_LENGTH ? digits : null;
}

/** CNPJ as stored (14 chars, upper case, numeric or alphanumeric) from any formatting; null when it cannot be one. */
export function normaliseCnpj(value: string, options: NormaliseOptions = {}): string | null {
  const raw = value.trim();
  if (!/^[0-9a-z.\-\s/]+$/i.test(raw)) return null;
  let chars = unmask(raw);
  if (options.pad && /^\d+$/.test(chars) && chars.length > 11 && chars.length < CNPJ_LENGTH) chars = chars.padStart(CNPJ_LENGTH, '0');
  return /^[0-9A-Z]{12}\d{2}$/.test(chars) ? chars : null;
}

/** CPF (11 digits) or CNPJ (14 chars) from any formatting; null otherwise. */
export function normaliseCpfCnpj(value: string, options: NormaliseOptions = {}): string | null {
  const chars = unmask(value);
  if (/^\d{1,11}$/.test(chars) && (chars.length === CPF_LENGTH || (options.pad && chars.length < CPF_LENGTH))) return normaliseCpf(value, options);
  return normaliseCnpj(value, options);
}

/** A stored CPF (exactly 11 digits) with valid check digits. */
export const validCpf = (value: string): boolean => /^\d{11}$/.test(value) && isValidCpf(value);

/** A stored CNPJ, numeric or alphanumeric (exactly 14 chars, upper case) with valid check digits. */
export const validCnpj = (value: string): boolean => /^[0-9A-Z]{12}\d{2}$/.test(value) && isValidCnpj(value, { version: 2 });

export const validCpfCnpj = (value: string): boolean => validCpf(value) || validCnpj(value);

/** PF for a CPF, PJ for a CNPJ, null for anything else. */
export function documentKind(value: string): 'PF' | 'PJ' | null {
  if (validCpf(value)) return 'PF';
  if (validCnpj(value)) return 'PJ';
  return null;
}

/**
 * CNPJ check digits computed by the rule itself (ASCII − 48, weights 2…9 from the right,
 * mod 11, remainder < 2 → 0). Exposed for tests and for generating sample data; validation
 * goes through `validCnpj`.
 */
export function cnpjCheckDigits(base12: string): string {
  const values = [...base12.toUpperCase()].map((c) => c.charCodeAt(0) - 48);
  const digit = (list: number[]) => {
    let sum = 0;
    for (let i = 0; i < list.length; i++) sum += list[list.length - 1 - i] * ((i % 8) + 2);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(values);
  const second = digit([...values, first]);
  return `${first}${second}`;
}

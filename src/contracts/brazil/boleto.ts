/**
 * Boletos: the 47-digit linha digitável of a bank boleto (cobrança), the 48-digit one of an
 * arrecadação/convênio slip (starts with 8) and the 44-digit barcode of either. Every check digit
 * is verified, line ↔ barcode converted, amount read as integer centavos and the due date read
 * from the fator de vencimento, with the FEBRABAN reset (1000 = 2000-07-03, and again
 * 1000 = 2025-02-22 after 9999 = 2025-02-21): the cycle closest to `today` wins.
 *
 * Written here rather than taken from @brazilian-utils `getBoletoInfo`/`isValidBoleto` (2.4):
 * those accept no 44-digit bank barcode, give no line ↔ barcode conversion, return the due date
 * as a local-time `Date` and pick the cycle by their own windows. Display grouping is the
 * library's `formatBoleto`, which is right for both kinds.
 */
import { formatBoleto } from '@brazilian-utils/brazilian-utils/format-boleto';
import { fromEpochDay, toEpochDay, todayIso } from './businessDays';

export interface BoletoInfo {
  kind: 'bank' | 'collection';
  /** 44 digits. */
  barcode: string;
  /** 47 digits (bank) or 48 (arrecadação). */
  line: string;
  /** Centavos; null when zero or not an amount (arrecadação reference value). */
  amount: number | null;
  /** 'YYYY-MM-DD'; null when the factor is 0000 (or for arrecadação). */
  dueDate: string | null;
  /** COMPE code (bank boletos only). */
  bankCode: string | null;
}

export type BoletoResult = { ok: true; info: BoletoInfo } | { ok: false; message: string };

export const BOLETO_MESSAGES = {
  length: 'Informe a linha digitável (47 ou 48 dígitos) ou o código de barras (44 dígitos).',
  line: 'Linha digitável inválida: confira os dígitos verificadores.',
  barcode: 'Código de barras inválido: o dígito verificador não confere.',
} as const;

/** Módulo 10 (weights 2,1,2,… from the right; digits of each product added). */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Módulo 11 sum (weights 2..9 from the right) → remainder. */
function mod11Rest(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) sum += Number(digits[i]) * weight;
  return sum % 11;
}

/** Bank barcode general DV: 11 − rest, and 1 when that is 0, 10 or 11. */
const bankDv = (digits: string): number => {
  const dv = 11 - mod11Rest(digits);
  return dv === 0 || dv >= 10 ? 1 : dv;
};

/** Arrecadação módulo 11 DV: 11 − rest, and 0 when that is 10 or 11. */
export const collectionMod11 = (digits: string): number => {
  const dv = 11 - mod11Rest(digits);
  return dv >= 10 ? 0 : dv;
};

/** Arrecadação DV rule by the value identifier (3rd digit): 6/7 → mod 10, 8/9 → mod 11. */
const collectionDv = (barcode: string): ((digits: string) => number) | null =>
  barcode[2] === '6' || barcode[2] === '7' ? mod10 : barcode[2] === '8' || barcode[2] === '9' ? collectionMod11 : null;

const withoutGeneralDv = (barcode: string, at: number) => barcode.slice(0, at) + barcode.slice(at + 1);

/** Digits only (spaces, dots and hyphens dropped); null when anything else is present. */
export function boletoDigits(input: string): string | null {
  const digits = input.replace(/[\s.\-]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
}

/** 47-digit line → 44-digit bank barcode (no check). */
export const bankLineToBarcode = (line: string): string =>
  line.slice(0, 4) + line[32] + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);

/** 44-digit bank barcode → 47-digit line, computing the three field DVs. */
export function bankBarcodeToLine(barcode: string): string {
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** 48-digit arrecadação line → 44-digit barcode (no check). */
export const collectionLineToBarcode = (line: string): string => [0, 12, 24, 36].map((at) => line.slice(at, at + 11)).join('');

/** 44-digit arrecadação barcode → 48-digit line, computing the four block DVs. */
export function collectionBarcodeToLine(barcode: string): string {
  const dv = collectionDv(barcode) ?? mod10;
  return [0, 11, 22, 33].map((at) => barcode.slice(at, at + 11)).map((block) => block + dv(block)).join('');
}

const validBankBarcode = (barcode: string): boolean => Number(barcode[4]) === bankDv(withoutGeneralDv(barcode, 4));

function validCollectionBarcode(barcode: string): boolean {
  const dv = collectionDv(barcode);
  return barcode[0] === '8' && dv !== null && Number(barcode[3]) === dv(withoutGeneralDv(barcode, 3));
}

const BASE_DAY = /* @__PURE__ */ toEpochDay('2000-07-03'); // factor 1000, first cycle; pure: only what reads boletos loads this module
const CYCLE = 9000;

/** Fator de vencimento → date of the cycle closest to `today`; null for 0000. */
export function factorToDate(factor: number, today: string): string | null {
  if (factor === 0) return null;
  const first = BASE_DAY + factor - 1000;
  const cycles = Math.max(0, Math.round((toEpochDay(today) - first) / CYCLE));
  return fromEpochDay(first + cycles * CYCLE);
}

/** Date → fator de vencimento (1000..9999, in whichever cycle the date falls). */
export function dateToFactor(date: string): number {
  const days = toEpochDay(date) - BASE_DAY;
  if (days < 0) throw new RangeError('due date before 2000-07-03');
  return (days % CYCLE) + 1000;
}

const amountOrNull = (digits: string): number | null => (Number(digits) === 0 ? null : Number(digits));

function bankInfo(barcode: string, today: string): BoletoInfo {
  return {
    kind: 'bank',
    barcode,
    line: bankBarcodeToLine(barcode),
    amount: amountOrNull(barcode.slice(9, 19)),
    dueDate: factorToDate(Number(barcode.slice(5, 9)), today),
    bankCode: barcode.slice(0, 3),
  };
}

function collectionInfo(barcode: string): BoletoInfo {
  const effective = barcode[2] === '6' || barcode[2] === '8';
  return {
    kind: 'collection',
    barcode,
    line: collectionBarcodeToLine(barcode),
    amount: effective ? amountOrNull(barcode.slice(4, 15)) : null,
    dueDate: null,
    bankCode: null,
  };
}

const fail = (message: string): BoletoResult => ({ ok: false, message });

/** Reads a pasted linha digitável or barcode; every check digit must match. */
export function readBoleto(input: string, today: string = todayIso()): BoletoResult {
  const digits = boletoDigits(input);
  if (digits === null) return fail(BOLETO_MESSAGES.length);
  if (digits.length === 47) {
    const fieldsOk = [[0, 9], [10, 20], [21, 31]].every(([from, to]) => Number(digits[to]) === mod10(digits.slice(from, to)));
    const barcode = bankLineToBarcode(digits);
    return fieldsOk && validBankBarcode(barcode) ? { ok: true, info: bankInfo(barcode, today) } : fail(BOLETO_MESSAGES.line);
  }
  if (digits.length === 48) {
    if (digits[0] !== '8') return fail(BOLETO_MESSAGES.length);
    const barcode = collectionLineToBarcode(digits);
    const dv = collectionDv(barcode);
    const blocksOk = dv !== null && [0, 12, 24, 36].every((at) => Number(digits[at + 11]) === dv(digits.slice(at, at + 11)));
    return blocksOk && validCollectionBarcode(barcode) ? { ok: true, info: collectionInfo(barcode) } : fail(BOLETO_MESSAGES.line);
  }
  if (digits.length === 44) {
    if (digits[0] === '8') return validCollectionBarcode(digits) ? { ok: true, info: collectionInfo(digits) } : fail(BOLETO_MESSAGES.barcode);
    return validBankBarcode(digits) ? { ok: true, info: bankInfo(digits, today) } : fail(BOLETO_MESSAGES.barcode);
  }
  return fail(BOLETO_MESSAGES.length);
}

/**
 * For display: '00190.00009 01234.567890 12345.678901 2 10010000012345' (47) or
 * '82630000001-1 09880010070-2 02410202400-0 00020510451-9' (48: four blocks of 12, DV after a hyphen).
 * Anything else comes back as typed.
 */
export function formatBoletoLine(line: string): string {
  const digits = boletoDigits(line);
  if (digits === null || (digits.length !== 47 && !(digits.length === 48 && digits[0] === '8'))) return line;
  return formatBoleto(digits);
}

export interface BoletoLineParams {
  /** 3-digit COMPE code (not 8xx: the barcode would read as arrecadação). */
  bankCode: string;
  /** 'YYYY-MM-DD' (from 2000-07-03 on), or null for no due date (factor 0000). */
  dueDate: string | null;
  /** Centavos, 0..9 999 999 999. */
  amount: number;
  /** 25 digits of the bank's campo livre (default: zeros). */
  freeField?: string;
}

/** A valid 47-digit bank line (all DVs computed), for tests and seeds. */
export function makeBoletoLine({ bankCode, dueDate, amount, freeField = '0'.repeat(25) }: BoletoLineParams): string {
  // a barcode starting with 8 is an arrecadação one: no bank boleto uses such a code
  if (!/^[0-79]\d{2}$/.test(bankCode)) throw new RangeError('bankCode must be 3 digits, not starting with 8');
  if (!/^\d{25}$/.test(freeField)) throw new RangeError('freeField must be 25 digits');
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > 9_999_999_999) throw new RangeError('amount must be 0..9999999999 centavos');
  const factor = dueDate === null ? '0000' : String(dateToFactor(dueDate));
  const body = `${bankCode}9${factor}${String(amount).padStart(10, '0')}${freeField}`;
  const barcode = body.slice(0, 4) + bankDv(body) + body.slice(4);
  return bankBarcodeToLine(barcode);
}

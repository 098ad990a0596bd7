/**
 * CEP: 8 digits, stored unmasked ("01310-100", "01.310-100" → "01310100"). A CEP has no check
 * digit; it is valid when it is 8 digits inside the range of some UF (Correios ranges below),
 * which also gives the offline fallback of the postal-code lookup its UF, and — inside a
 * capital's own range — its city (IBGE code).
 */
import { onlyDigits } from './text';
import type { Uf } from './ufs';

export const CEP_LENGTH = 8;

/** 8 digits from any formatting; null when it cannot be one. `pad` restores a spreadsheet's lost leading zero. */
export function normaliseCep(value: string, options: { pad?: boolean } = {}): string | null {
  const raw = value.trim();
  if (!/^[\d.\-\s]+$/.test(raw)) return null;
  let digits = onlyDigits(raw);
  if (options.pad && digits.length === CEP_LENGTH - 1) digits = `0${digits}`;
  return digits.length === CEP_LENGTH ? digits : null;
}

/** [first 5-digit prefix, last 5-digit prefix, UF] — the Correios ranges per UF. */
export const CEP_RANGES: readonly (readonly [number, number, Uf])[] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/**
 * [first prefix, last prefix, IBGE code] of the capitals whose CEP range is their own (the
 * city is certain inside it). Outside these the offline fallback knows only the UF.
 */
export const CAPITAL_CEP_RANGES: readonly (readonly [number, number, string])[] = [
  [1000, 5999, '3550308'], // São Paulo
  [8000, 8499, '3550308'],
  [20000, 23799, '3304557'], // Rio de Janeiro
  [30000, 31999, '3106200'], // Belo Horizonte
  [40000, 42599, '2927408'], // Salvador
  [50000, 52999, '2611606'], // Recife
  [60000, 61599, '2304400'], // Fortaleza
  [66000, 66999, '1501402'], // Belém
  [69000, 69099, '1302603'], // Manaus
  [70000, 72799, '5300108'], // Brasília (the DF is one municipality)
  [73000, 73699, '5300108'],
  [74000, 74899, '5208707'], // Goiânia
  [80000, 82999, '4106902'], // Curitiba
  [90000, 91999, '4314902'], // Porto Alegre
];

const prefix = (cep: string) => Number(cep.slice(0, 5));

/** The UF of a stored CEP, or null when no range holds it (00000-000 – 00999-999). */
export function ufOfCep(cep: string): Uf | null {
  if (!/^\d{8}$/.test(cep)) return null;
  const p = prefix(cep);
  return CEP_RANGES.find(([from, to]) => p >= from && p <= to)?.[2] ?? null;
}

/** The IBGE code of the capital whose own range holds the CEP, or null. */
export function capitalOfCep(cep: string): string | null {
  if (!/^\d{8}$/.test(cep)) return null;
  const p = prefix(cep);
  return CAPITAL_CEP_RANGES.find(([from, to]) => p >= from && p <= to)?.[2] ?? null;
}

/** A stored CEP: 8 digits in the range of a UF. */
export const validCep = (value: string): boolean => ufOfCep(value) !== null;

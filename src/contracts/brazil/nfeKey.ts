/**
 * The NF-e chave de acesso (44 characters, MOC 7.0 "Chave de Acesso" and NT 2025.001 for the
 * alphanumeric CNPJ), isomorphic (no node imports):
 *
 *   cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1)
 *
 * - The emitter's 14 characters are its CNPJ — numeric, or alphanumeric from July 2026 (12 of
 *   0-9/A-Z then 2 digits) — or, for an emitter with a CPF, `000` followed by the 11 digits.
 * - cDV is mod 11 over the first 43 characters, each counted as its ASCII code − 48 (a digit is
 *   itself, "A" = 17), weights 2…9 repeating from the right; remainder 0 or 1 → 0, else 11 − it.
 *
 * API:
 * - `normaliseNfeKey(text)`: what people paste ("3519 0512…", "NFe3519…", lower-case letters) →
 *   the 44 characters, or null when it cannot be a chave (shape only, not the digit).
 * - `nfeKeyCheckDigit(first43)`: the cDV of 43 characters.
 * - `parseNfeKey(key)`: `{ok: true, fields}` or `{ok: false, message}` (pt-BR, NFE_KEY_MESSAGES):
 *   shape, cUF, month, check digit.
 * - `buildNfeKey(fields)`: the 44 characters from the fields (cDV computed).
 * - `nfeKeyDocument(document)`: the 14 characters a CNPJ or CPF takes in a chave.
 * - `formatNfeKey(key)`: the printed form, 11 groups of 4 separated by spaces (DANFE).
 */
import { UF_CODES, UF_IBGE } from './ufs';

export const NFE_KEY_LENGTH = 44;

export const NFE_KEY_MESSAGES = {
  shape: 'Chave de acesso inválida: deve ter 44 caracteres (números, e letras só no CNPJ do emitente).',
  uf: (cUF: string) => `Chave de acesso inválida: o código de UF ${cUF} não existe.`,
  month: (aamm: string) => `Chave de acesso inválida: o mês de emissão ${aamm.slice(2)} (AAMM ${aamm}) não existe.`,
  checkDigit: (found: string, expected: string) =>
    `Chave de acesso inválida: o dígito verificador é ${found}, o calculado é ${expected}.`,
} as const;

/** The fields of a chave, as the layout names them; every value a string as written in the chave. */
export interface NfeKeyFields {
  /** IBGE code of the emitter's UF (2 digits). */
  cUF: string;
  /** Year and month of issue, AAMM (4 digits). */
  AAMM: string;
  /** The emitter's CNPJ (14, numeric or alphanumeric) or `000` + CPF. */
  document: string;
  /** Modelo (2 digits; 55 NF-e, 65 NFC-e). */
  mod: string;
  /** Série (3 digits, zero-padded). */
  serie: string;
  /** Número (9 digits, zero-padded). */
  nNF: string;
  /** Tipo de emissão (1 digit). */
  tpEmis: string;
  /** Código numérico (8 digits). */
  cNF: string;
  /** Dígito verificador. */
  cDV: string;
}

const SHAPE = /^\d{6}[0-9A-Z]{12}\d{26}$/;
const UF_BY_CODE = new Set(UF_CODES.map((uf) => String(UF_IBGE[uf])));

/** The cDV of the first 43 characters (ASCII − 48 per character, weights 2…9 from the right, mod 11). */
export function nfeKeyCheckDigit(first43: string): string {
  let sum = 0;
  for (let i = 0; i < first43.length; i++) {
    const value = first43.charCodeAt(first43.length - 1 - i) - 48;
    sum += value * ((i % 8) + 2);
  }
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

/** The 44 characters from what people paste (spaces, dots, the `NFe` prefix of the XML Id, lower case); null when it cannot be one. */
export function normaliseNfeKey(text: string): string | null {
  const chars = text.trim().replace(/^nfe/i, '').replace(/[\s./-]/g, '').toUpperCase();
  return SHAPE.test(chars) ? chars : null;
}

/** Splits 44 characters into their fields (no check). */
export function splitNfeKey(key: string): NfeKeyFields {
  return {
    cUF: key.slice(0, 2),
    AAMM: key.slice(2, 6),
    document: key.slice(6, 20),
    mod: key.slice(20, 22),
    serie: key.slice(22, 25),
    nNF: key.slice(25, 34),
    tpEmis: key.slice(34, 35),
    cNF: key.slice(35, 43),
    cDV: key.slice(43, 44),
  };
}

export type NfeKeyResult = { ok: true; key: string; fields: NfeKeyFields } | { ok: false; message: string };

/** Checks a chave exactly as stored (44 characters, upper case): shape, UF code, month, check digit. */
export function parseNfeKey(key: string): NfeKeyResult {
  if (typeof key !== 'string' || !SHAPE.test(key)) return { ok: false, message: NFE_KEY_MESSAGES.shape };
  const fields = splitNfeKey(key);
  if (!UF_BY_CODE.has(fields.cUF)) return { ok: false, message: NFE_KEY_MESSAGES.uf(fields.cUF) };
  const month = Number(fields.AAMM.slice(2));
  if (month < 1 || month > 12) return { ok: false, message: NFE_KEY_MESSAGES.month(fields.AAMM) };
  const expected = nfeKeyCheckDigit(key.slice(0, 43));
  if (expected !== fields.cDV) return { ok: false, message: NFE_KEY_MESSAGES.checkDigit(fields.cDV, expected) };
  return { ok: true, key, fields };
}

/** Whether a stored chave is valid (see parseNfeKey). */
export const validNfeKey = (key: string): boolean => parseNfeKey(key).ok;

/** The 14 characters a CNPJ (as is, upper case) or a CPF (`000` + 11 digits) takes in a chave. */
export const nfeKeyDocument = (document: string): string => (document.length === 11 ? `000${document}` : document.toUpperCase());

/** The chave of these fields, numbers zero-padded to their width and cDV computed (any cDV given is ignored). */
export function buildNfeKey(fields: Omit<NfeKeyFields, 'cDV'> & { cDV?: string }): string {
  const first43 =
    fields.cUF.padStart(2, '0') +
    fields.AAMM.padStart(4, '0') +
    nfeKeyDocument(fields.document).padStart(14, '0') +
    fields.mod.padStart(2, '0') +
    fields.serie.padStart(3, '0') +
    fields.nNF.padStart(9, '0') +
    fields.tpEmis +
    fields.cNF.padStart(8, '0');
  return first43 + nfeKeyCheckDigit(first43);
}

/** "3519 0512 3456 …": 11 groups of 4 separated by spaces, as the DANFE prints it. */
export const formatNfeKey = (key: string): string => key.replace(/(.{4})(?=.)/g, '$1 ');

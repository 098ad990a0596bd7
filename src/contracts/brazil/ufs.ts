/**
 * The 27 federative units (26 states + DF), with the IBGE name and 2-digit code from
 * @brazilian-utils (`getStates`). `UF_CODES` is the closed list the schemas use.
 */
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';

export const UF_CODES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type Uf = (typeof UF_CODES)[number];

const STATES = getStates();

/** `SP` → `São Paulo`. */
export const UF_NAMES: Readonly<Record<Uf, string>> = Object.fromEntries(STATES.map((s) => [s.code, s.name])) as Record<Uf, string>;

/** `SP` → 35 (the first two digits of every IBGE municipality code of the state). */
export const UF_IBGE: Readonly<Record<Uf, number>> = Object.fromEntries(STATES.map((s) => [s.code, s.ibgeCode])) as Record<Uf, number>;

export const isUf = (value: unknown): value is Uf => typeof value === 'string' && (UF_CODES as readonly string[]).includes(value);

/** `sp`, ` SP ` → `SP`; null when it is not a UF. */
export function normaliseUf(value: string): Uf | null {
  const code = value.trim().toUpperCase();
  return isUf(code) ? code : null;
}

/** The UF of a 7-digit IBGE municipality code (by its first two digits), or null. */
export function ufOfIbgeCode(code: string): Uf | null {
  if (!/^\d{7}$/.test(code)) return null;
  const prefix = Number(code.slice(0, 2));
  return UF_CODES.find((uf) => UF_IBGE[uf] === prefix) ?? null;
}

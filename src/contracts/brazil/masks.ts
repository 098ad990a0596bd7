/**
 * Input masks for Brazilian documents. Values are stored unmasked (`unmask`); these functions
 * only present them, progressively while typing and for pasted formatted text alike.
 */
import { applyPattern } from './pattern';
import { unmask } from './text';

export { applyPattern, unmask };

export const CPF_PATTERN = '###.###.###-##';
export const CNPJ_PATTERN = 'AA.AAA.AAA/AAAA-##';
export const CEP_PATTERN = '#####-###';

const digits = (value: string) => value.replace(/\D/g, '');

/** CPF: 11 digits. */
export const cleanCpf = (value: string): string => digits(value).slice(0, 11);
export const maskCpf = (value: string): string => applyPattern(CPF_PATTERN, cleanCpf(value));

/** CNPJ (alphanumeric since 2026): 12 letters/digits then 2 check digits, upper case. */
export function cleanCnpj(value: string): string {
  const chars = unmask(value);
  const base = chars.slice(0, 12);
  const check = digits(chars.slice(12)).slice(0, 2);
  return base + check;
}
export const maskCnpj = (value: string): string => applyPattern(CNPJ_PATTERN, cleanCnpj(value));

/** CPF while it can still be one (≤ 11 digits, digits only), CNPJ after. */
export function cleanCpfCnpj(value: string): string {
  const chars = unmask(value);
  return chars.length <= 11 && /^\d*$/.test(chars) ? chars : cleanCnpj(chars);
}
export function maskCpfCnpj(value: string): string {
  const clean = cleanCpfCnpj(value);
  return clean.length <= 11 && /^\d*$/.test(clean) ? applyPattern(CPF_PATTERN, clean) : applyPattern(CNPJ_PATTERN, clean);
}

export const cleanCep = (value: string): string => digits(value).slice(0, 8);
export const maskCep = (value: string): string => applyPattern(CEP_PATTERN, cleanCep(value));

/** Phone with DDD: 10 (landline) or 11 (mobile) digits; a leading +55 is dropped. */
export function cleanPhone(value: string): string {
  let d = digits(value);
  if (/^\+?\s*55/.test(value.trim()) && d.length > 11) d = d.slice(2);
  return d.slice(0, 11);
}
export function maskPhone(value: string): string {
  const d = cleanPhone(value);
  return applyPattern(d.length <= 10 ? '(##) ####-####' : '(##) #####-####', d);
}

/** A stored PIX key as people read it: CPF/CNPJ masked, `+55 (11) 98765-4321`, e-mail and random key as they are. */
export function maskPixKey(value: string): string {
  if (/^\+55\d{10,11}$/.test(value)) return `+55 ${maskPhone(value.slice(3))}`;
  if (/^\d{11}$/.test(value)) return maskCpf(value);
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return maskCnpj(value);
  return value;
}

/** The mask each document-like field type is read with (a list cell, an export, an approver's "antes → depois"). */
export const MASK_OF_TYPE: Readonly<Partial<Record<'cpf' | 'cnpj' | 'cpfCnpj' | 'cep' | 'phone' | 'pixKey', (value: string) => string>>> = {
  cpf: maskCpf,
  cnpj: maskCnpj,
  cpfCnpj: maskCpfCnpj,
  cep: maskCep,
  phone: maskPhone,
  pixKey: maskPixKey,
};

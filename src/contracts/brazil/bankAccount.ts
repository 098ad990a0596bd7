/**
 * Bank data of a payee (TED / crédito em conta, CNAB 240 segment A): bank (COMPE code, 3
 * digits; ISPB, 8 digits), agência (1–5 digits, optional digit 0-9/X), conta (1–13 digits) and
 * its dígito (1–2 of 0-9/X/P, as Banco do Brasil and Bradesco use). Shapes only on the field;
 * `validBankAccountDigits` (@brazilian-utils `isValidBankAccount`) checks the check digit for
 * the banks that publish their rule — advisory, since the banks' own rules change.
 */
import { isValidBankAccount } from '@brazilian-utils/brazilian-utils/is-valid-bank-account';
import { onlyDigits } from './text';

export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'payment', 'salary'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BANK_ACCOUNT_TYPE_LABELS: Readonly<Record<BankAccountType, string>> = {
  checking: 'Conta corrente',
  savings: 'Conta poupança',
  payment: 'Conta de pagamento',
  salary: 'Conta salário',
};

export const validBankCode = (value: string): boolean => /^\d{3}$/.test(value);
export const validIspb = (value: string): boolean => /^\d{8}$/.test(value);
export const validAgency = (value: string): boolean => /^\d{1,5}$/.test(value);
export const validAgencyDigit = (value: string): boolean => /^[0-9X]$/.test(value);
export const validAccountNumber = (value: string): boolean => /^\d{1,13}$/.test(value);
export const validAccountDigit = (value: string): boolean => /^[0-9XP]{1,2}$/.test(value);

/** Agência as stored (digits, trimmed); with a digit ("1234-5") it is null: split it with `splitDigit`. */
export const normaliseAgency = (value: string): string | null => {
  if (!/^[\d\s.]+$/.test(value)) return null;
  const digits = onlyDigits(value);
  return validAgency(digits) ? digits : null;
};

/** "12345-6" → {number: "12345", digit: "6"}; "00210169-X" → {number: "00210169", digit: "X"}. */
export function splitDigit(value: string): { number: string; digit: string | null } | null {
  const match = /^\s*(\d{1,13})\s*(?:-\s*([0-9xXpP]{1,2}))?\s*$/.exec(value);
  return match ? { number: match[1], digit: match[2]?.toUpperCase() ?? null } : null;
}

/** Check digit of the account for the banks with a published rule (true for the others' shapes). */
export function validBankAccountDigits(account: { bankCode: string; agency: string; account: string; digit: string }): boolean {
  return isValidBankAccount({ bankCode: account.bankCode, agency: account.agency, account: account.account, digit: account.digit });
}

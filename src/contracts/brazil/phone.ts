/**
 * Phone numbers with DDD: 10 digits (landline) or 11 (mobile, starting with 9), stored unmasked.
 * A country code (+55, 0055, 55) in front of a 10/11-digit number is dropped. Validity (known
 * DDD, mobile/landline numbering) by @brazilian-utils `isValidPhone`.
 */
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { onlyDigits } from './text';

/** 10 or 11 digits from "(11) 98765-4321", "+55 11 98765-4321", "011 98765 4321"…; null otherwise. */
export function normalisePhone(value: string): string | null {
  const raw = value.trim();
  if (!/^[\d\s()+.\-]+$/.test(raw)) return null;
  let digits = onlyDigits(raw);
  if (/^(00)?55\d{10,11}$/.test(digits) && (raw.startsWith('+') || digits.startsWith('00') || digits.length > 11)) digits = digits.replace(/^(00)?55/, '');
  // A trunk prefix (long-distance "0" before the DDD): 0 11 98765-4321.
  if (/^0\d{10,11}$/.test(digits)) digits = digits.slice(1);
  return /^\d{10,11}$/.test(digits) ? digits : null;
}

/** A stored phone: 10/11 digits with a real DDD and a landline or mobile number. */
export const validPhone = (value: string): boolean => /^\d{10,11}$/.test(value) && isValidPhone(value);

/** A stored mobile number (11 digits, 9 after the DDD). */
export const isMobile = (value: string): boolean => /^\d{2}9\d{8}$/.test(value);

/** Stored phone → E.164 (`+5511987654321`). */
export const phoneE164 = (value: string): string => `+55${value}`;

/** E-mail addresses: trimmed, domain in lower case; validity by @brazilian-utils `isValidEmail`. */
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';

export const EMAIL_MAX_LENGTH = 254;

/** " Ana@Example.COM " → "Ana@example.com" (the local part keeps its case); null when not an e-mail. */
export function normaliseEmail(value: string): string | null {
  const raw = value.trim();
  const at = raw.lastIndexOf('@');
  if (at < 1) return null;
  const email = `${raw.slice(0, at)}@${raw.slice(at + 1).toLowerCase()}`;
  return validEmail(email) ? email : null;
}

export const validEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && isValidEmail(value);

/**
 * How strong APP_SECRET is, as an estimate a start can check without knowing how the value was
 * made (docs/decisions.md "Production defaults and the first administrator"):
 *
 *   bits = characters × bits per character of the smallest usual alphabet that holds them all
 *
 * - hexadecimal (`0-9 a-f`, or `0-9 A-F`): 4 bits — `openssl rand -hex 32` (64 characters) = 256;
 * - base64 / base64url (`A-Z a-z 0-9 + / - _`, trailing `=` padding not counted): 6 bits —
 *   `openssl rand -base64 32` (43 characters + `=`) = 258;
 * - anything else (printable ASCII, accents, other scripts): log2(95) ≈ 6.57 bits per character.
 *
 * A value that a person typed or that repeats itself scores 0 whatever its length: fewer than 8
 * distinct characters, or a repetition of a shorter block ("abcabcabc…"). The estimate is an upper
 * bound (a random value of that alphabet and length); it refuses what is certainly too weak
 * ("senha", "retaguarda-2025", a short hex string), not every weak value.
 */
export const MIN_SECRET_BITS = 256;

const HEX = /^(?:[0-9a-f]+|[0-9A-F]+)$/;
const BASE64 = /^[A-Za-z0-9+/_-]+$/;
const PRINTABLE_BITS = Math.log2(95);

/** True when `value` is a shorter block written out more than once. */
function repeatsItself(value: string): boolean {
  return (value + value).indexOf(value, 1) < value.length;
}

export function secretEntropyBits(secret: string): number {
  const value = secret.trim();
  const chars = [...value.replace(/=+$/, '')];
  if (chars.length === 0 || new Set(chars).size < 8 || repeatsItself(value)) return 0;
  const text = chars.join('');
  const perChar = HEX.test(text) ? 4 : BASE64.test(text) ? 6 : PRINTABLE_BITS;
  return Math.floor(chars.length * perChar);
}

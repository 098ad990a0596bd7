/** Keys derived from APP_SECRET and the small primitives built on them. */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Keys {
  /** HS256 key of every JWT. */
  jwt: Uint8Array;
  /** AES-256-GCM key for secrets at rest (TOTP keys). */
  enc: Buffer;
  /** HMAC key for e-mail codes. */
  codes: Buffer;
  /** HMAC key for the XSRF value bound to the session id. */
  xsrf: Buffer;
}

export function deriveKeys(appSecret: string): Keys {
  if (appSecret.length < 16) throw new Error('APP_SECRET must have at least 16 characters.');
  const derive = (label: string) => createHmac('sha256', appSecret).update(`retaguarda/${label}/v1`).digest();
  return { jwt: new Uint8Array(derive('jwt')), enc: derive('enc'), codes: derive('codes'), xsrf: derive('xsrf') };
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hash of a high-entropy random token (refresh, reset): SHA-256 is enough. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function hmac(key: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part, 'utf8').update('\u0000');
  return mac.digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** AES-256-GCM; `aad` binds the ciphertext to its owner (e.g. the user id). */
export function encrypt(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decrypt(key: Buffer, sealed: string, aad: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('Unknown ciphertext version');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * AES key derived from a high-entropy token the server only keeps hashed: what it seals can be
 * opened only by someone presenting that token again (refresh-token grace answers).
 */
export function keyFromToken(key: Buffer, label: string, token: string): Buffer {
  return createHmac('sha256', key).update(`retaguarda/${label}/v1\u0000`).update(token, 'utf8').digest();
}

/** XSRF value for a session: HMAC(secret, sid), base64url. */
export function xsrfFor(keys: Keys, sid: string): string {
  return hmac(keys.xsrf, 'xsrf', sid);
}

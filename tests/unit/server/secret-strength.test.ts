/** APP_SECRET's strength estimate (server/setup/secret-strength.ts, issue 28). */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_BITS, secretEntropyBits } from '../../../server/setup/secret-strength';

describe('secretEntropyBits', () => {
  it('passes what the documentation tells operators to generate', () => {
    for (let i = 0; i < 50; i++) {
      expect(secretEntropyBits(randomBytes(32).toString('base64'))).toBeGreaterThanOrEqual(MIN_SECRET_BITS); // openssl rand -base64 32
      expect(secretEntropyBits(randomBytes(32).toString('hex'))).toBe(256); // openssl rand -hex 32
      expect(secretEntropyBits(randomBytes(32).toString('base64url'))).toBe(258); // the generated DATA_DIR/app-secret
    }
  });

  it('counts bits per character of the smallest usual alphabet', () => {
    expect(secretEntropyBits('0123456789abcdef'.repeat(3) + 'fedcba98')).toBe(56 * 4);
    expect(secretEntropyBits('0123456789ABCDEFfedcba9876543210')).toBe(32 * 6); // mixed-case hex is base64's alphabet
    expect(secretEntropyBits('Pão de queijo com café às 7h, todo dia!')).toBe(Math.floor(39 * Math.log2(95)));
  });

  it('refuses what is certainly weak, whatever its length', () => {
    expect(secretEntropyBits('')).toBe(0);
    expect(secretEntropyBits('a'.repeat(200))).toBe(0);
    expect(secretEntropyBits('abcdefgh'.repeat(20))).toBe(0);
    expect(secretEntropyBits('Retaguarda#2025')).toBeLessThan(MIN_SECRET_BITS);
    expect(secretEntropyBits(randomBytes(16).toString('hex'))).toBe(128);
  });
});

import { describe, expect, it } from 'vitest';
import { isMobile, normaliseEmail, normalisePhone, phoneE164, validEmail, validPhone } from '../../../src/contracts/brazil';

describe('phone', () => {
  it('normalises pasted numbers to 10/11 digits with DDD', () => {
    expect(normalisePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalisePhone('+55 (11) 98765-4321')).toBe('11987654321');
    expect(normalisePhone('+55 11 3000-0000')).toBe('1130000000');
    expect(normalisePhone('0055 11 98765 4321')).toBe('11987654321');
    expect(normalisePhone('5511987654321')).toBe('11987654321');
    expect(normalisePhone('011 98765-4321')).toBe('11987654321');
    expect(normalisePhone('55987654321')).toBe('55987654321'); // DDD 55, not a country code
    expect(normalisePhone('98765-4321')).toBeNull();
    expect(normalisePhone('(11) 9876-543a')).toBeNull();
  });

  it('validates DDD and numbering', () => {
    expect(validPhone('11987654321')).toBe(true);
    expect(validPhone('1130000000')).toBe(true);
    expect(validPhone('00987654321')).toBe(false);
    expect(validPhone('119876543')).toBe(false);
    expect(isMobile('11987654321')).toBe(true);
    expect(isMobile('1130000000')).toBe(false);
    expect(phoneE164('11987654321')).toBe('+5511987654321');
  });
});

describe('e-mail', () => {
  it('trims and lower-cases the domain', () => {
    expect(normaliseEmail(' Ana.Silva@Empresa.COM.br ')).toBe('Ana.Silva@empresa.com.br');
    expect(normaliseEmail('ana@')).toBeNull();
    expect(normaliseEmail('ana silva@empresa.com')).toBeNull();
    expect(validEmail('compras@demo.com.br')).toBe(true);
    expect(validEmail('compras@demo')).toBe(false);
  });
});

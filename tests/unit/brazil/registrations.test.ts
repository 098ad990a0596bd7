import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { IE_EXEMPT, MESSAGES, normaliseAgency, normaliseIe, schemas, splitDigit, validAccountDigit, validAgency, validIe, validIeFormat, validIm } from '../../../src/contracts/brazil';

describe('inscrição estadual', () => {
  it('normalises pasted values and ISENTO', () => {
    expect(normaliseIe('110.042.490.114')).toBe('110042490114');
    expect(normaliseIe(' isento ')).toBe(IE_EXEMPT);
    expect(normaliseIe('P-01100424.3/002')).toBe('P011004243002');
    expect(normaliseIe('ABC')).toBeNull();
  });

  it('field level: format only; with the UF: check digits', () => {
    expect(validIeFormat('110042490114')).toBe(true);
    expect(validIeFormat('ISENTO')).toBe(true);
    expect(validIeFormat('1')).toBe(false);
    expect(validIe('110042490114', 'SP')).toBe(true);
    expect(validIe('110042490115', 'SP')).toBe(false);
    expect(validIe('ISENTO', 'RJ')).toBe(true);
    expect(z.safeParse(schemas.stateRegistration(), '11.004')).toEqual(expect.objectContaining({ success: false }));
  });

  it('inscrição municipal: letters, digits and separators', () => {
    expect(validIm('1.234.567-8')).toBe(true);
    expect(validIm(' 123')).toBe(false);
  });
});

describe('bank data shapes', () => {
  it('agência, conta and dígito', () => {
    expect(validAgency('1234')).toBe(true);
    expect(validAgency('123456')).toBe(false);
    expect(normaliseAgency('1234-5')).toBeNull(); // digit goes in its own field
    expect(normaliseAgency(' 0001 ')).toBe('0001');
    expect(splitDigit('12345-6')).toEqual({ number: '12345', digit: '6' });
    expect(splitDigit('00210169-x')).toEqual({ number: '00210169', digit: 'X' });
    expect(splitDigit('12345')).toEqual({ number: '12345', digit: null });
    expect(validAccountDigit('X')).toBe(true);
    expect(validAccountDigit('P')).toBe(true);
    expect(validAccountDigit('Y')).toBe(false);
  });

  it('schemas answer in pt-BR', () => {
    const result = z.safeParse(schemas.bankCode(), '34');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe(MESSAGES.bankCode);
    expect(z.safeParse(schemas.cep(), '00000000').error!.issues[0].message).toBe('CEP inválido.');
    expect(z.safeParse(schemas.cpf(), '12345678900').error!.issues[0].message).toBe('CPF inválido.');
    expect(z.safeParse(schemas.cnpj(), '12ABC34501DE36').error!.issues[0].message).toBe('CNPJ inválido.');
    expect(z.safeParse(schemas.email(), 'ana@').error!.issues[0].message).toBe('E-mail inválido.');
    expect(z.safeParse(schemas.phone(), '0098765432').error!.issues[0].message).toMatch(/^Telefone inválido/);
    expect(z.safeParse(schemas.uf(), 'XX').error!.issues[0].message).toBe('UF inválida.');
    expect(z.safeParse(schemas.ibgeCity(), '9999999').error!.issues[0].message).toBe('Município inválido.');
  });
});

import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { detectPixKeyType, normalisePixKey, schemas, validPixKey } from '../../../src/contracts/brazil';
import { maskPixKey } from '../../../src/core/format/masks';

describe('PIX keys', () => {
  it('detects and normalises each type from pasted input', () => {
    expect(normalisePixKey('123.456.789-09')).toEqual({ type: 'cpf', value: '12345678909' });
    expect(normalisePixKey(' 12.345.678/0001-95 ')).toEqual({ type: 'cnpj', value: '12345678000195' });
    expect(normalisePixKey('12.abc.345/01de-35')).toEqual({ type: 'cnpj', value: '12ABC34501DE35' });
    expect(normalisePixKey('Financeiro@Fornecedor.COM.BR')).toEqual({ type: 'email', value: 'financeiro@fornecedor.com.br' });
    expect(normalisePixKey('(11) 98765-4321')).toEqual({ type: 'phone', value: '+5511987654321' });
    expect(normalisePixKey('+55 11 98765-4321')).toEqual({ type: 'phone', value: '+5511987654321' });
    expect(normalisePixKey('71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D')).toEqual({ type: 'evp', value: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d' });
  });

  it('refuses what is not a key (bad check digits, landline, garbage)', () => {
    expect(normalisePixKey('123.456.789-00')).toBeNull();
    expect(normalisePixKey('12.345.678/0001-90')).toBeNull();
    expect(normalisePixKey('(11) 3000-0000')).toBeNull(); // landlines are not PIX keys
    expect(normalisePixKey('não é chave')).toBeNull();
    expect(detectPixKeyType('')).toBeNull();
  });

  it('reads the key as the chosen type (settles CPF vs phone)', () => {
    // 51998259765 is a valid CPF and a valid mobile number
    expect(normalisePixKey('51998259765')?.type).toBe('cpf');
    expect(normalisePixKey('51998259765', 'phone')).toEqual({ type: 'phone', value: '+5551998259765' });
    expect(normalisePixKey('ana@example.com', 'cpf')).toBeNull();
  });

  it('stored keys are canonical', () => {
    expect(validPixKey('12345678909')).toBe(true);
    expect(validPixKey('+5511987654321', 'phone')).toBe(true);
    expect(validPixKey('11987654321', 'phone')).toBe(false); // stored with +55
    expect(validPixKey('Ana@Example.com', 'email')).toBe(false); // stored lower case
  });

  it('a key entry is checked against its type, with a pt-BR message on the key', () => {
    const entry = schemas.pixKeyEntry();
    expect(z.safeParse(entry, { type: 'email', key: 'ana@example.com' }).success).toBe(true);
    const wrong = z.safeParse(entry, { type: 'cpf', key: 'ana@example.com' });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues).toEqual([expect.objectContaining({ path: ['key'], message: 'Chave PIX inválida para o tipo CPF.' })]);
    expect(z.safeParse(entry, { type: 'phone', key: '+5511987654321' }).success).toBe(true);
    expect(z.safeParse(entry, { type: 'evp', key: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d' }).success).toBe(true);
    expect(z.safeParse(entry, { type: 'cnpj', key: '12ABC34501DE35' }).success).toBe(true);
  });

  it('masks stored keys for reading', () => {
    expect(maskPixKey('12345678909')).toBe('123.456.789-09');
    expect(maskPixKey('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(maskPixKey('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(maskPixKey('ana@example.com')).toBe('ana@example.com');
  });
});

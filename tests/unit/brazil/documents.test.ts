import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, documentKind, normaliseCnpj, normaliseCpf, normaliseCpfCnpj, validCnpj, validCpf, validCpfCnpj } from '../../../src/contracts/brazil';

describe('CPF', () => {
  it('normalises what people paste', () => {
    expect(normaliseCpf('123.456.789-09')).toBe('12345678909');
    expect(normaliseCpf(' 123 456 789 09 ')).toBe('12345678909');
    expect(normaliseCpf('12345678909')).toBe('12345678909');
    expect(normaliseCpf('123.456.789-0')).toBeNull();
    expect(normaliseCpf('abc.456.789-09')).toBeNull();
  });

  it('pads a spreadsheet number that lost its leading zero, only when asked', () => {
    expect(normaliseCpf('1234567890')).toBeNull();
    expect(normaliseCpf('1234567890', { pad: true })).toBe('01234567890');
  });

  it('validates the check digits and refuses repeated digits', () => {
    expect(validCpf('12345678909')).toBe(true);
    expect(validCpf('12345678900')).toBe(false);
    expect(validCpf('11111111111')).toBe(false);
    expect(validCpf('123.456.789-09')).toBe(false); // stored values are unmasked
  });
});

describe('CNPJ (numeric and alphanumeric)', () => {
  it('normalises pasted values, upper-cases letters', () => {
    expect(normaliseCnpj(' 12.345.678/0001-95 ')).toBe('12345678000195');
    expect(normaliseCnpj('12 345 678 0001 95')).toBe('12345678000195');
    expect(normaliseCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normaliseCnpj('Q0.SLF.MBD/7VX4-39')).toBe('Q0SLFMBD7VX439');
    expect(normaliseCnpj('12.ABC.345/01DE-3X')).toBeNull(); // check digits are digits
    expect(normaliseCnpj('2345678000195', { pad: true })).toBe('02345678000195');
  });

  it('computes check digits with ASCII − 48 per character (DOMAIN rule)', () => {
    expect(cnpjCheckDigits('123456780001')).toBe('95');
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('Q0SLFMBD7VX4')).toBe('39');
  });

  it('validates numeric and alphanumeric CNPJs; wrong check digits refused', () => {
    expect(validCnpj('12345678000195')).toBe(true);
    expect(validCnpj('12ABC34501DE35')).toBe(true);
    expect(validCnpj('Q0SLFMBD7VX439')).toBe(true);
    expect(validCnpj('12345678000190')).toBe(false);
    expect(validCnpj('12ABC34501DE36')).toBe(false);
    expect(validCnpj('12abc34501de35')).toBe(false); // stored upper case
    expect(validCnpj('00000000000000')).toBe(false);
    // every 12-char base the rule computes is accepted by the validator
    for (const base of ['AB1234567CDE', '000000000001', 'ZZZZZZZZZZZZ', '9A8B7C6D5E4F']) expect(validCnpj(`${base}${cnpjCheckDigits(base)}`), base).toBe(true);
  });

  it('CPF or CNPJ, and the person kind it implies', () => {
    expect(normaliseCpfCnpj('123.456.789-09')).toBe('12345678909');
    expect(normaliseCpfCnpj('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(validCpfCnpj('12345678909')).toBe(true);
    expect(validCpfCnpj('12ABC34501DE35')).toBe(true);
    expect(validCpfCnpj('12345678901')).toBe(false);
    expect(documentKind('12345678909')).toBe('PF');
    expect(documentKind('12345678000195')).toBe('PJ');
    expect(documentKind('123')).toBeNull();
  });
});

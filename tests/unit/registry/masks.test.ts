import { describe, expect, it } from 'vitest';
import { cnpj, cpf, cpfCnpj, validCnpj, validCpf } from '../../../src/contracts/documents';
import { formatDate, formatDateTime, maskDate, parseDate, parseDateTime } from '../../../src/core/format/dates';
import { cleanCep, cleanCnpj, cleanCpf, cleanCpfCnpj, cleanPhone, maskCep, maskCnpj, maskCpf, maskCpfCnpj, maskPhone } from '../../../src/core/format/masks';

describe('document masks', () => {
  it('CPF from pasted formatted text', () => {
    expect(cleanCpf('123.456.789-09')).toBe('12345678909');
    expect(maskCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(maskCpf('12345678909')).toBe('123.456.789-09');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf(' 123 456 789 09 ')).toBe('123.456.789-09');
    expect(validCpf(cleanCpf('123.456.789-09'))).toBe(true);
    expect(validCpf('12345678900')).toBe(false);
  });

  it('CNPJ from pasted formatted text, including spaces', () => {
    expect(cleanCnpj('12 345 678/0001-95')).toBe('12345678000195');
    expect(maskCnpj('12 345 678/0001-95')).toBe('12.345.678/0001-95');
    expect(maskCnpj('12.345.678/0001-95')).toBe('12.345.678/0001-95');
    expect(maskCnpj('1234567')).toBe('12.345.67');
    expect(validCnpj(cleanCnpj('12 345 678/0001-95'))).toBe(true);
  });

  it('alphanumeric CNPJ (upper-cased, check digits stay digits)', () => {
    expect(cleanCnpj('q0.slf.mbd/7vx4-39')).toBe('Q0SLFMBD7VX439');
    expect(maskCnpj('Q0SLFMBD7VX439')).toBe('Q0.SLF.MBD/7VX4-39');
    expect(maskCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(cleanCnpj('12ABC34501DEXY')).toBe('12ABC34501DE');
    expect(validCnpj('Q0SLFMBD7VX439')).toBe(true);
    expect(validCnpj('12ABC34501DE35')).toBe(true);
    expect(validCnpj('12ABC34501DE36')).toBe(false);
    expect(cnpj().safeParse('Q0SLFMBD7VX439').success).toBe(true);
    expect(cnpj().safeParse('Q0.SLF.MBD/7VX4-39').success).toBe(false); // the wire value is unmasked
  });

  it('CPF or CNPJ switches mask by length', () => {
    expect(maskCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(maskCpfCnpj('123456789090')).toBe('12.345.678/9090');
    expect(maskCpfCnpj('12.345.678/0001-95')).toBe('12.345.678/0001-95');
    expect(cleanCpfCnpj('Q0.SLF.MBD/7VX4-39')).toBe('Q0SLFMBD7VX439');
    expect(cpfCnpj().safeParse('12345678909').success).toBe(true);
    expect(cpfCnpj().safeParse('12345678000195').success).toBe(true);
    expect(cpf().safeParse('11111111111').success).toBe(false);
  });

  it('CEP and phone', () => {
    expect(maskCep('01310-930')).toBe('01310-930');
    expect(cleanCep('01.310-930')).toBe('01310930');
    expect(maskPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('1130000000')).toBe('(11) 3000-0000');
    expect(cleanPhone('+55 11 98765-4321')).toBe('11987654321');
    expect(maskPhone('119')).toBe('(11) 9');
  });
});

describe('dates', () => {
  it('dd/mm/aaaa ↔ YYYY-MM-DD without timezone shifts', () => {
    expect(formatDate('2025-06-26')).toBe('26/06/2025');
    expect(parseDate('26/06/2025')).toBe('2025-06-26');
    expect(parseDate('31/02/2025')).toBeNull();
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(maskDate('26062025')).toBe('26/06/2025');
  });

  it('instants in Brasília time', () => {
    expect(formatDateTime('2025-06-26T12:00:00.000Z')).toBe('26/06/2025 09:00');
    expect(parseDateTime('26/06/2025 09:00')).toBe('2025-06-26T12:00:00.000Z');
    expect(parseDateTime('26/06/2025 24:00')).toBeNull();
  });
});

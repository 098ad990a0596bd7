import { describe, expect, it } from 'vitest';
import { CAPITAL_CEP_RANGES, CEP_RANGES, capitalOfCep, normaliseCep, UF_CODES, ufOfCep, validCep } from '../../../src/contracts/brazil';
import { municipalityByCode } from '../../../src/contracts/brazil/municipalities';

describe('CEP', () => {
  it('normalises pasted values', () => {
    expect(normaliseCep('01310-100')).toBe('01310100');
    expect(normaliseCep(' 01.310-100 ')).toBe('01310100');
    expect(normaliseCep('01310100')).toBe('01310100');
    expect(normaliseCep('1310100')).toBeNull();
    expect(normaliseCep('1310100', { pad: true })).toBe('01310100');
    expect(normaliseCep('01310-10a')).toBeNull();
  });

  it('is valid when inside the range of a UF', () => {
    expect(validCep('01310100')).toBe(true);
    expect(validCep('70040010')).toBe(true);
    expect(validCep('00000000')).toBe(false);
    expect(validCep('0131010')).toBe(false);
    expect(validCep('01310-100')).toBe(false);
  });

  it('knows the UF of every range and covers 27 UFs', () => {
    expect(ufOfCep('01310100')).toBe('SP');
    expect(ufOfCep('20040002')).toBe('RJ');
    expect(ufOfCep('69301000')).toBe('RR');
    expect(ufOfCep('69900000')).toBe('AC');
    expect(ufOfCep('73700000')).toBe('GO');
    expect(ufOfCep('90010000')).toBe('RS');
    expect(new Set(CEP_RANGES.map((r) => r[2]))).toEqual(new Set(UF_CODES));
    const sorted = [...CEP_RANGES].sort((a, b) => a[0] - b[0]);
    // no overlaps (78900–78999, Rondônia's old range, is unused today)
    for (let i = 1; i < sorted.length; i++) expect(sorted[i][0], `${sorted[i][2]} after ${sorted[i - 1][2]}`).toBeGreaterThan(sorted[i - 1][1]);
  });

  it('capital ranges name real municipalities of the right UF', () => {
    for (const [from, , code] of CAPITAL_CEP_RANGES) {
      const cep = String(from).padStart(5, '0') + '000';
      expect(municipalityByCode(code)?.uf, code).toBe(ufOfCep(cep));
    }
    expect(capitalOfCep('01310100')).toBe('3550308');
    expect(capitalOfCep('13010000')).toBeNull(); // Campinas: only the UF is known offline
  });
});

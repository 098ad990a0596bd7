import { getNfeKeyInfo } from '@brazilian-utils/brazilian-utils/get-nfe-key-info';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../../src/contracts/brazil/documents';
import {
  buildNfeKey,
  formatNfeKey,
  NFE_KEY_MESSAGES,
  nfeKeyCheckDigit,
  nfeKeyDocument,
  normaliseNfeKey,
  parseNfeKey,
  splitNfeKey,
  validNfeKey,
} from '../../../src/contracts/brazil/nfeKey';

// A published test vector (NFePHP Keys::build, also in @brazilian-utils' documentation).
const REAL = '35170458716523000119550010000000121000123458';

const ALNUM = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const UF_CODES = ['11', '12', '13', '14', '15', '16', '17', '21', '22', '23', '24', '25', '26', '27', '28', '29', '31', '32', '33', '35', '41', '42', '43', '50', '51', '52', '53'];
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const cnpj = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 12, maxLength: 12 }).map((base) => base + cnpjCheckDigits(base));
const fields = fc.record({
  cUF: fc.constantFrom(...UF_CODES),
  AAMM: fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${String(y).padStart(2, '0')}${String(m).padStart(2, '0')}`),
  document: fc.oneof(cnpj, digits(11)),
  mod: fc.constantFrom('55', '65'),
  serie: digits(3),
  nNF: digits(9),
  tpEmis: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '9'),
  cNF: digits(8),
});

describe('chave de acesso', () => {
  it('reads a published key into its fields', () => {
    const result = parseNfeKey(REAL);
    expect(result).toEqual({
      ok: true,
      key: REAL,
      fields: { cUF: '35', AAMM: '1704', document: '58716523000119', mod: '55', serie: '001', nNF: '000000012', tpEmis: '1', cNF: '00012345', cDV: '8' },
    });
  });

  it('computes the check digit with ASCII − 48, so an alphanumeric CNPJ works', () => {
    expect(nfeKeyCheckDigit(REAL.slice(0, 43))).toBe('8');
    const key = buildNfeKey({ cUF: '35', AAMM: '2607', document: '12ABC34501DE35', mod: '55', serie: '1', nNF: '123', tpEmis: '1', cNF: '87654321' });
    expect(key).toHaveLength(44);
    expect(key.slice(6, 20)).toBe('12ABC34501DE35');
    // By hand: the letters count as A=17, B=18, C=19, D=20, E=21.
    const values = [...key.slice(0, 43)].map((c) => c.charCodeAt(0) - 48);
    const sum = values.reverse().reduce((acc, v, i) => acc + v * ((i % 8) + 2), 0);
    const expected = sum % 11 < 2 ? 0 : 11 - (sum % 11);
    expect(key.at(-1)).toBe(String(expected));
    expect(parseNfeKey(key).ok).toBe(true);
  });

  it('refuses a wrong check digit, naming found and expected', () => {
    const wrong = REAL.slice(0, 43) + '7';
    expect(parseNfeKey(wrong)).toEqual({ ok: false, message: NFE_KEY_MESSAGES.checkDigit('7', '8') });
    expect(NFE_KEY_MESSAGES.checkDigit('7', '8')).toBe('Chave de acesso inválida: o dígito verificador é 7, o calculado é 8.');
  });

  it('refuses wrong shapes, UF codes and months', () => {
    expect(parseNfeKey(REAL.slice(0, 43))).toEqual({ ok: false, message: NFE_KEY_MESSAGES.shape });
    expect(parseNfeKey(`${REAL}0`)).toEqual({ ok: false, message: NFE_KEY_MESSAGES.shape });
    expect(parseNfeKey(`A${REAL.slice(1)}`)).toEqual({ ok: false, message: NFE_KEY_MESSAGES.shape }); // letters only in the CNPJ
    expect(parseNfeKey(`${REAL.slice(0, 43)}X`)).toEqual({ ok: false, message: NFE_KEY_MESSAGES.shape });
    expect(parseNfeKey(REAL.toLowerCase().replace('5', 'a'))).toEqual({ ok: false, message: NFE_KEY_MESSAGES.shape });
    expect(parseNfeKey(buildNfeKey({ ...splitNfeKey(REAL), cUF: '34' }))).toEqual({ ok: false, message: NFE_KEY_MESSAGES.uf('34') });
    expect(parseNfeKey(buildNfeKey({ ...splitNfeKey(REAL), AAMM: '1713' }))).toEqual({ ok: false, message: NFE_KEY_MESSAGES.month('1713') });
  });

  it('normalises what people paste and formats in groups of 4', () => {
    expect(formatNfeKey(REAL)).toBe('3517 0458 7165 2300 0119 5500 1000 0000 1210 0012 3458');
    expect(normaliseNfeKey(formatNfeKey(REAL))).toBe(REAL);
    expect(normaliseNfeKey(` NFe${REAL} `)).toBe(REAL);
    expect(normaliseNfeKey('3526 0712 abc3 4501 de35 55')).toBeNull();
    const alnum = buildNfeKey({ cUF: '35', AAMM: '2607', document: '12ABC34501DE35', mod: '55', serie: '1', nNF: '1', tpEmis: '1', cNF: '1' });
    expect(normaliseNfeKey(formatNfeKey(alnum).toLowerCase())).toBe(alnum);
  });

  it('puts a CPF emitter as 000 + CPF', () => {
    expect(nfeKeyDocument('12345678909')).toBe('00012345678909');
    expect(nfeKeyDocument('12abc34501de35')).toBe('12ABC34501DE35');
  });

  it('property: a built key validates, splits back into its fields and formats/normalises round trip', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const key = buildNfeKey(f);
        const result = parseNfeKey(key);
        expect(result.ok).toBe(true);
        const { cDV, ...rest } = splitNfeKey(key);
        expect(rest).toEqual({ ...f, document: nfeKeyDocument(f.document) });
        expect(cDV).toBe(nfeKeyCheckDigit(key.slice(0, 43)));
        expect(normaliseNfeKey(formatNfeKey(key))).toBe(key);
      }),
    );
  });

  it('property: any other check digit is refused', () => {
    fc.assert(
      fc.property(fields, fc.integer({ min: 1, max: 9 }), (f, shift) => {
        const key = buildNfeKey(f);
        const other = String((Number(key[43]) + shift) % 10);
        expect(validNfeKey(key.slice(0, 43) + other)).toBe(false);
      }),
    );
  });

  it('property: one changed digit outside the check digit is caught unless the remainders were 0 and 1', () => {
    fc.assert(
      fc.property(fields, fc.integer({ min: 0, max: 42 }), fc.integer({ min: 1, max: 9 }), (f, at, shift) => {
        const key = buildNfeKey(f);
        if (!/\d/.test(key[at])) return;
        const changed = key.slice(0, at) + String((Number(key[at]) + shift) % 10) + key.slice(at + 1);
        const sameDigit = nfeKeyCheckDigit(changed.slice(0, 43)) === key[43];
        // Weights 2…9 are prime to 11, so the remainder always moves; both 0 and 1 give digit 0.
        if (sameDigit) expect(key[43]).toBe('0');
      }),
    );
  });

  it('property: on numeric keys it agrees with @brazilian-utils getNfeKeyInfo about the check digit', () => {
    fc.assert(
      fc.property(fields, fc.integer({ min: 0, max: 9 }), (f, dv) => {
        const numeric = { ...f, document: /^\d+$/.test(f.document) ? f.document : '58716523000119', mod: '55', nNF: f.nNF === '000000000' ? '000000001' : f.nNF, cNF: '48151623' };
        const key = buildNfeKey(numeric).slice(0, 43) + String(dv);
        if (Number(key.slice(35, 43)) === Number(key.slice(25, 34))) return; // the library also refuses cNF = nNF (rule B03-10)
        expect(getNfeKeyInfo(key) !== null).toBe(validNfeKey(key));
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBoletoInfo } from '@brazilian-utils/brazilian-utils/get-boleto-info';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto';
import {
  BOLETO_MESSAGES,
  collectionBarcodeToLine,
  dateToFactor,
  factorToDate,
  formatBoletoLine,
  makeBoletoLine,
  readBoleto,
} from '../../../src/contracts/brazil/boleto';
import { addDays, toEpochDay } from '../../../src/contracts/brazil/businessDays';

const TODAY = '2026-11-23';
// Published sample lines (documentation of Banco do Brasil / @brazilian-utils, Bradesco tutorials).
const BB = '00190000090114971860168524522114675860000102656';
const BRADESCO = '23793381286000782713695000063305975520000370000';
const ARRECADACAO = '846100000005246100291102005460339004695895061080';

/** The digit at `index` changed to another one. */
const bump = (text: string, index: number) => text.slice(0, index) + ((Number(text[index]) + 1) % 10) + text.slice(index + 1);

describe('readBoleto: bank boletos', () => {
  it('reads the Banco do Brasil sample line (valid DVs)', () => {
    expect(isValidBoleto(BB)).toBe(true);
    expect(readBoleto(BB, TODAY)).toEqual({
      ok: true,
      info: {
        kind: 'bank',
        barcode: '00196758600001026560000001149718606852452211',
        line: BB,
        amount: 102656,
        dueDate: '2018-07-15',
        bankCode: '001',
      },
    });
  });

  it('reads the Bradesco sample line, formatted as printed', () => {
    const result = readBoleto('23793.38128 60007.827136 95000.063305 9 75520000370000', TODAY);
    expect(result).toMatchObject({ ok: true, info: { kind: 'bank', bankCode: '237', amount: 370000, dueDate: '2018-06-11', line: BRADESCO } });
  });

  it('converts 44 ↔ 47 both ways', () => {
    const fromLine = readBoleto(BB, TODAY);
    if (!fromLine.ok) throw new Error(fromLine.message);
    const fromBarcode = readBoleto(fromLine.info.barcode, TODAY);
    expect(fromBarcode).toEqual(fromLine);
  });

  it('refuses a wrong DV in each field of the line and in the barcode', () => {
    for (const index of [9, 20, 31, 32]) expect(readBoleto(bump(BB, index), TODAY)).toEqual({ ok: false, message: BOLETO_MESSAGES.line });
    // a changed digit inside a field (the field DV and the general DV no longer match)
    for (const index of [2, 12, 25, 40]) expect(readBoleto(bump(BB, index), TODAY)).toEqual({ ok: false, message: BOLETO_MESSAGES.line });
    const barcode = '00196758600001026560000001149718606852452211';
    expect(readBoleto(bump(barcode, 4), TODAY)).toEqual({ ok: false, message: BOLETO_MESSAGES.barcode });
    expect(readBoleto(bump(barcode, 30), TODAY)).toEqual({ ok: false, message: 'Código de barras inválido: o dígito verificador não confere.' });
  });

  it('refuses empty, short, long and non-digit input', () => {
    for (const input of ['', '   ', '123', BB + '1', BB.slice(0, 46), BB.replace('1', 'a'), '0019O000090114971860168524522114675860000102656']) {
      expect(readBoleto(input, TODAY)).toEqual({ ok: false, message: 'Informe a linha digitável (47 ou 48 dígitos) ou o código de barras (44 dígitos).' });
    }
  });

  it('a published sample with wrong DVs is refused (the library uses it only as a formatting example)', () => {
    const sample = '10491443385511900000200000000141325230000093423';
    expect(isValidBoleto(sample)).toBe(false);
    expect(readBoleto(sample, TODAY).ok).toBe(false);
  });
});

describe('readBoleto: arrecadação (48 digits)', () => {
  it('reads the published sample line and its barcode', () => {
    const result = readBoleto('84610000000-5 24610029110-2 00546033900-4 69589506108-0', TODAY);
    expect(result).toEqual({
      ok: true,
      info: { kind: 'collection', barcode: '84610000000246100291100054603390069589506108', line: ARRECADACAO, amount: 2461, dueDate: null, bankCode: null },
    });
    expect(readBoleto('84610000000246100291100054603390069589506108', TODAY)).toEqual(result);
    expect(getBoletoInfo(ARRECADACAO)?.amount).toBe(2461);
  });

  it('refuses a wrong block DV and a wrong general DV', () => {
    for (const index of [11, 23, 35, 47, 3]) expect(readBoleto(bump(ARRECADACAO, index), TODAY)).toEqual({ ok: false, message: BOLETO_MESSAGES.line });
    expect(readBoleto(bump('84610000000246100291100054603390069589506108', 20), TODAY)).toEqual({ ok: false, message: BOLETO_MESSAGES.barcode });
  });

  it('uses módulo 11 when the 3rd digit is 8 or 9', () => {
    // build a barcode with value identifier 8, general DV by mod 11
    const body = '838' + '00000012345' + '0001' + '0'.repeat(25); // 43 digits, DV goes at index 3
    let line: string | null = null;
    for (let dv = 0; dv <= 9 && !line; dv++) {
      const barcode = body.slice(0, 3) + dv + body.slice(3);
      if (readBoleto(barcode, TODAY).ok) line = collectionBarcodeToLine(barcode);
    }
    expect(line).not.toBeNull();
    const result = readBoleto(line as string, TODAY);
    expect(result).toMatchObject({ ok: true, info: { kind: 'collection', amount: 12345 } });
    expect(isValidBoleto(line as string)).toBe(true);
  });
});

describe('fator de vencimento', () => {
  it('follows the FEBRABAN reset of 22/02/2025', () => {
    expect(factorToDate(1000, '2000-07-10')).toBe('2000-07-03');
    expect(factorToDate(9999, '2025-02-01')).toBe('2025-02-21');
    expect(factorToDate(1000, '2025-03-01')).toBe('2025-02-22');
    expect(factorToDate(1000, TODAY)).toBe('2025-02-22');
    expect(factorToDate(2000, TODAY)).toBe('2027-11-19');
    expect(factorToDate(0, TODAY)).toBeNull();
    expect(dateToFactor('2025-02-21')).toBe(9999);
    expect(dateToFactor('2025-02-22')).toBe(1000);
    expect(dateToFactor('2026-12-10')).toBe(1656);
  });

  it('reads factor 0000 as no due date and amount 0 as null', () => {
    const line = makeBoletoLine({ bankCode: '341', dueDate: null, amount: 0 });
    expect(readBoleto(line, TODAY)).toMatchObject({ ok: true, info: { dueDate: null, amount: null, bankCode: '341' } });
  });
});

describe('formatBoletoLine', () => {
  it('groups 47 and 48 digit lines for display', () => {
    expect(formatBoletoLine(BB)).toBe('00190.00009 01149.718601 68524.522114 6 75860000102656');
    expect(formatBoletoLine(ARRECADACAO)).toBe('84610000000-5 24610029110-2 00546033900-4 69589506108-0');
    expect(formatBoletoLine('123')).toBe('123');
  });
});

describe('makeBoletoLine', () => {
  it('builds a valid line the library also accepts', () => {
    const line = makeBoletoLine({ bankCode: '001', dueDate: '2026-12-10', amount: 123456, freeField: '0000001234567890123456789' });
    expect(line).toHaveLength(47);
    expect(isValidBoleto(line)).toBe(true);
    expect(readBoleto(line, TODAY)).toMatchObject({ ok: true, info: { bankCode: '001', dueDate: '2026-12-10', amount: 123456 } });
  });

  it('property: random valid inputs round-trip through readBoleto (line and barcode)', () => {
    const dates = fc.integer({ min: toEpochDay('2000-07-03'), max: toEpochDay('2049-12-31') }).map((d) => addDays('1970-01-01', d));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-79]\d{2}$/),
        dates,
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.stringMatching(/^\d{25}$/),
        fc.integer({ min: -2000, max: 2000 }),
        (bankCode, dueDate, amount, freeField, offset) => {
          const line = makeBoletoLine({ bankCode, dueDate, amount, freeField });
          const today = addDays(dueDate, offset); // read within ~5 years of the due date
          const result = readBoleto(formatBoletoLine(line), today);
          expect(result).toMatchObject({ ok: true, info: { kind: 'bank', line, bankCode, dueDate, amount: amount || null } });
          if (result.ok) expect(readBoleto(result.info.barcode, today)).toEqual(result);
          expect(isValidBoleto(line)).toBe(true);
        },
      ),
    );
  });

  // Módulo 10 catches every single-digit change in the three fields; the general DV (módulo 11,
  // remainders 0, 1 and 10 all give 1) cannot catch every change of factor or amount.
  it('property: a single changed digit in the fields or the general DV is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9_999_999_999 }), (index, delta, amount) => {
        const line = makeBoletoLine({ bankCode: '104', dueDate: '2026-12-10', amount });
        const changed = line.slice(0, index) + ((Number(line[index]) + delta) % 10) + line.slice(index + 1);
        expect(readBoleto(changed, TODAY).ok).toBe(false);
      }),
    );
  });
});

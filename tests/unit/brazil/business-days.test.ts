import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getHolidays } from '@brazilian-utils/brazilian-utils/get-holidays';
import {
  addDays,
  addMonths,
  dueDateNotice,
  easter,
  holidayName,
  holidaysOf,
  isBusinessDay,
  nextBusinessDay,
  toEpochDay,
} from '../../../src/contracts/brazil/businessDays';

describe('bank holidays', () => {
  it('computes Easter (anonymous Gregorian algorithm) for known years', () => {
    expect(easter(2024)).toBe('2024-03-31');
    expect(easter(2025)).toBe('2025-04-20');
    expect(easter(2026)).toBe('2026-04-05');
    expect(easter(2027)).toBe('2027-03-28');
    expect(easter(2038)).toBe('2038-04-25');
  });

  it('lists the 2026 bank holidays, Carnaval Monday included', () => {
    expect(Object.fromEntries(holidaysOf(2026))).toEqual({
      '2026-01-01': 'Confraternização Universal',
      '2026-02-16': 'Carnaval',
      '2026-02-17': 'Carnaval',
      '2026-04-03': 'Sexta-feira Santa',
      '2026-04-21': 'Tiradentes',
      '2026-05-01': 'Dia do Trabalho',
      '2026-06-04': 'Corpus Christi',
      '2026-09-07': 'Independência do Brasil',
      '2026-10-12': 'Nossa Senhora Aparecida',
      '2026-11-02': 'Finados',
      '2026-11-15': 'Proclamação da República',
      '2026-11-20': 'Dia Nacional de Zumbi e da Consciência Negra',
      '2026-12-25': 'Natal',
    });
  });

  it('knows the movable days of 2025 and 2027', () => {
    expect(holidayName('2025-03-03')).toBe('Carnaval');
    expect(holidayName('2025-03-04')).toBe('Carnaval');
    expect(holidayName('2025-04-18')).toBe('Sexta-feira Santa');
    expect(holidayName('2025-06-19')).toBe('Corpus Christi');
    expect(holidayName('2027-02-08')).toBe('Carnaval');
    expect(holidayName('2027-02-09')).toBe('Carnaval');
    expect(holidayName('2027-03-26')).toBe('Sexta-feira Santa');
    expect(holidayName('2027-05-27')).toBe('Corpus Christi');
    expect(holidayName('2026-02-18')).toBeNull(); // Quarta-feira de Cinzas: banks open at noon
    expect(holidayName('2026-04-05')).toBeNull(); // Easter Sunday is not a bank holiday of its own
  });

  it('has Consciência Negra only from 2024 (Lei 14.759/2023)', () => {
    expect(holidayName('2023-11-20')).toBeNull();
    expect(holidayName('2024-11-20')).toBe('Dia Nacional de Zumbi e da Consciência Negra');
  });

  it('agrees with @brazilian-utils getHolidays except Carnaval Monday (the library lists only Tuesday)', () => {
    for (const year of [2025, 2026, 2027]) {
      const library = getHolidays(year)
        .filter((h) => h.name !== 'Páscoa')
        .map((h) => `${h.date.getFullYear()}-${String(h.date.getMonth() + 1).padStart(2, '0')}-${String(h.date.getDate()).padStart(2, '0')}`);
      const ours = [...holidaysOf(year).keys()];
      const carnavalMonday = addDays(easter(year), -48);
      expect(ours.filter((d) => d !== carnavalMonday)).toEqual(library);
      expect(library).not.toContain(carnavalMonday);
    }
  });
});

describe('business days', () => {
  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-02-16')).toBe(false);
    expect(isBusinessDay('2026-06-04')).toBe(false);
    expect(nextBusinessDay('2026-11-23')).toBe('2026-11-23');
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18'); // Sat, Sun, Carnaval Mon and Tue
    expect(nextBusinessDay('2026-12-25')).toBe('2026-12-28');
    expect(nextBusinessDay('2026-04-03')).toBe('2026-04-06');
    expect(nextBusinessDay('2027-01-01')).toBe('2027-01-04');
  });

  it('adds days and months in UTC, clamping to the end of the month', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('explains a moved due date in Portuguese', () => {
    expect(dueDateNotice('2026-12-25', '2026-12-28')).toBe('25/12/2026 é feriado (Natal): vencimento movido para 28/12/2026.');
    expect(dueDateNotice('2026-11-28', '2026-11-30')).toBe('28/11/2026 é sábado: vencimento movido para 30/11/2026.');
    expect(dueDateNotice('2026-11-29', '2026-11-30')).toBe('29/11/2026 é domingo: vencimento movido para 30/11/2026.');
    expect(dueDateNotice('2026-02-16', '2026-02-18')).toBe('16/02/2026 é feriado (Carnaval): vencimento movido para 18/02/2026.');
    expect(dueDateNotice('2026-11-23', '2026-11-23')).toBeNull();
  });

  it('property: the next business day is one, on or after the date, less than 6 days later', () => {
    const dates = fc.integer({ min: toEpochDay('2000-01-01'), max: toEpochDay('2099-12-31') }).map((d) => addDays('1970-01-01', d));
    fc.assert(
      fc.property(dates, (date) => {
        const next = nextBusinessDay(date);
        const gap = toEpochDay(next) - toEpochDay(date);
        expect(isBusinessDay(next)).toBe(true);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(6);
        for (let i = 0; i < gap; i++) expect(isBusinessDay(addDays(date, i))).toBe(false);
      }),
    );
  });

  it('property: addMonths keeps the day or clamps it to the month end', () => {
    const dates = fc.integer({ min: toEpochDay('2000-01-01'), max: toEpochDay('2090-12-31') }).map((d) => addDays('1970-01-01', d));
    fc.assert(
      fc.property(dates, fc.integer({ min: -120, max: 120 }), (date, n) => {
        const result = addMonths(date, n);
        const [y, m, d] = date.split('-').map(Number);
        const [ry, rm, rd] = result.split('-').map(Number);
        expect(ry * 12 + rm - (y * 12 + m)).toBe(n);
        expect(rd === d || (rd < d && addDays(result, 1).slice(8) === '01')).toBe(true);
      }),
    );
  });
});

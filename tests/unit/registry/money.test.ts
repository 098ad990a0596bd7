import { describe, expect, it } from 'vitest';
import { formatInteger, formatMoney, formatPercent, formatScaled, moneyInputText, parseMoney, parsePercent } from '../../../src/core/format/money';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money (integer centavos, no floating point)', () => {
  it('parses pt-BR text digit by digit', () => {
    expect(parseMoney('1.234.567,89')).toBe(123456789);
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('R$\u00a01.234,5')).toBe(123450);
    expect(parseMoney('0,07')).toBe(7);
    expect(parseMoney(',5')).toBe(50);
    expect(parseMoney('1234')).toBe(123400);
    expect(parseMoney('-1.234,56')).toBe(-123456);
    expect(parseMoney('(10,00)')).toBe(-1000);
    expect(parseMoney('0,10')).toBe(10);
    // 0.1 + 0.2 style traps
    expect(parseMoney('0,29')).toBe(29);
    expect(parseMoney('1,13')).toBe(113);
    expect(parseMoney('4,35')).toBe(435);
    expect(parseMoney('90.071.992.547.409,91')).toBe(9007199254740991);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,234', '1,2,3', '12a', 'R$', '-', '1.234,5x', '99.999.999.999.999.999,00']) expect(parseMoney(bad), bad).toBeNull();
  });

  it('formats with Intl pt-BR BRL', () => {
    expect(nbsp(formatMoney(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatMoney(123456789))).toBe('R$ 1.234.567,89');
    expect(nbsp(formatMoney(5))).toBe('R$ 0,05');
    expect(nbsp(formatMoney(-50))).toBe('-R$ 0,50');
    expect(nbsp(formatMoney(0))).toBe('R$ 0,00');
    expect(nbsp(formatMoney(9007199254740991))).toBe('R$ 90.071.992.547.409,91');
    expect(formatMoney(123456)).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1234.56));
  });

  it('round-trips many values exactly (property loop)', () => {
    let seed = 20250626;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 123456789, 9007199254740991, -1, -99, -123456];
    for (let i = 0; i < 5000; i++) {
      const digits = 1 + (random() % 16);
      let value = 0;
      for (let d = 0; d < digits; d++) value = value * 10 + (random() % 10);
      if (!Number.isSafeInteger(value)) continue;
      values.push(random() % 2 || value === 0 ? value : -value);
    }
    for (const value of values) {
      expect(parseMoney(formatMoney(value)), String(value)).toBe(value);
      expect(parseMoney(moneyInputText(value)), String(value)).toBe(value);
      expect(parseMoney(formatScaled(value)), String(value)).toBe(value);
    }
  });

  it('percent is basis points', () => {
    expect(parsePercent('12,34')).toBe(1234);
    expect(parsePercent('12,34%')).toBe(1234);
    expect(parsePercent('100')).toBe(10000);
    expect(formatPercent(1234)).toBe('12,34%');
    expect(formatPercent(5)).toBe('0,05%');
  });
});

describe('integers with pt-BR thousands dots, without Intl', () => {
  it('print as Intl pt-BR prints them, negatives and BigInt too', () => {
    const intl = new Intl.NumberFormat('pt-BR');
    for (const value of [0, 7, 12, 999, 1000, 1234, 12345, 100000, 999999, 1000000, 1234567, 90071992547409, Number.MAX_SAFE_INTEGER, -1, -1234, -1234567]) {
      expect(formatInteger(value), String(value)).toBe(intl.format(value));
    }
    expect(formatInteger(12345678901234567890n)).toBe('12.345.678.901.234.567.890');
    expect(formatInteger(-1000n)).toBe('-1.000');
    expect(formatInteger(12.9)).toBe('12');
  });
});

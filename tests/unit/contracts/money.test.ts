/** Centavo-exact money arithmetic shared by the server (stored totals) and the forms. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centavosFromDecimal, lineAmount, MAX_CENTAVOS, splitAmount, sumAmounts } from '../../../src/contracts/money';
import { orderTotal } from '../../../src/contracts/resources/orders';

describe('splitAmount', () => {
  it('splits R$ 100,00 in 3 as 33,34 + 33,33 + 33,33, never 99,99', () => {
    expect(splitAmount(10_000, 3)).toEqual([3334, 3333, 3333]);
  });

  it('always adds up to the whole, in equal parts or by weights, negative amounts too', () => {
    for (const total of [1, 2, 99, 10_001, 123_456_789, -10_000, 0]) {
      for (const parts of [1, 2, 3, 7, 12]) {
        const split = splitAmount(total, parts);
        expect(split).toHaveLength(parts);
        expect(sumAmounts(split)).toBe(total);
        expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
      }
    }
    const byPercent = splitAmount(100_00, [3333, 3333, 3334]);
    expect(sumAmounts(byPercent)).toBe(100_00);
    expect(splitAmount(1000, [1, 0, 1])).toEqual([500, 0, 500]);
  });

  it('refuses fractions of a centavo and empty weights', () => {
    expect(() => splitAmount(10.5, 2)).toThrow(RangeError);
    expect(() => splitAmount(100, [0, 0])).toThrow(RangeError);
    expect(() => splitAmount(100, [])).toThrow(RangeError);
  });
});

describe('line amounts and the pedido total', () => {
  it('multiplies integers only and sums exactly', () => {
    expect(lineAmount(3, 1999)).toBe(5997);
    expect(lineAmount(2.5, 100)).toBeNull();
    expect(lineAmount(undefined, 100)).toBeNull();
    expect(sumAmounts([1, null, 2, undefined])).toBe(3);
    // 0,1 + 0,2 in centavos is exactly 0,3.
    expect(sumAmounts([10, 20])).toBe(30);
  });

  it('computes the pedido total from its lines, ignoring incomplete ones', () => {
    expect(orderTotal({ lines: [{ quantity: 3, unitPrice: 1999 }, { quantity: 1, unitPrice: 45_000 }, { quantity: null, unitPrice: 10 }] })).toBe(3 * 1999 + 45_000);
    expect(orderTotal({})).toBe(0);
  });
});

describe('centavosFromDecimal (machine-written decimals: XML, bank files)', () => {
  it('reads plain decimals exactly', () => {
    expect(centavosFromDecimal('1264.80')).toBe(126480);
    expect(centavosFromDecimal('0.07')).toBe(7);
    expect(centavosFromDecimal('15')).toBe(1500);
    expect(centavosFromDecimal('15.5')).toBe(1550);
    expect(centavosFromDecimal('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(centavosFromDecimal('90000000000000.00')).toBe(MAX_CENTAVOS);
  });

  it('refuses what is not a plain non-negative decimal with up to 2 places, or beyond the limit', () => {
    for (const text of ['', '1,00', '-1.00', '+1', '1.234', '1e3', ' 1.00', '1.', '.5', '90000000000000.01', '9999999999999999']) {
      expect(centavosFromDecimal(text), text).toBeNull();
    }
  });

  it('property: the decimal of any amount within the limit reads back to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (amount) => {
        const text = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
        expect(centavosFromDecimal(text)).toBe(amount);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isBusinessDay, toEpochDay } from '../../../src/contracts/brazil/businessDays';
import { formatMoney } from '../../../src/contracts/money';
import {
  allocationSumError,
  buildInstallments,
  installmentsSumError,
  parsePaymentCondition,
  splitByPercent,
  type PaymentCondition,
} from '../../../src/contracts/paymentTerms';

/** Intl prints a no-break space after R$; messages compared with a plain one. */
const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

const UNKNOWN = 'Condição de pagamento não reconhecida. Exemplos: "30/60/90", "10x", "entrada + 5x", "à vista".';

describe('parsePaymentCondition', () => {
  it('reads the usual ways of writing a condition', () => {
    expect(parsePaymentCondition('à vista')).toEqual({ ok: true, condition: { days: [0] } });
    expect(parsePaymentCondition('  A VISTA ')).toEqual({ ok: true, condition: { days: [0] } });
    expect(parsePaymentCondition('30/60/90')).toEqual({ ok: true, condition: { days: [30, 60, 90] } });
    expect(parsePaymentCondition('30 60 90')).toEqual({ ok: true, condition: { days: [30, 60, 90] } });
    expect(parsePaymentCondition('0 / 30 / 60 dias')).toEqual({ ok: true, condition: { days: [0, 30, 60] } });
    expect(parsePaymentCondition('28')).toEqual({ ok: true, condition: { days: [28] } });
    expect(parsePaymentCondition('10x')).toEqual({ ok: true, condition: { count: 10, intervalMonths: 1, entry: false } });
    expect(parsePaymentCondition('3 Vezes')).toEqual({ ok: true, condition: { count: 3, intervalMonths: 1, entry: false } });
    expect(parsePaymentCondition('Entrada + 5x')).toEqual({ ok: true, condition: { count: 5, intervalMonths: 1, entry: true } });
    expect(parsePaymentCondition('entrada+5')).toEqual({ ok: true, condition: { count: 5, intervalMonths: 1, entry: true } });
  });

  it('refuses what it does not understand or what is out of limits', () => {
    for (const text of ['', 'boleto', '30-abc', 'x10', '10xx', '30//60']) expect(parsePaymentCondition(text)).toEqual({ ok: false, message: UNKNOWN });
    expect(parsePaymentCondition('0x')).toEqual({ ok: false, message: 'A condição de pagamento deve ter de 1 a 120 parcelas.' });
    expect(parsePaymentCondition('121x')).toMatchObject({ ok: false, message: 'A condição de pagamento deve ter de 1 a 120 parcelas.' });
    expect(parsePaymentCondition('entrada + 120x')).toMatchObject({ ok: false });
    expect(parsePaymentCondition('entrada + 119x')).toMatchObject({ ok: true });
    expect(parsePaymentCondition('30/3651')).toEqual({ ok: false, message: 'Os prazos devem ficar entre 0 e 3650 dias.' });
    expect(parsePaymentCondition('60/30')).toEqual({ ok: false, message: 'Os prazos devem ser crescentes, sem repetição (ex.: "30/60/90").' });
    expect(parsePaymentCondition('30/30')).toMatchObject({ ok: false });
    expect(parsePaymentCondition(Array.from({ length: 121 }, (_, i) => i).join('/'))).toMatchObject({ ok: false });
  });

  it('does not hang on long garbage', () => {
    const started = Date.now();
    expect(parsePaymentCondition(`${'1'.repeat(5000)}x!`).ok).toBe(false);
    expect(parsePaymentCondition(`${'1 '.repeat(5000)}!`).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('buildInstallments', () => {
  it('30/60/90 from 2026-11-23, moved off weekends and holidays', () => {
    const condition = { days: [30, 60, 90] };
    expect(buildInstallments({ total: 100000, condition, startDate: '2026-11-23' })).toEqual([
      { number: 1, originalDueDate: '2026-12-23', dueDate: '2026-12-23', amount: 33334, notice: null },
      { number: 2, originalDueDate: '2027-01-22', dueDate: '2027-01-22', amount: 33333, notice: null },
      { number: 3, originalDueDate: '2027-02-21', dueDate: '2027-02-22', amount: 33333, notice: '21/02/2027 é domingo: vencimento movido para 22/02/2027.' },
    ]);
  });

  it('entrada + 3x: the entrada on the start date, then monthly, clamping to the month end', () => {
    const parsed = parsePaymentCondition('entrada + 3x');
    if (!parsed.ok) throw new Error(parsed.message);
    const installments = buildInstallments({ total: 1000, condition: parsed.condition, startDate: '2026-10-30' });
    expect(installments.map((i) => [i.originalDueDate, i.dueDate, i.amount])).toEqual([
      ['2026-10-30', '2026-10-30', 250],
      ['2026-11-30', '2026-11-30', 250],
      ['2026-12-30', '2026-12-30', 250],
      ['2027-01-30', '2027-02-01', 250],
    ]);
    expect(installments[3].notice).toBe('30/01/2027 é sábado: vencimento movido para 01/02/2027.');
  });

  it('a parcela on Christmas moves with a notice', () => {
    const [first] = buildInstallments({ total: 5000, condition: { days: [32] }, startDate: '2026-11-23' });
    expect(first).toEqual({ number: 1, originalDueDate: '2026-12-25', dueDate: '2026-12-28', amount: 5000, notice: '25/12/2026 é feriado (Natal): vencimento movido para 28/12/2026.' });
  });

  it('monthly from 31/01 clamps to the end of February', () => {
    const dates = buildInstallments({ total: 300, condition: { count: 3, intervalMonths: 1, entry: false }, startDate: '2027-01-31' }).map((i) => i.originalDueDate);
    expect(dates).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('property: amounts add up to the total, differ by at most 1 centavo, due dates are business days < 6 days later', () => {
    const conditions: fc.Arbitrary<PaymentCondition> = fc.oneof(
      fc.record({ count: fc.integer({ min: 1, max: 120 }), intervalMonths: fc.constant(1), entry: fc.boolean() }).filter((c) => c.count + (c.entry ? 1 : 0) <= 120),
      fc.uniqueArray(fc.integer({ min: 0, max: 3650 }), { minLength: 1, maxLength: 120 }).map((days) => ({ days: days.sort((a, b) => a - b) })),
    );
    const starts = fc.integer({ min: toEpochDay('2024-01-01'), max: toEpochDay('2030-12-31') }).map((d) => addDays('1970-01-01', d));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), conditions, starts, (total, condition, startDate) => {
        const installments = buildInstallments({ total, condition, startDate });
        const count = 'days' in condition ? condition.days.length : condition.count + (condition.entry ? 1 : 0);
        expect(installments).toHaveLength(count);
        const amounts = installments.map((i) => i.amount);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect(installmentsSumError(total, amounts)).toBeNull();
        for (const installment of installments) {
          expect(installment.amount).toBeGreaterThanOrEqual(0);
          expect(isBusinessDay(installment.dueDate)).toBe(true);
          const gap = toEpochDay(installment.dueDate) - toEpochDay(installment.originalDueDate);
          expect(gap).toBeGreaterThanOrEqual(0);
          expect(gap).toBeLessThan(6);
          expect(installment.notice === null).toBe(gap === 0);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('sum checks and rateio', () => {
  it('formats money for messages (pt-BR, BigInt parts)', () => {
    expect(plain(formatMoney(100000))).toBe('R$ 1.000,00');
    expect(plain(formatMoney(7))).toBe('R$ 0,07');
    expect(plain(formatMoney(-123456))).toBe('-R$ 1.234,56');
    expect(plain(formatMoney(900719925474099))).toBe('R$ 9.007.199.254.740,99');
  });

  it('says how far the parcelas are from the total', () => {
    expect(plain(installmentsSumError(100000, [45000, 45000]))).toBe('A soma das parcelas (R$ 900,00) difere do total (R$ 1.000,00) em R$ 100,00.');
    expect(plain(installmentsSumError(100000, [60000, 50000]))).toBe('A soma das parcelas (R$ 1.100,00) difere do total (R$ 1.000,00) em R$ 100,00.');
    expect(installmentsSumError(100000, [50000, 50000])).toBeNull();
  });

  it('says how far the rateio is from the total', () => {
    expect(plain(allocationSumError(100000, [30000, 69999]))).toBe('O rateio (R$ 999,99) não fecha com o total (R$ 1.000,00): diferença de R$ 0,01.');
    expect(allocationSumError(100000, [30000, 70000])).toBeNull();
  });

  it('splits by percent (basis points) and refuses percentages not adding to 100%', () => {
    expect(splitByPercent(100000, [3333, 3333, 3334])).toEqual({ ok: true, amounts: [33330, 33330, 33340] });
    expect(splitByPercent(100, [3333, 3333, 3334])).toEqual({ ok: true, amounts: [34, 33, 33] });
    expect(splitByPercent(100000, [5000, 4000])).toEqual({ ok: false, message: 'Os percentuais do rateio devem somar 100%.' });
    expect(splitByPercent(100000, [])).toMatchObject({ ok: false });
    expect(splitByPercent(100000, [11000, -1000])).toMatchObject({ ok: false });
  });

  it('property: splitByPercent always adds up to the total', () => {
    const weights = fc.array(fc.integer({ min: 0, max: 10000 }), { minLength: 1, maxLength: 30 }).filter((w) => w.some((x) => x > 0));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), weights, (total, raw) => {
        // scale arbitrary weights to basis points adding to exactly 10000
        const basis = raw.map((w) => Math.floor((w * 10000) / raw.reduce((a, b) => a + b, 0)));
        basis[basis.findIndex((w) => w > 0)] += 10000 - basis.reduce((a, b) => a + b, 0);
        const result = splitByPercent(total, basis);
        if (!result.ok) throw new Error(result.message);
        expect(result.amounts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(result.amounts.every((a) => a >= 0)).toBe(true);
        expect(allocationSumError(total, result.amounts)).toBeNull();
      }),
    );
  });
});

/**
 * The conciliação's suggestions (server/finance/reconciliationMatch.ts, pure): after 1:1 and 1:N,
 * N:1 — two to four lines of one direction within ±3 days of a baixa adding up to it to the centavo.
 */
import { describe, expect, it } from 'vitest';
import { suggestMatches, type MatchLine, type MatchSettlement } from '../../../server/finance/reconciliationMatch';

const line = (id: string, postedOn: string, amount: number): MatchLine => ({ id, postedOn, amount, memo: null, name: null, checkNumber: null });
const baixa = (id: string, paidOn: string, amount: number): MatchSettlement => ({ id, paidOn, amount, documentNumber: null });

describe('suggestMatches N:1', () => {
  it('suggests the lines the bank split one payment into (two, three, four), after 1:1 and 1:N', () => {
    const lines = [
      line('a1', '2026-11-10', -600000),
      line('a2', '2026-11-11', -400000),
      line('b1', '2026-11-12', 100000),
      line('b2', '2026-11-12', 150000),
      line('b3', '2026-11-13', 50000),
      line('c1', '2026-11-20', -1000),
      line('c2', '2026-11-20', -2000),
      line('c3', '2026-11-21', -3000),
      line('c4', '2026-11-22', -4000),
      line('d1', '2026-11-25', -7000),
    ];
    const settlements = [
      baixa('A', '2026-11-10', -1000000), // a 10.000,00 parcela paid as 6.000 + 4.000
      baixa('B', '2026-11-12', 300000), // a receipt that came as three credits
      baixa('C', '2026-11-21', -10000), // four debits
      baixa('D', '2026-11-25', -7000), // 1:1 first
    ];
    expect(suggestMatches(lines, settlements)).toEqual([
      { lineId: 'd1', settlementIds: ['D'], reason: 'amountDate' },
      { lineId: 'a1', lineIds: ['a1', 'a2'], settlementIds: ['A'], reason: 'split' },
      { lineId: 'b1', lineIds: ['b1', 'b2', 'b3'], settlementIds: ['B'], reason: 'split' },
      { lineId: 'c1', lineIds: ['c1', 'c2', 'c3', 'c4'], settlementIds: ['C'], reason: 'split' },
    ]);
  });

  it('never mixes directions, leaves the ±3-day window, adds up off by a centavo or uses a line twice', () => {
    expect(suggestMatches([line('x1', '2026-11-10', -5000), line('x2', '2026-11-10', 10000)], [baixa('X', '2026-11-10', 5000)])).toEqual([]);
    expect(suggestMatches([line('y1', '2026-11-01', -5000), line('y2', '2026-11-10', -5000)], [baixa('Y', '2026-11-05', -10000)])).toEqual([]);
    expect(suggestMatches([line('z1', '2026-11-10', -5000), line('z2', '2026-11-10', -4999)], [baixa('Z', '2026-11-10', -10000)])).toEqual([]);
    // Two baixas of 100,00 and three lines of 50,00: one group, the third line stays open.
    const found = suggestMatches([line('w1', '2026-11-10', -5000), line('w2', '2026-11-10', -5000), line('w3', '2026-11-10', -5000)], [baixa('W1', '2026-11-10', -10000), baixa('W2', '2026-11-11', -10000)]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ reason: 'split', settlementIds: ['W1'] });
    expect(found[0].lineIds).toHaveLength(2);
    // Five lines adding up: more than four is not looked for.
    expect(suggestMatches(['1', '2', '3', '4', '5'].map((n) => line(`v${n}`, '2026-11-10', -1000)), [baixa('V', '2026-11-10', -5000)])).toEqual([]);
  });

  it('tries 1:N for every line before N:1 takes the lines left', () => {
    // L is two baixas (1:N); L + M would also be S (N:1), but L is taken first and M alone is not S.
    const found = suggestMatches([line('L', '2026-11-10', -30000), line('M', '2026-11-10', -10001)], [baixa('s1', '2026-11-10', -20000), baixa('s2', '2026-11-10', -10000), baixa('S', '2026-11-10', -40001)]);
    expect(found).toEqual([{ lineId: 'L', settlementIds: ['s1', 's2'], reason: 'sum' }]);
  });
});

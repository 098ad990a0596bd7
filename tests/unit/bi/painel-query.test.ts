/** The painéis' filters in the address: a change of one keeps the other; the default basis is never written. */
import { describe, expect, it } from 'vitest';
import { withPainelQuery } from '../../../src/modules/bi/dashboards/painelQuery';
import { basisParam } from '../../../src/modules/bi/dashboards/BasisPicker';
import { dreReport } from '../../../src/modules/bi/dashboards/links';

describe('painel query', () => {
  it('keeps the year when the basis changes and the basis when the year changes, dropping anything else', () => {
    expect(withPainelQuery('/bi/dashboards/dre2', new URLSearchParams('year=2027&drill=x'), { basis: 'due' })).toBe('/bi/dashboards/dre2?year=2027&basis=due');
    expect(withPainelQuery('/bi/dashboards/dre2', new URLSearchParams('basis=paid'), { year: '2025' })).toBe('/bi/dashboards/dre2?year=2025&basis=paid');
    expect(withPainelQuery('/bi/dashboards/dre1', new URLSearchParams('year=2027&basis=due'), {})).toBe('/bi/dashboards/dre1?year=2027&basis=due');
  });

  it('writes no basis for competência (the default): the addresses and drill links read as before', () => {
    expect(basisParam('competence')).toBeUndefined();
    expect(withPainelQuery('/bi/dashboards/dre', new URLSearchParams('year=2026&basis=due'), { basis: basisParam('competence') })).toBe('/bi/dashboards/dre?year=2026');
    expect(dreReport(2026, { drill: 'netIncome@0', basis: basisParam('competence') })).toBe('/bi/relatorios/dre?year=2026&drill=netIncome%400');
    expect(dreReport(2026, { drill: 'netIncome@0', basis: basisParam('paid') })).toBe('/bi/relatorios/dre?year=2026&drill=netIncome%400&basis=paid');
  });
});

import { getStates } from '@brazilian-utils/brazilian-utils/get-states';
import { describe, expect, it } from 'vitest';
import { DRE_LINES, dreTotals, EXPENSE_DRE_LINES, REVENUE_DRE_LINES, SUBTOTAL_DRE_LINES, UF_CODES, UF_NAMES, ufOfIbgeCode } from '../../../src/contracts/brazil';
import { officialBanks } from '../../../src/contracts/brazil/banks';
import { municipalitiesOf, municipalityByCode, municipalityByName } from '../../../src/contracts/brazil/municipalities';

describe('UFs', () => {
  it('are the 27 of the IBGE list', () => {
    expect(UF_CODES).toHaveLength(27);
    expect([...UF_CODES].sort()).toEqual(getStates().map((s) => s.code).sort());
    expect(UF_NAMES.SP).toBe('São Paulo');
    expect(ufOfIbgeCode('3550308')).toBe('SP');
    expect(ufOfIbgeCode('5300108')).toBe('DF');
    expect(ufOfIbgeCode('9900000')).toBeNull();
  });
});

describe('IBGE municipalities (shipped)', () => {
  it('lists a UF and finds by code and name', () => {
    expect(municipalitiesOf('SP')).toHaveLength(645);
    expect(municipalitiesOf('DF')).toEqual([{ code: '5300108', name: 'Brasília', uf: 'DF' }]);
    expect(municipalityByCode('3304557')).toEqual({ code: '3304557', name: 'Rio de Janeiro', uf: 'RJ' });
    expect(municipalityByName('SP', 'sao  paulo')?.code).toBe('3550308');
  });
});

describe('official bank list', () => {
  it('comes from the package, with COMPE code and ISPB', () => {
    const banks = officialBanks();
    expect(banks.length).toBeGreaterThan(300);
    expect(banks.find((b) => b.code === '001')).toEqual({ code: '001', ispb: '00000000', name: 'Banco do Brasil S.A.' });
    expect(banks.find((b) => b.code === '341')?.ispb).toBe('60701190');
    for (const bank of banks) {
      expect(bank.code).toMatch(/^\d{3}$/);
      expect(bank.ispb).toMatch(/^\d{8}$/);
    }
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });
});

describe('DRE skeleton', () => {
  it('has the ten lines of DOMAIN.md in order', () => {
    expect(DRE_LINES.map((l) => l.label)).toEqual([
      'Receita bruta', 'Deduções', 'Receita líquida', 'Custos', 'Lucro bruto', 'Despesas operacionais', 'EBITDA', 'Resultado financeiro', 'IR/CSLL', 'Lucro líquido',
    ]);
    expect(SUBTOTAL_DRE_LINES).toEqual(['netRevenue', 'grossProfit', 'ebitda', 'netIncome']);
    for (const line of [...REVENUE_DRE_LINES, ...EXPENSE_DRE_LINES]) expect(SUBTOTAL_DRE_LINES as readonly string[]).not.toContain(line);
  });

  it('computes the subtotals in centavos', () => {
    const dre = dreTotals({ grossRevenue: 1_000_000, deductions: 100_000, costs: 300_000, operatingExpenses: 200_000, financialResult: -50_000, incomeTax: 70_000 });
    expect(dre.netRevenue).toBe(900_000);
    expect(dre.grossProfit).toBe(600_000);
    expect(dre.ebitda).toBe(400_000);
    expect(dre.netIncome).toBe(280_000);
    expect(dreTotals({}).netIncome).toBe(0);
  });
});

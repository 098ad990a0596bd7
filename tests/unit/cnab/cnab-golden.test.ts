/**
 * Golden files per bank overlay (tests/unit/cnab/golden/<layout>.rem): one payment of every forma,
 * fictitious parties with computed check digits. A change to a layout shows up as a diff of these
 * files, reviewed like code; the bank-specific positions are asserted here too.
 */
import { describe, expect, it } from 'vitest';
import { CNAB_LAYOUTS } from '../../../src/contracts/resources/bankAccountAgreements.js';
import { layoutFor } from '../../../server/finance/cnab/overlays.js';
import { buildRemittanceFile } from '../../../server/finance/cnab/remittanceFile.js';
import { splitLines } from '../../../server/finance/cnab/returnFile.js';
import { company, sampleOrders } from './fixtures.js';

const BANKS: Record<string, [string, string, string]> = {
  febraban240: ['341', 'BANCO EXEMPLO', 'CONV0001'],
  itau240: ['341', 'BANCO ITAU SA', ''],
  bradesco240: ['237', 'BANCO BRADESCO SA', '0000123456'],
  bb240: ['001', 'BANCO DO BRASIL SA', '123456789'],
  santander240: ['033', 'BANCO SANTANDER SA', '0033000012345678'],
  caixa240: ['104', 'CAIXA ECONOMICA FEDERAL', '654321'],
  sicoob240: ['756', 'SICOOB', '123456'],
};

const slice = (line: string, at: number, len: number) => line.slice(at - 1, at - 1 + len);

function golden(name: (typeof CNAB_LAYOUTS)[number]) {
  const [code, bank, agreement] = BANKS[name];
  return buildRemittanceFile({ layout: layoutFor(name), company: company(code, bank), agreementCode: agreement, fileSequence: 42, generatedOn: '2026-11-27', generatedAt: '083000', orders: sampleOrders(code) }).text;
}

describe('golden remessa per overlay', () => {
  it.each(CNAB_LAYOUTS)('%s', async (name) => {
    await expect(golden(name)).toMatchFileSnapshot(`./golden/${name}.rem`);
  });

  it('Itaú SISPAG: layout 081 at 15–17, no convênio, agência/conta "AAAAA CCCCCCCCCCCC D", REA, favorecido in A 204–217', () => {
    const lines = splitLines(golden('itau240'));
    expect(slice(lines[0], 15, 3)).toBe('081');
    expect(slice(lines[0], 33, 20)).toBe(' '.repeat(20));
    expect(slice(lines[0], 53, 20)).toBe('01234 000000067890 1');
    const a = lines.find((l) => l[13] === 'A')!;
    expect(slice(a, 102, 3)).toBe('REA');
    expect(slice(a, 29, 1)).toBe(' ');
    expect(slice(a, 204, 14)).toMatch(/^\d{14}$/);
    expect(slice(lines[1], 14, 3)).toBe('045');
  });

  it('Banco do Brasil: convênio of 9 digits then 0126', () => {
    const lines = splitLines(golden('bb240'));
    expect(slice(lines[0], 33, 13)).toBe('1234567890126');
    expect(slice(lines[1], 33, 13)).toBe('1234567890126');
    expect(slice(lines[1], 14, 3)).toBe('031');
  });

  it('Caixa: convênio of 6 digits, compromisso 01/0001', () => {
    const lines = splitLines(golden('caixa240'));
    expect(slice(lines[0], 33, 12)).toBe('654321010001');
    expect(slice(lines[0], 164, 3)).toBe('080');
  });

  it('Bradesco, Santander, Sicoob: their layout versions', () => {
    expect(slice(splitLines(golden('bradesco240'))[0], 164, 3)).toBe('089');
    expect(slice(splitLines(golden('santander240'))[0], 164, 3)).toBe('060');
    expect(slice(splitLines(golden('sicoob240'))[0], 164, 3)).toBe('081');
  });
});

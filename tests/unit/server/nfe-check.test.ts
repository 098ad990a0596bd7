import { describe, expect, it } from 'vitest';
import { buildNfeKey, formatNfeKey, NFE_KEY_MESSAGES } from '../../../src/contracts/brazil/nfeKey';
import { checkNfe, importNfe, KEY_FIELD_LABELS, NFE_MESSAGES, readNfe, type Nfe } from '../../../server/supply/nfe/index';
import { buildNfeXml, COMPANIES, fixtureKey, manyItems, nfeFixture, type NfeFixture } from '../../fixtures/nfe/build';

function read(fixture: NfeFixture): Nfe {
  const result = readNfe(new TextEncoder().encode(buildNfeXml(fixture)));
  if (!result.ok) throw new Error(result.message);
  return result.nfe;
}
/** Every problem checkNfe finds in the file of this fixture. */
const problems = (fixture: NfeFixture) => {
  const result = checkNfe(read(fixture));
  return result.ok ? [] : result.problems;
};
const good = nfeFixture();
const goodKey = fixtureKey(good);
/** The good key with some of its fields replaced (cDV recomputed: a well-formed key of another note). */
const otherKey = (fields: Partial<Parameters<typeof buildNfeKey>[0]>) =>
  buildNfeKey({ cUF: '35', AAMM: '2607', document: COMPANIES.supplier.CNPJ, mod: '55', serie: '1', nNF: '4321', tpEmis: '1', cNF: '48151623', ...fields });

describe('checkNfe: good files pass', () => {
  it('the default fixture, an alphanumeric-CNPJ emitter, a CPF emitter, a 500-item file', () => {
    expect(otherKey({})).toBe(goodKey);
    expect(problems(good)).toEqual([]);
    expect(problems(nfeFixture({ emit: COMPANIES.alphanumericSupplier }))).toEqual([]);
    expect(problems(nfeFixture({ emit: { CPF: '12345678909', xNome: 'Produtor Rural Fictício' } }))).toEqual([]);
    expect(problems(nfeFixture({ items: manyItems(500) }))).toEqual([]);
  });

  it('accepts cStat 150 (authorised late) and a file without cobr', () => {
    expect(problems(nfeFixture({ protocol: { cStat: '150', xMotivo: 'Autorizado o uso da NF-e, autorização fora de prazo' } }))).toEqual([]);
    expect(problems(nfeFixture({ cobr: null }))).toEqual([]);
  });

  it('importNfe reads and checks in one call', () => {
    const result = importNfe(new TextEncoder().encode(buildNfeXml(good)));
    expect(result.ok && result.nfe.chave).toBe(goodKey);
    const bad = importNfe(new TextEncoder().encode(buildNfeXml(nfeFixture({ protocol: null }))));
    expect(bad).toEqual({ ok: false, message: NFE_MESSAGES.noProtocol, problems: [NFE_MESSAGES.noProtocol] });
    expect(importNfe(new TextEncoder().encode('<x'))).toMatchObject({ ok: false, problems: [expect.stringMatching(/^O arquivo não é um XML bem formado/)] });
  });
});

describe('checkNfe: the authorisation', () => {
  it('refuses a bare NFe (no protocol)', () => {
    expect(problems(nfeFixture({ protocol: null }))).toEqual([NFE_MESSAGES.noProtocol]);
  });

  it('refuses a protocol other than authorised, showing the status', () => {
    const denied = problems(nfeFixture({ protocol: { cStat: '302', xMotivo: 'Uso Denegado: Irregularidade fiscal do destinatário' } }));
    expect(denied).toEqual([NFE_MESSAGES.notAuthorised('302', 'Uso Denegado: Irregularidade fiscal do destinatário')]);
    expect(denied[0]).toBe(
      'A NF-e não está autorizada: o protocolo traz a situação 302 (Uso Denegado: Irregularidade fiscal do destinatário); só 100 (autorizado o uso) e 150 (autorizado fora de prazo) são aceitas.',
    );
  });

  it('refuses a protocol of another chave', () => {
    const other = otherKey({ nNF: '4322' });
    expect(problems(nfeFixture({ protocol: { chNFe: other } }))).toEqual([NFE_MESSAGES.protocolKey(other, goodKey)]);
    expect(NFE_MESSAGES.protocolKey(other, goodKey)).toContain(formatNfeKey(other));
  });
});

describe('checkNfe: the chave', () => {
  it('refuses a wrong check digit', () => {
    const wrong = goodKey.slice(0, 43) + String((Number(goodKey[43]) + 1) % 10);
    const found = problems(nfeFixture({ chave: wrong, protocol: { chNFe: wrong } }));
    expect(found).toEqual([NFE_KEY_MESSAGES.checkDigit(wrong[43], goodKey[43])]);
  });

  it('refuses a chave whose fields do not match ide and emit, naming each field', () => {
    const cases: [Partial<Parameters<typeof buildNfeKey>[0]>, keyof typeof KEY_FIELD_LABELS, string, string][] = [
      [{ serie: '2' }, 'serie', '002', '1'],
      [{ nNF: '4322' }, 'nNF', '000004322', '4321'],
      [{ AAMM: '2606' }, 'AAMM', '2606', '2026-07'],
      [{ cUF: '41' }, 'cUF', '41', '35'],
      [{ document: COMPANIES.otherBuyer.CNPJ }, 'document', COMPANIES.otherBuyer.CNPJ, COMPANIES.supplier.CNPJ],
      [{ tpEmis: '9' }, 'tpEmis', '9', '1'],
      [{ cNF: '12345678' }, 'cNF', '12345678', '48151623'],
    ];
    for (const [fields, label, inKey, inNote] of cases) {
      const chave = otherKey(fields);
      const found = problems(nfeFixture({ chave, protocol: { chNFe: chave } }));
      // The fixture writes ide/cDV from the chave it is given, so only the bent field differs.
      expect(found).toEqual([NFE_MESSAGES.keyField(KEY_FIELD_LABELS[label], inKey, inNote)]);
    }
    expect(NFE_MESSAGES.keyField(KEY_FIELD_LABELS.serie, '002', '1')).toBe('A chave de acesso não confere com a nota: série 002 na chave, 1 na nota.');
  });

  it('refuses an ide/cDV that is not the chave’s', () => {
    const cDV = String((Number(goodKey[43]) + 1) % 10);
    expect(problems(nfeFixture({ ide: { ...good.ide, cDV } }))).toEqual([NFE_MESSAGES.keyField(KEY_FIELD_LABELS.cDV, goodKey[43], cDV)]);
  });

  it('refuses an NF-e of the homologação (test) environment', () => {
    expect(problems(nfeFixture({ ide: { ...good.ide, tpAmb: '2' } }))).toEqual([NFE_MESSAGES.homologation]);
  });

  it('refuses an NFC-e (modelo 65)', () => {
    expect(problems(nfeFixture({ ide: { ...good.ide, mod: '65' } }))).toEqual([NFE_MESSAGES.model('65')]);
  });
});

describe('checkNfe: the totals', () => {
  it('refuses Σ items vProd ≠ ICMSTot vProd', () => {
    // vNF bent along so only the sum is wrong.
    const found = problems(nfeFixture({ total: { vProd: '1233.94', vNF: '1264.81' } }));
    expect(found).toEqual([NFE_MESSAGES.productsSum(123393, 123394)]);
    expect(found[0]).toBe('A soma dos valores dos itens (vProd) é R$\u00a01.233,93, mas o total dos produtos (ICMSTot/vProd) é R$\u00a01.233,94.');
  });

  it('leaves items with indTot = 0 out of the sum', () => {
    const items = [...good.items, { cProd: 'X', xProd: 'Item que não compõe o total', qCom: '1', vUnCom: '50.00', indTot: '0' as const }];
    expect(problems(nfeFixture({ items }))).toEqual([]);
  });

  it('refuses vNF that does not match its composition', () => {
    const found = problems(nfeFixture({ total: { vNF: '1264.81' }, cobr: null }));
    expect(found).toEqual([NFE_MESSAGES.totalComposition(126481, 126480)]);
    // Each component counts: a freight in the total that the vNF does not carry.
    expect(problems(nfeFixture({ total: { vSeg: '5.00' }, cobr: null }))).toEqual([NFE_MESSAGES.totalComposition(126480, 126980)]);
    expect(problems(nfeFixture({ total: { vST: '1.00', vFCPST: '0.50', vII: '2.00', vOutro: '3.00', vIPIDevol: '0.25', vNF: '1271.55' }, cobr: null }))).toEqual([]);
  });

  it('deducts the ICMS desonerado of items marked indDeduzDeson = 1, and only those', () => {
    const items = [
      { cProd: 'A', xProd: 'Isento deduzido', qCom: '1', vUnCom: '100.00', vICMSDeson: '18.00', indDeduzDeson: '1' as const },
      { cProd: 'B', xProd: 'Isento não deduzido', qCom: '1', vUnCom: '100.00', vICMSDeson: '12.00', indDeduzDeson: '0' as const },
    ];
    expect(problems(nfeFixture({ items, cobr: null }))).toEqual([]); // vNF 182.00
    expect(problems(nfeFixture({ items, cobr: null, total: { vNF: '170.00' } }))).toEqual([NFE_MESSAGES.totalComposition(17000, 18200)]);
  });

  it('accepts a file from before indDeduzDeson with the desonerado deducted or not', () => {
    const items = [{ cProd: 'A', xProd: 'Isento', qCom: '1', vUnCom: '100.00', vICMSDeson: '18.00' }];
    expect(problems(nfeFixture({ items, cobr: null }))).toEqual([]); // vNF 100.00
    expect(problems(nfeFixture({ items, cobr: null, total: { vNF: '82.00' } }))).toEqual([]);
    expect(problems(nfeFixture({ items, cobr: null, total: { vNF: '90.00' } }))).toEqual([NFE_MESSAGES.totalComposition(9000, 8200)]);
  });

  it('counts ISSQNtot/vServ of a conjugated NF-e in vNF', () => {
    const xml = buildNfeXml(nfeFixture({ total: { vNF: '1364.80' }, cobr: null })).replace('</ICMSTot>', '</ICMSTot><ISSQNtot><vServ>100.00</vServ></ISSQNtot>');
    const result = readNfe(new TextEncoder().encode(xml));
    expect(result.ok && result.nfe.total.vServ).toBe(10000);
    expect(result.ok && checkNfe(result.nfe)).toEqual({ ok: true });
  });
});

describe('checkNfe: the duplicatas', () => {
  it('refuses Σ dup ≠ fat vLiq', () => {
    const found = problems(nfeFixture({ cobr: { nFat: '4321', dup: [{ nDup: '001', dVenc: '2026-08-14', vDup: '600.00' }, { nDup: '002', dVenc: '2026-09-13', vDup: '600.00' }] } }));
    expect(found).toEqual([NFE_MESSAGES.duplicatasSum(120000, 126480)]);
    expect(found[0]).toBe('A soma das duplicatas é R$\u00a01.200,00, mas o valor líquido da fatura (fat/vLiq) é R$\u00a01.264,80.');
  });

  it('accepts duplicatas adding up to a vLiq below vNF (a discount on the fatura), split with odd centavos', () => {
    expect(problems(nfeFixture({ cobr: { nFat: '1', vOrig: '1264.80', vDesc: '64.80', vLiq: '1200.00', dup: [{ nDup: '001', dVenc: '2026-08-14', vDup: '1200.00' }] } }))).toEqual([]);
    const three = read(nfeFixture({ cobr: { dup: [{ nDup: '1', dVenc: '2026-08-14' }, { nDup: '2', dVenc: '2026-09-14' }, { nDup: '3', dVenc: '2026-10-14' }] } }));
    expect(three.cobr?.dup.map((d) => d.vDup)).toEqual([42160, 42160, 42160]);
    expect(checkNfe(three)).toEqual({ ok: true });
  });
});

describe('checkNfe: several problems at once', () => {
  it('lists every problem, the first as the message', () => {
    const result = checkNfe(read(nfeFixture({ protocol: null, total: { vNF: '1.00' }, ide: { ...good.ide, mod: '65' } })));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe(NFE_MESSAGES.noProtocol);
      // (The fixture writes the duplicatas from that vNF, so they still add up to the fatura.)
      expect(result.problems).toEqual([NFE_MESSAGES.noProtocol, NFE_MESSAGES.model('65'), NFE_MESSAGES.totalComposition(100, 126480)]);
    }
  });
});

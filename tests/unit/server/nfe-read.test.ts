import { describe, expect, it } from 'vitest';
import { readNfe, NFE_MESSAGES, type Nfe } from '../../../server/supply/nfe/index';
import { buildNfeXml, COMPANIES, fixtureKey, manyItems, nfeBytes, nfeFixture } from '../../fixtures/nfe/build';

const bytes = (text: string) => new TextEncoder().encode(text);
function read(xml: string | Uint8Array): Nfe {
  const result = readNfe(typeof xml === 'string' ? bytes(xml) : xml);
  if (!result.ok) throw new Error(result.message);
  return result.nfe;
}
const refusal = (xml: string | Uint8Array) => {
  const result = readNfe(typeof xml === 'string' ? bytes(xml) : xml);
  return result.ok ? 'read' : result.message;
};

describe('readNfe: a good nfeProc', () => {
  const fixture = nfeFixture();
  const nfe = read(nfeBytes(fixture));

  it('keeps the 44-character chave a string, unchanged', () => {
    const key = fixtureKey(fixture);
    expect(key).toMatch(/^\d{44}$/);
    expect(nfe.chave).toBe(key);
    expect(nfe.protocol?.chNFe).toBe(key);
    expect(nfe.versao).toBe('4.00');
  });

  it('reads ide, emit and dest as written', () => {
    expect(nfe.ide).toEqual({
      cUF: '35', cNF: '48151623', natOp: 'Venda de mercadoria', mod: '55', serie: '1', nNF: '4321',
      dhEmi: '2026-07-15T10:30:00-03:00', tpNF: '1', tpEmis: '1', cDV: fixtureKey(fixture).slice(43), tpAmb: '1', finNFe: '1',
    });
    expect(nfe.emit).toEqual({ CNPJ: COMPANIES.supplier.CNPJ, CPF: null, document: COMPANIES.supplier.CNPJ, xNome: COMPANIES.supplier.xNome });
    expect(nfe.dest?.document).toBe(COMPANIES.buyer.CNPJ);
  });

  it('reads the items: quantities and unit prices exact as decimal strings, amounts in centavos, escaped text decoded', () => {
    expect(nfe.items).toHaveLength(3);
    expect(nfe.items[0]).toMatchObject({
      nItem: '1', cProd: 'PAR-001', xProd: 'Parafuso sextavado M8 x 30 & porca', NCM: '73181500', CFOP: '6102', uCom: 'UN',
      qCom: '1000.0000', vUnCom: '0.1234', vProd: 12340, xPed: 'OC-2026-000123', nItemPed: '1', indTot: '1',
    });
    // 3.5 × 289.90 = 1014.65: exact, and vUnCom's 10 decimals are kept as written.
    expect(nfe.items[1]).toMatchObject({ qCom: '3.5000', vUnCom: '289.9000000000', vProd: 101465, vDesc: 1000 });
    expect(nfe.items[2]).toMatchObject({ qCom: '12', vUnCom: '7.99', vProd: 9588, vFrete: 1550, xPed: null, nItemPed: null });
  });

  it('reads ICMSTot in exact centavos', () => {
    // vProd 123.40 + 1014.65 + 95.88 = 1233.93; vNF = 1233.93 − 10.00 + 15.50 (frete) + 25.37 (IPI) = 1264.80
    expect(nfe.total).toMatchObject({ vProd: 123393, vDesc: 1000, vFrete: 1550, vIPI: 2537, vST: 0, vSeg: 0, vOutro: 0, vII: 0, vNF: 126480, vServ: null });
  });

  it('reads the supplier\'s free text (infCpl)', () => {
    expect(nfe.infCpl).toBe('Pedido de compra OC-2026-000123');
  });

  it('reads the fatura, the duplicatas and the protocol', () => {
    expect(nfe.cobr).toEqual({
      fat: { nFat: '4321', vOrig: 126480, vDesc: 0, vLiq: 126480 },
      dup: [
        { nDup: '001', dVenc: '2026-08-14', vDup: 63240 },
        { nDup: '002', dVenc: '2026-09-13', vDup: 63240 },
      ],
    });
    expect(nfe.protocol).toEqual({
      tpAmb: '1', chNFe: nfe.chave, dhRecbto: '2026-07-15T10:31:12-03:00', nProt: '135260000012345', cStat: '100', xMotivo: 'Autorizado o uso da NF-e',
    });
  });

  it('keeps money exact where a float would not (0.1 + 0.2 style amounts, 13 integer digits)', () => {
    const items = [
      { cProd: 'A', xProd: 'A', qCom: '1', vUnCom: '0.10' },
      { cProd: 'B', xProd: 'B', qCom: '1', vUnCom: '0.20' },
      { cProd: 'C', xProd: 'C', qCom: '1', vUnCom: '9999999999.99' },
    ];
    const big = read(buildNfeXml(nfeFixture({ items, cobr: null })));
    expect(big.items.map((i) => i.vProd)).toEqual([10, 20, 999999999999]);
    expect(big.total.vProd).toBe(1000000000029);
    expect(big.cobr).toBeNull();
  });

  it('reads an alphanumeric-CNPJ emitter (from July 2026) and a CPF emitter', () => {
    const alnum = read(nfeBytes(nfeFixture({ emit: COMPANIES.alphanumericSupplier })));
    expect(alnum.emit.CNPJ).toBe('12ABC34501DE35');
    expect(alnum.chave.slice(6, 20)).toBe('12ABC34501DE35');
    const person = read(nfeBytes(nfeFixture({ emit: { CPF: '12345678909', xNome: 'Produtor Rural Fictício' } })));
    expect(person.emit).toMatchObject({ CNPJ: null, CPF: '12345678909', document: '12345678909' });
    expect(person.chave.slice(6, 20)).toBe('00012345678909');
  });

  it('reads a bare NFe with no protocol (checkNfe refuses it)', () => {
    const bare = read(buildNfeXml(nfeFixture({ protocol: null })));
    expect(bare.protocol).toBeNull();
    expect(bare.items).toHaveLength(3);
  });

  it('reads a pretty-printed file with a BOM, comments and a prefixed namespace', () => {
    const xml = buildNfeXml(nfeFixture())
      .replace(/></g, '>\n  <')
      .replace('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"', '<!-- exportado pelo ERP -->\n<nfe:nfeProc xmlns:nfe="http://www.portalfiscal.inf.br/nfe"')
      .replace(/<\/nfeProc>$/, '</nfe:nfeProc>');
    const nfe = read(bytes(`\ufeff${xml}`));
    expect(nfe.chave).toBe(fixtureKey(nfeFixture()));
    expect(nfe.items[0].xProd).toBe('Parafuso sextavado M8 x 30 & porca');
    expect(nfe.total.vNF).toBe(126480);
  });

  it('reads a 500-item file', () => {
    const nfe = read(nfeBytes(nfeFixture({ items: manyItems(500) })));
    expect(nfe.items).toHaveLength(500);
    expect(nfe.items[499]).toMatchObject({ nItem: '500', cProd: 'MAT-00500', xPed: 'OC-2026-000500', nItemPed: '500' });
    expect(nfe.total.vProd).toBe(nfe.items.reduce((a, i) => a + i.vProd, 0));
  });
});

describe('readNfe: files that are not a readable NF-e', () => {
  const good = buildNfeXml(nfeFixture());

  it('refuses another document, naming its root', () => {
    expect(refusal('<?xml version="1.0"?><pedido><numero>1</numero></pedido>')).toBe(NFE_MESSAGES.notNfe('pedido'));
    expect(refusal('<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse"><infNFSe/></NFSe>')).toBe(NFE_MESSAGES.notNfe('NFSe'));
  });

  it('refuses an nfeProc outside the NF-e namespace', () => {
    expect(refusal(good.replace('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"', '<nfeProc xmlns="http://example.com/nfe"'))).toBe(NFE_MESSAGES.namespace('nfeProc'));
  });

  it('refuses another layout version', () => {
    expect(refusal(buildNfeXml(nfeFixture({ versao: '3.10' })))).toBe(NFE_MESSAGES.layout('3.10'));
  });

  it('refuses an Id that is not NFe + 44 characters', () => {
    const xml = good.replace(/Id="NFe(\d{44})"/, 'Id="NFe$1 "');
    expect(refusal(xml)).toMatch(/^O atributo Id de infNFe/);
    expect(refusal(good.replace(/Id="NFe(\d{43})\d"/, 'Id="NFe$1"'))).toMatch(/^O atributo Id de infNFe \("NFe\d{43}"\)/);
  });

  it('echoes at most 60 characters of what the file says', () => {
    const long = 'x'.repeat(100_000);
    const message = refusal(good.replace(/Id="NFe\d{44}"/, `Id="${long}"`));
    expect(message).toBe(`O atributo Id de infNFe ("${'x'.repeat(60)}…") não é "NFe" seguido da chave de acesso de 44 caracteres.`);
    expect(refusal(good.replace('<vNF>1264.80</vNF>', `<vNF>${long}</vNF>`)).length).toBeLessThan(200);
  });

  it('names a missing field by its path', () => {
    expect(refusal(good.replace(/<nNF>4321<\/nNF>/, ''))).toBe(NFE_MESSAGES.missing('ide/nNF'));
    expect(refusal(good.replace(/<vNF>[\d.]+<\/vNF>/, ''))).toBe(NFE_MESSAGES.missing('ICMSTot/vNF'));
    expect(refusal(good.replace(/<xNome>Fornecedora[^<]*<\/xNome>/, ''))).toBe(NFE_MESSAGES.missing('emit/xNome'));
    expect(refusal(good.replace(/<cStat>100<\/cStat>/, ''))).toBe(NFE_MESSAGES.missing('protNFe/infProt/cStat'));
    expect(refusal(good.replace(/<det nItem="1">.*?<\/det><det nItem="2">.*?<\/det><det nItem="3">.*?<\/det>/, ''))).toBe(NFE_MESSAGES.noItems);
  });

  it('refuses money with a comma, a sign or 3 decimals, and malformed quantities, naming the field', () => {
    expect(refusal(good.replace('<vNF>1264.80</vNF>', '<vNF>1264,80</vNF>'))).toBe(NFE_MESSAGES.money('ICMSTot/vNF', '1264,80'));
    expect(refusal(good.replace('<vDesc>10.00</vDesc>', '<vDesc>-10.00</vDesc>'))).toBe(NFE_MESSAGES.money('det[2]/prod/vDesc', '-10.00'));
    expect(refusal(good.replace('<vProd>123.40</vProd>', '<vProd>123.400</vProd>'))).toBe(NFE_MESSAGES.money('det[1]/prod/vProd', '123.400'));
    expect(refusal(good.replace('<qCom>3.5000</qCom>', '<qCom>3.50001</qCom>'))).toBe(NFE_MESSAGES.decimal('det[2]/prod/qCom', '3.50001', 4));
    expect(refusal(good.replace('<qCom>3.5000</qCom>', '<qCom>3,5</qCom>'))).toBe(NFE_MESSAGES.decimal('det[2]/prod/qCom', '3,5', 4));
    expect(refusal(good.replace('<vUnCom>7.99</vUnCom>', '<vUnCom>7.99e0</vUnCom>'))).toBe(NFE_MESSAGES.decimal('det[3]/prod/vUnCom', '7.99e0', 10));
  });

  it('refuses more items than the layout allows (990)', () => {
    expect(refusal(buildNfeXml(nfeFixture({ items: manyItems(991), cobr: null })))).toBe(NFE_MESSAGES.tooManyItems(991));
    expect(NFE_MESSAGES.tooManyItems(991)).toBe('A NF-e tem 991 itens (det), e o layout 4.00 permite no máximo 990.');
    expect(refusal(buildNfeXml(nfeFixture({ items: manyItems(990), cobr: null })))).toBe('read');
  });

  it('refuses impossible dates', () => {
    expect(refusal(good.replace('<dVenc>2026-09-13</dVenc>', '<dVenc>2026-02-30</dVenc>'))).toBe(NFE_MESSAGES.date('cobr/dup[2]/dVenc', '2026-02-30'));
    expect(refusal(good.replace('2026-07-15T10:30:00-03:00', '15/07/2026 10:30'))).toBe(NFE_MESSAGES.dateTime('ide/dhEmi', '15/07/2026 10:30'));
  });
});

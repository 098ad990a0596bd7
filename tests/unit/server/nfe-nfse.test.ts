import { describe, expect, it } from 'vitest';
import { checkNfeParties, checkNfse, NFE_MESSAGES, NFSE_MESSAGES, readNfse, XML_MESSAGES, type Nfse } from '../../../server/supply/nfe/index';
import { COMPANIES } from '../../fixtures/nfe/build';
import { buildNfseXml, nfseFixture, type NfseFixture } from '../../fixtures/nfe/nfse';

const bytes = (text: string) => new TextEncoder().encode(text);
function read(fixture: NfseFixture): Nfse {
  const result = readNfse(bytes(buildNfseXml(fixture)));
  if (!result.ok) throw new Error(result.message);
  return result.nfse;
}
const refusal = (xml: string) => {
  const result = readNfse(bytes(xml));
  return result.ok ? 'read' : result.message;
};

describe('NFS-e, national layout', () => {
  it('reads número, chave, competência, prestador, tomador and the values in centavos', () => {
    const fixture = nfseFixture();
    expect(read(fixture)).toEqual({
      chave: fixture.chave,
      versao: '1.00',
      nNFSe: '1234',
      dCompet: '2026-07-01',
      dhEmi: '2026-07-31T17:00:00-03:00',
      dhProc: '2026-07-31T17:00:05-03:00',
      cStat: '100',
      cLocIncid: '3550308',
      prestador: { CNPJ: COMPANIES.supplier.CNPJ, CPF: null, document: COMPANIES.supplier.CNPJ, xNome: COMPANIES.supplier.xNome },
      dpsPrestador: COMPANIES.supplier.CNPJ,
      tomador: { CNPJ: COMPANIES.buyer.CNPJ, CPF: null, document: COMPANIES.buyer.CNPJ, xNome: COMPANIES.buyer.xNome },
      cTribNac: '140101',
      xDescServ: 'Manutenção preventiva de elevadores — julho/2026 & peças',
      vServ: 150000,
      vLiq: 142500,
      vISSQN: 7500,
    });
    expect(checkNfse(read(fixture))).toEqual({ ok: true });
  });

  it('checks the parties with the NF-e function', () => {
    const nfse = read(nfseFixture());
    expect(checkNfeParties({ emit: nfse.prestador, dest: nfse.tomador }, { organisationDocument: COMPANIES.buyer.CNPJ, supplierDocument: COMPANIES.supplier.CNPJ })).toEqual({ ok: true });
    const wrong = checkNfeParties({ emit: nfse.prestador, dest: nfse.tomador }, { organisationDocument: COMPANIES.otherBuyer.CNPJ, supplierDocument: COMPANIES.alphanumericSupplier.CNPJ });
    expect(wrong.ok ? [] : wrong.problems).toEqual([NFE_MESSAGES.notSupplier(COMPANIES.supplier.CNPJ, COMPANIES.alphanumericSupplier.CNPJ), NFE_MESSAGES.notOrganisation(COMPANIES.buyer.CNPJ)]);
  });

  it('refuses a prestador of the DPS other than the emitter, and vLiq above vServ', () => {
    const other = read(nfseFixture({ dpsPrestador: COMPANIES.otherBuyer }));
    expect(checkNfse(other)).toEqual({ ok: false, message: NFSE_MESSAGES.prestador(COMPANIES.otherBuyer.CNPJ, COMPANIES.supplier.CNPJ), problems: [NFSE_MESSAGES.prestador(COMPANIES.otherBuyer.CNPJ, COMPANIES.supplier.CNPJ)] });
    expect(checkNfse(read(nfseFixture({ vLiq: '1500.01' })))).toMatchObject({ ok: false, message: NFSE_MESSAGES.liquidAboveService });
  });

  it('refuses what is not a national NFS-e, naming what is wrong', () => {
    expect(refusal(buildNfseXml(nfseFixture({ root: 'CompNfse' })))).toBe(NFSE_MESSAGES.notNfse('CompNfse'));
    expect(refusal(buildNfseXml(nfseFixture({ namespace: 'http://www.abrasf.org.br/nfse.xsd' })))).toBe(NFSE_MESSAGES.namespace);
    expect(refusal(buildNfseXml(nfseFixture({ chave: '123' })))).toBe(NFSE_MESSAGES.id('NFS123'));
    expect(refusal(buildNfseXml(nfseFixture()).replace(/<nNFSe>1234<\/nNFSe>/, ''))).toBe(NFSE_MESSAGES.missing('infNFSe/nNFSe'));
    expect(refusal(buildNfseXml(nfseFixture({ vLiq: '1.425,00' })))).toBe(NFSE_MESSAGES.money('infNFSe/valores/vLiq', '1.425,00'));
    expect(refusal(buildNfseXml(nfseFixture({ dCompet: '2026-13-01' })))).toBe(NFSE_MESSAGES.date('infDPS/dCompet', '2026-13-01'));
  });

  it('goes through the same XML layer: DOCTYPE refused, truncation refused', () => {
    const xml = buildNfseXml(nfseFixture());
    expect(refusal(xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE NFSe [<!ENTITY x "y">]>'))).toBe(XML_MESSAGES.doctype);
    expect(refusal(xml.slice(0, xml.length - 10))).toMatch(/arquivo truncado/);
  });
});

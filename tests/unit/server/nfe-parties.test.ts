import { describe, expect, it } from 'vitest';
import { checkNfeParties, NFE_MESSAGES, readNfe, type Nfe } from '../../../server/supply/nfe/index';
import { buildNfeXml, COMPANIES, nfeFixture, type NfeFixture } from '../../fixtures/nfe/build';

function read(fixture: NfeFixture): Nfe {
  const result = readNfe(new TextEncoder().encode(buildNfeXml(fixture)));
  if (!result.ok) throw new Error(result.message);
  return result.nfe;
}
const nfe = read(nfeFixture());

describe('checkNfeParties', () => {
  it('passes the OC supplier to this organisation, whatever the formatting', () => {
    expect(checkNfeParties(nfe, { organisationDocument: COMPANIES.buyer.CNPJ, supplierDocument: COMPANIES.supplier.CNPJ })).toEqual({ ok: true });
    expect(checkNfeParties(nfe, { organisationDocument: '99.888.777/0001-00', supplierDocument: '11.222.333/0001-81' })).toEqual({ ok: true });
    expect(checkNfeParties(nfe, { organisationDocument: COMPANIES.buyer.CNPJ })).toEqual({ ok: true }); // no OC supplier known
    expect(checkNfeParties(nfe, { organisationDocument: [COMPANIES.otherBuyer.CNPJ, COMPANIES.buyer.CNPJ] })).toEqual({ ok: true }); // a branch
  });

  it('refuses an emitter that is not the OC supplier', () => {
    const result = checkNfeParties(nfe, { organisationDocument: COMPANIES.buyer.CNPJ, supplierDocument: COMPANIES.alphanumericSupplier.CNPJ });
    expect(result).toEqual({ ok: false, message: NFE_MESSAGES.notSupplier(COMPANIES.supplier.CNPJ, COMPANIES.alphanumericSupplier.CNPJ), problems: [NFE_MESSAGES.notSupplier(COMPANIES.supplier.CNPJ, COMPANIES.alphanumericSupplier.CNPJ)] });
    expect(result.ok ? '' : result.message).toBe('O emitente não é o fornecedor da ordem de compra: 11.222.333/0001-81 na nota, 12.ABC.345/01DE-35 na ordem de compra.');
  });

  it('matches an alphanumeric-CNPJ supplier typed in lower case', () => {
    const alnum = read(nfeFixture({ emit: COMPANIES.alphanumericSupplier }));
    expect(checkNfeParties(alnum, { organisationDocument: COMPANIES.buyer.CNPJ, supplierDocument: '12.abc.345/01de-35' })).toEqual({ ok: true });
  });

  it('refuses a dest that is not this organisation, or no dest document', () => {
    const result = checkNfeParties(nfe, { organisationDocument: COMPANIES.otherBuyer.CNPJ });
    expect(result.ok ? '' : result.message).toBe('O destinatário não é esta organização: a nota é para 99.888.777/0001-00.');
    const noDest = read(nfeFixture({ dest: null }));
    expect(checkNfeParties(noDest, { organisationDocument: COMPANIES.buyer.CNPJ })).toEqual({ ok: false, message: NFE_MESSAGES.noDestDocument, problems: [NFE_MESSAGES.noDestDocument] });
  });

  it('reports both when both are wrong', () => {
    const result = checkNfeParties(nfe, { organisationDocument: COMPANIES.otherBuyer.CNPJ, supplierDocument: COMPANIES.otherBuyer.CNPJ });
    expect(result.ok ? [] : result.problems).toEqual([NFE_MESSAGES.notSupplier(COMPANIES.supplier.CNPJ, COMPANIES.otherBuyer.CNPJ), NFE_MESSAGES.notOrganisation(COMPANIES.buyer.CNPJ)]);
  });
});

/**
 * What an audit entry keeps of the declared sensitive fields (server/registry/audit-mask.ts): the
 * parcela's payee account, PIX copia e cola and random key, a lançamento's lines, a supplier's bank
 * data — "•••• 1234" — while a CPF/CNPJ/e-mail/phone key and every other field stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { payableInstallments, payables, receivableInstallments, suppliers } from '../../../src/contracts/resources/index.js';
import { maskEntry, maskValue } from '../../../server/registry/audit-mask.js';

const EVP = '123e4567-e89b-42d3-a456-426614174000';

describe('audit masking by declaration', () => {
  it('keeps the last four characters of an account, a copia e cola and a random key only', () => {
    expect(maskValue('0012345-6')).toBe('•••• 3456');
    expect(maskValue('123')).toBe('••••');
    const { before, after } = maskEntry(
      payableInstallments,
      { account: '11112222', pixKey: EVP, pixPayload: '00020126580014br.gov.bcb.pix0136chave6304ABCD', holderName: 'Ana', amount: 1000 },
      { account: '33332222', pixKey: 'ana@x.com.br', pixPayload: null, holderName: 'Ana', amount: 1000 },
    );
    expect(before).toEqual({ account: '•••• 2222', pixKey: '•••• 4000', pixPayload: '•••• ABCD', holderName: 'Ana', amount: 1000 });
    expect(after).toEqual({ account: '•••• 2222 (outra)', pixKey: 'ana@x.com.br', pixPayload: null, holderName: 'Ana', amount: 1000 });
  });

  it('masks inside lists: a lançamento’s lines, a supplier’s bank data and keys; our receivable’s key when random', () => {
    expect((maskEntry(payables, undefined, { installments: [{ account: '987654321', paymentMethod: 'transfer' }] }).after as any).installments[0]).toEqual({ account: '•••• 4321', paymentMethod: 'transfer' });
    const supplier = maskEntry(suppliers, null, { bankAccounts: [{ agency: '1234', account: '55556666' }], pixKeys: [{ type: 'evp', key: EVP }, { type: 'cnpj', key: '11222333000181' }] }).after as any;
    expect(supplier.bankAccounts).toEqual([{ agency: '1234', account: '•••• 6666' }]);
    expect(supplier.pixKeys).toEqual([{ type: 'evp', key: '•••• 4000' }, { type: 'cnpj', key: '11222333000181' }]);
    expect((maskEntry(receivableInstallments, null, { pixKey: EVP }).after as any).pixKey).toBe('•••• 4000');
  });

  it('masks a boleto line, payable or receivable, keeping its last four digits', () => {
    const line = '34191091233456783381801234500005316670000150000';
    expect((maskEntry(payableInstallments, null, { boletoLine: line }).after as any).boletoLine).toBe('•••• 0000');
    expect((maskEntry(receivableInstallments, null, { boletoLine: '34191.09123 34567.833818 01234.500005 3 16670000150000' }).after as any).boletoLine).toBe('•••• 0000');
    expect((maskEntry(payables, null, { installments: [{ boletoLine: line }] }).after as any).installments[0].boletoLine).toBe('•••• 0000');
  });
});

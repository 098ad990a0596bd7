/** A parcela's payment fields apply to their own payment method only (form and details hide the rest). */
import { describe, expect, it } from 'vitest';
import { fieldShown } from '../../../src/contracts/resource';
import { paymentDataFields } from '../../../src/contracts/resources/parts/paymentData';

const shown = (paymentMethod: string | null) =>
  Object.entries(paymentDataFields).filter(([, field]) => fieldShown(field.def, { paymentMethod })).map(([name]) => name);

describe('payment data fields by method', () => {
  it('a boleto asks for its line only', () => expect(shown('boleto')).toEqual(['paymentMethod', 'boletoLine']));
  it('PIX asks for the key or the copia e cola', () => expect(shown('pix')).toEqual(['paymentMethod', 'pixKeyType', 'pixKey', 'pixPayload']));
  it('a TED asks for the bank account and its holder', () =>
    expect(shown('transfer')).toEqual(['paymentMethod', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument']));
  it('cash, or no method chosen yet, asks for nothing more', () => {
    expect(shown('cash')).toEqual(['paymentMethod']);
    expect(shown(null)).toEqual(['paymentMethod']);
  });
});

/**
 * A parcela a receber's receipt data (how the customer pays us) on the form, with the rule the
 * server runs: the receiving account for boleto/PIX/TED, our PIX key for PIX, our boleto's data
 * optional and checked when given; none of the payable's payee fields.
 */
import { describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../../src/contracts/brazil/boleto';
import { fieldShown } from '../../../src/contracts/resource';
import { receivables } from '../../../src/contracts/resources';
import { receiptDataFields } from '../../../src/contracts/resources/parts/receiptDataFields';
import { initialValues, validate } from '../../../src/core/resources/values';

const parcela = (extra: Record<string, unknown>) => ({ number: 1, dueDate: '2026-12-21', amount: 100000, paymentMethod: 'boleto', bankAccountId: 'conta-1', ...extra });
const errorsOf = (installment: Record<string, unknown>) => {
  const errors = validate(receivables, { ...initialValues(receivables, null), total: 100000, installments: [installment] });
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key.startsWith('installments.0.')).map(([key, messages]) => [key.slice('installments.0.'.length), messages]));
};
const shown = (paymentMethod: string) => Object.entries(receiptDataFields).filter(([, field]) => fieldShown(field.def, { paymentMethod })).map(([name]) => name);

describe('receipt data of a parcela a receber', () => {
  it('asks per method for what the customer needs to pay us, never a payee', () => {
    expect(shown('boleto')).toEqual(['paymentMethod', 'bankAccountId', 'ourNumber', 'boletoLine']);
    expect(shown('pix')).toEqual(['paymentMethod', 'bankAccountId', 'pixKeyType', 'pixKey']);
    expect(shown('transfer')).toEqual(['paymentMethod', 'bankAccountId']);
    expect(shown('cash')).toEqual(['paymentMethod', 'bankAccountId']);
    const item = (receivables.fields.installments as { of: Record<string, { label: string }> }).of;
    for (const payee of ['bankId', 'agency', 'account', 'holderName', 'holderDocument', 'pixPayload']) expect(item[payee], payee).toBeUndefined();
    expect([item.paymentMethod.label, item.bankAccountId.label, item.ourNumber.label, item.boletoLine.label, item.pixKey.label])
      .toEqual(['Forma de recebimento', 'Conta de recebimento', 'Nosso número', 'Linha digitável do nosso boleto', 'Nossa chave PIX']);
  });

  it('a boleto of ours needs the receiving account; nosso número and linha digitável are optional, checked when given', () => {
    expect(errorsOf(parcela({}))).toEqual({});
    expect(errorsOf(parcela({ bankAccountId: null }))).toEqual({ bankAccountId: ['Escolha a conta de recebimento: a nossa conta em que o cliente vai pagar.'] });
    expect(errorsOf(parcela({ ourNumber: '12-3' }))).toEqual({ ourNumber: ['Informe o nosso número com até 20 dígitos, somente números.'] });
    expect(errorsOf(parcela({ ourNumber: '0001234', boletoLine: makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: 100000 }) }))).toEqual({});
    expect(errorsOf(parcela({ boletoLine: makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: 99900 }) })).boletoLine?.[0]).toMatch(/valor do boleto/);
  });

  it('PIX needs our key, of its type; TED the account only; cash nothing', () => {
    expect(errorsOf(parcela({ paymentMethod: 'pix' }))).toEqual({ pixKey: ['Informe a nossa chave PIX, em que o cliente vai pagar.'] });
    expect(errorsOf(parcela({ paymentMethod: 'pix', pixKey: 'a@b.com.br' }))).toEqual({ pixKeyType: ['Escolha o tipo da nossa chave PIX.'] });
    expect(errorsOf(parcela({ paymentMethod: 'pix', pixKeyType: 'phone', pixKey: 'a@b.com.br' })).pixKey?.[0]).toMatch(/Chave PIX inválida/);
    expect(errorsOf(parcela({ paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'a@b.com.br' }))).toEqual({});
    expect(errorsOf(parcela({ paymentMethod: 'transfer', bankAccountId: null })).bankAccountId).toHaveLength(1);
    expect(errorsOf(parcela({ paymentMethod: 'transfer' }))).toEqual({});
    expect(errorsOf(parcela({ paymentMethod: 'cash', bankAccountId: null }))).toEqual({});
  });
});

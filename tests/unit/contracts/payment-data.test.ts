/**
 * A parcela's payment data is checked by the screen before anything is sent, with the rule the
 * server runs (installed by `contracts/resources/checks`, which the form validation imports).
 */
import { describe, expect, it } from 'vitest';
import { makeBoletoLine } from '../../../src/contracts/brazil/boleto';
import { payables } from '../../../src/contracts/resources';
import { initialValues, validate } from '../../../src/core/resources/values';

const parcela = (extra: Record<string, unknown>) => ({ number: 1, dueDate: '2026-12-21', amount: 100000, paymentMethod: 'boleto', ...extra });
const errorsOf = (installment: Record<string, unknown>) => validate(payables, { ...initialValues(payables, null), total: 100000, installments: [installment] });

describe('payment data of a parcela on the form', () => {
  it('names a missing boleto line, and a boleto whose amount differs from the parcela', () => {
    expect(errorsOf(parcela({ boletoLine: '' }))['installments.0.boletoLine']).toEqual(['Informe a linha digitável ou o código de barras do boleto.']);
    const line = makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: 99900 });
    expect(errorsOf(parcela({ boletoLine: line }))['installments.0.boletoLine']?.[0]).toMatch(/valor do boleto/);
    expect(errorsOf(parcela({ boletoLine: makeBoletoLine({ bankCode: '341', dueDate: '2026-12-21', amount: 100000 }) }))['installments.0.boletoLine']).toBeUndefined();
  });

  it('names a PIX "copia e cola" whose CRC does not match', () => {
    expect(errorsOf(parcela({ paymentMethod: 'pix', pixPayload: '00020126360014BR.GOV.BCB.PIX0114+5511999999999520400005303986540510.005802BR5903Ana6006Recife62070503***63041234' }))['installments.0.pixPayload']?.[0]).toMatch(/CRC não confere/);
  });
});

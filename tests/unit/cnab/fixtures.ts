/** Fictitious parties for the CNAB tests: real bank codes, computed check digits (CNPJ, CPF, boleto, arrecadação). */
import { cnpjCheckDigits, makeBoletoLine, bankLineToBarcode, mod10 } from '../../../src/contracts/brazil/index.js';
import type { CompanyAccount, PaymentOrder } from '../../../server/finance/cnab/remittanceFile.js';

export const cnpj = (base12: string) => base12 + cnpjCheckDigits(base12);

/** CPF check digits (mod 11, weights 10…2 and 11…2). */
export function cpf(base9: string): string {
  const digit = (digits: string) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base9);
  return `${base9}${first}${digit(base9 + first)}`;
}

/** An arrecadação barcode (segment 2 — saneamento, value reference 6: mod 10), DV computed. */
export function collectionBarcode(amount: number): string {
  const body = `826${String(amount).padStart(11, '0')}00700102410202400002051045999`.slice(0, 43);
  return body.slice(0, 3) + mod10(body) + body.slice(3);
}

export const boletoBarcode = (bankCode: string, amount: number, dueDate = '2026-12-10') => bankLineToBarcode(makeBoletoLine({ bankCode, dueDate, amount, freeField: '1234567890123456789012345' }));

export const company = (bankCode: string, bankName: string): CompanyAccount => ({
  bankCode,
  bankName,
  document: cnpj('112223330001'),
  name: 'Retaguarda Comércio de Peças Ltda',
  agency: '1234',
  agencyDigit: '5',
  account: '67890',
  accountDigit: '1',
});

/** One payment of every forma (fixed, for the golden files). */
export function sampleOrders(bankCode: string): PaymentOrder[] {
  return [
    { reference: '00000001000001', form: 'creditSameBank', amount: 150000, paymentDate: '2026-12-10', dueDate: '2026-12-10', payee: { name: 'Açougue São João Ltda', document: cnpj('445556660001'), bankCode, agency: '4321', agencyDigit: '0', account: '11223', accountDigit: '4' } },
    { reference: '00000001000002', form: 'ted', amount: 98765, paymentDate: '2026-12-10', dueDate: '2026-12-11', payee: { name: 'Gráfica Pão de Açúcar', document: cpf('123456789'), bankCode: '237', agency: '0555', agencyDigit: '1', account: '998877', accountDigit: 'X' } },
    { reference: '00000001000003', form: 'pixKey', amount: 12345, paymentDate: '2026-12-10', payee: { name: 'Maria José Simões', document: cpf('987654321') }, pix: { initiation: '02', key: 'financeiro@exemplo.com.br' } },
    { reference: '00000001000004', form: 'pixQrCode', amount: 5000, paymentDate: '2026-12-10', payee: { name: 'Loja QR Exemplo', document: cnpj('778889990001') }, pix: { initiation: '03', key: '3d94a38b-f344-460e-b6c9-489469b2fb03', txid: 'PEDIDO123' } },
    { reference: '00000001000005', form: 'boletoOtherBank', amount: 250000, paymentDate: '2026-12-10', dueDate: '2026-12-10', documentAmount: 250000, barcode: boletoBarcode('104', 250000), payee: { name: 'Distribuidora Ômega S.A.', document: cnpj('121212120001') } },
    { reference: '00000001000006', form: 'collection', amount: 8990, paymentDate: '2026-12-10', dueDate: '2026-12-15', barcode: collectionBarcode(8990), payee: { name: 'Companhia de Saneamento' } },
  ];
}

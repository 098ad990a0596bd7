/**
 * A parcela's payment data → the remessa's payment order: which forma de lançamento (boleto of
 * the paying bank or another → J; arrecadação slip (starts with 8) → O; PIX key or "copia e
 * cola" → A + B PIX; transfer to the same bank → crédito em conta, another → TED), and the
 * payee. What a parcela cannot be paid with by file (cash, a convênio without the service) is a
 * pt-BR problem naming the parcela; the generation refuses the whole file then.
 */
import { readBoleto } from '../../../src/contracts/brazil/boleto.js';
import { normalisePixKey } from '../../../src/contracts/brazil/pix.js';
import { readPixPayload } from '../../../src/contracts/brazil/pixPayload.js';
import type { AgreementService } from '../cnab/forms.js';
import { PAYMENT_FORMS, PIX_INITIATION, type PaymentFormName } from '../cnab/forms.js';
import type { PaymentOrder } from '../cnab/remittanceFile.js';

export interface ParcelaForFile {
  id: string;
  description: string;
  dueDate: string;
  openBalance: number;
  paymentMethod: string;
  boletoLine: string | null;
  pixKeyType: string | null;
  pixKey: string | null;
  pixPayload: string | null;
  /** COMPE code of the payee's bank (transfers). */
  payeeBankCode: string | null;
  agency: string | null;
  account: string | null;
  accountDigit: string | null;
  holderName: string | null;
  holderDocument: string | null;
  supplierName: string;
  supplierDocument: string;
}

export const ORDER_MESSAGES = {
  cash: 'é paga em dinheiro ou débito automático: não vai em arquivo de remessa.',
  boleto: 'não tem linha digitável ou código de barras válido.',
  pix: 'não tem chave PIX nem código copia e cola válidos.',
  transfer: 'não tem banco, agência e conta do favorecido completos.',
  service: (service: string) => `o convênio não tem o serviço "${service}".`,
} as const;

export const SERVICE_LABELS: Readonly<Record<AgreementService, string>> = {
  supplierPayments: 'Pagamento a fornecedores (TED/crédito)',
  boletoPayments: 'Pagamento de boletos',
  taxPayments: 'Tributos e concessionárias',
  pix: 'PIX',
};

export type OrderResult = { ok: true; order: PaymentOrder } | { ok: false; message: string };

const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');

/** Splits "12345-6" / "12345" + digit as typed into number and digit. */
function accountParts(account: string | null, digit: string | null): { number: string; digit: string } {
  const clean = (account ?? '').replace(/[^0-9Xx-]/g, '');
  if (digit) return { number: digits(clean), digit: digit.toUpperCase() };
  const [number, dv] = clean.split('-');
  return { number: digits(number), digit: (dv ?? '').toUpperCase() };
}

export function paymentOrder(parcela: ParcelaForFile, context: { bankCode: string; services: readonly string[]; reference: string; paymentDate: string; today: string }): OrderResult {
  const base = { reference: context.reference, amount: parcela.openBalance, paymentDate: context.paymentDate, dueDate: parcela.dueDate };
  const supplier = { name: parcela.supplierName, document: parcela.supplierDocument };
  let form: PaymentFormName;
  let order: PaymentOrder;
  switch (parcela.paymentMethod) {
    case 'boleto': {
      const read = parcela.boletoLine ? readBoleto(parcela.boletoLine, context.today) : null;
      if (!read?.ok) return { ok: false, message: ORDER_MESSAGES.boleto };
      const { info } = read;
      form = info.kind === 'collection' ? 'collection' : info.bankCode === context.bankCode ? 'boletoSameBank' : 'boletoOtherBank';
      order = { ...base, form, barcode: info.barcode, documentAmount: info.amount ?? parcela.openBalance, dueDate: info.dueDate ?? parcela.dueDate, payee: supplier };
      break;
    }
    case 'pix': {
      if (parcela.pixPayload) {
        const read = readPixPayload(parcela.pixPayload);
        if (!read.ok) return { ok: false, message: ORDER_MESSAGES.pix };
        const key = read.info.key ?? read.info.url ?? '';
        const type = read.info.key ? normalisePixKey(read.info.key)?.type : null;
        form = 'pixQrCode';
        order = { ...base, form, payee: { ...supplier, name: read.info.merchantName || supplier.name }, pix: { initiation: type ? PIX_INITIATION[type] : PIX_INITIATION.qrCode, key, txid: read.info.txid } };
        break;
      }
      const key = parcela.pixKey ? normalisePixKey(parcela.pixKey, (parcela.pixKeyType as never) ?? null) : null;
      if (!key) return { ok: false, message: ORDER_MESSAGES.pix };
      form = 'pixKey';
      order = { ...base, form, payee: supplier, pix: { initiation: PIX_INITIATION[key.type], key: key.value } };
      break;
    }
    case 'transfer': {
      const { number, digit } = accountParts(parcela.account, parcela.accountDigit);
      const agency = digits(parcela.agency);
      if (!parcela.payeeBankCode || !agency || !number) return { ok: false, message: ORDER_MESSAGES.transfer };
      form = parcela.payeeBankCode === context.bankCode ? 'creditSameBank' : 'ted';
      order = {
        ...base,
        form,
        payee: { name: parcela.holderName || supplier.name, document: digits(parcela.holderDocument) || supplier.document, bankCode: parcela.payeeBankCode, agency, agencyDigit: '', account: number, accountDigit: digit },
      };
      break;
    }
    default:
      return { ok: false, message: ORDER_MESSAGES.cash };
  }
  const needs = PAYMENT_FORMS[form].needs;
  if (!context.services.includes(needs)) return { ok: false, message: ORDER_MESSAGES.service(SERVICE_LABELS[needs]) };
  return { ok: true, order };
}

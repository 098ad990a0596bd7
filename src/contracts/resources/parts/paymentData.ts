/**
 * How a parcela is paid (DOMAIN "Payment methods of a parcela"): boleto (47/48-digit linha
 * digitável or 44-digit barcode — both accepted, check digits verified, the amount and due date
 * read from the line compared with the parcela), PIX (a key of each type, or a "copia e cola"
 * payload whose CRC is verified and whose amount is compared), or TED / crédito em conta (bank,
 * agência, conta, digit, holder). One check across the item's fields puts each error under the
 * field it is about, on the screen (zod, client) and in the API's 400 (same rule, server).
 * The fields and the zod check the declarations carry are in `./paymentDataFields`; importing
 * this module (through `../checks`) installs the rule that check runs.
 */
import { readBoleto } from '../../brazil/boleto';
import { formatDateBR } from '../../brazil/businessDays';
import { readPixPayload } from '../../brazil/pixPayload';
import { PIX_KEY_TYPE_LABELS, validPixKey, type PixKeyType } from '../../brazil/pix';
import { validCnpj, validCpf } from '../../brazil/documents';
import { formatMoney } from '../../money';
import { paymentDataRule, type PaymentDataIssue, type PaymentItem } from './paymentDataFields';
import { RECEIPT_METHODS_TO_ACCOUNT, receiptDataRule, type ReceiptItem } from './receiptDataFields';

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, paymentDataCheck, paymentDataFields, type PaymentMethod } from './paymentDataFields';

export const PAYMENT_MESSAGES = {
  boletoRequired: 'Informe a linha digitável ou o código de barras do boleto.',
  boletoAmount: (line: number, parcela: number) => `O valor do boleto (${formatMoney(line)}) difere do valor da parcela (${formatMoney(parcela)}).`,
  boletoDueDate: (line: string, parcela: string) => `O vencimento do boleto (${formatDateBR(line)}) difere do vencimento da parcela (${formatDateBR(parcela)}).`,
  pixRequired: 'Informe a chave PIX ou o código PIX copia e cola.',
  pixKeyTypeRequired: 'Escolha o tipo da chave PIX.',
  pixKeyInvalid: (type: PixKeyType) => `Chave PIX inválida para o tipo ${PIX_KEY_TYPE_LABELS[type]}.`,
  pixAmount: (payload: number, parcela: number) => `O valor do PIX (${formatMoney(payload)}) difere do valor da parcela (${formatMoney(parcela)}).`,
  bankRequired: 'Escolha o banco do favorecido.',
  agencyInvalid: 'Informe a agência com até 5 dígitos.',
  accountInvalid: 'Informe a conta (somente números).',
  digitInvalid: 'Informe o dígito da conta (número ou X).',
  holderRequired: 'Informe o nome do favorecido.',
  holderDocumentRequired: 'Informe o CPF ou CNPJ do favorecido.',
} as const;

/** A receivable's receipt data: the money comes to us (`./receiptDataFields`). */
export const RECEIPT_MESSAGES = {
  accountRequired: 'Escolha a conta de recebimento: a nossa conta em que o cliente vai pagar.',
  ourNumberInvalid: 'Informe o nosso número com até 20 dígitos, somente números.',
  pixRequired: 'Informe a nossa chave PIX, em que o cliente vai pagar.',
  pixKeyTypeRequired: 'Escolha o tipo da nossa chave PIX.',
} as const;

type Issue = PaymentDataIssue;

/** Errors of one parcela's payment data (field → message), empty when valid. `today` dates the boleto's factor. */
export function paymentDataIssues(item: PaymentItem, today?: string): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  switch (item.paymentMethod) {
    case 'boleto': {
      if (!item.boletoLine?.trim()) {
        add('boletoLine', PAYMENT_MESSAGES.boletoRequired);
        break;
      }
      boletoIssues(item.boletoLine, item, today, add);
      break;
    }
    case 'pix': {
      if (item.pixPayload?.trim()) {
        const read = readPixPayload(item.pixPayload);
        if (!read.ok) add('pixPayload', read.message);
        else if (read.info.amount !== null && typeof item.amount === 'number' && read.info.amount !== item.amount) add('pixPayload', PAYMENT_MESSAGES.pixAmount(read.info.amount, item.amount));
      } else if (!item.pixKey?.trim()) add('pixKey', PAYMENT_MESSAGES.pixRequired);
      else if (!item.pixKeyType) add('pixKeyType', PAYMENT_MESSAGES.pixKeyTypeRequired);
      else if (!validPixKey(item.pixKey, item.pixKeyType)) add('pixKey', PAYMENT_MESSAGES.pixKeyInvalid(item.pixKeyType));
      break;
    }
    case 'transfer': {
      if (!item.bankId) add('bankId', PAYMENT_MESSAGES.bankRequired);
      if (!/^\d{1,5}$/.test(item.agency ?? '')) add('agency', PAYMENT_MESSAGES.agencyInvalid);
      if (!/^\d{1,20}$/.test(item.account ?? '')) add('account', PAYMENT_MESSAGES.accountInvalid);
      if (!/^[\dXx]{1,2}$/.test(item.accountDigit ?? '')) add('accountDigit', PAYMENT_MESSAGES.digitInvalid);
      if (!item.holderName?.trim()) add('holderName', PAYMENT_MESSAGES.holderRequired);
      const document = item.holderDocument ?? '';
      if (!document || !(validCpf(document) || validCnpj(document))) add('holderDocument', PAYMENT_MESSAGES.holderDocumentRequired);
      break;
    }
    default:
      break;
  }
  return issues;
}

/** The boleto's own checks (check digits; amount, then due date, against the parcela's). */
function boletoIssues(line: string, item: { amount?: number; dueDate?: string }, today: string | undefined, add: (path: string, message: string) => void): void {
  const read = readBoleto(line, today);
  if (!read.ok) add('boletoLine', read.message);
  else if (read.info.amount !== null && typeof item.amount === 'number' && read.info.amount !== item.amount) add('boletoLine', PAYMENT_MESSAGES.boletoAmount(read.info.amount, item.amount));
  else if (read.info.dueDate && item.dueDate && read.info.dueDate !== item.dueDate) add('boletoLine', PAYMENT_MESSAGES.boletoDueDate(read.info.dueDate, item.dueDate));
}

/**
 * Errors of one parcela a receber's receipt data: the receiving account for the methods that land
 * in a bank account; our PIX key (of its type) for PIX; for a boleto of ours, the nosso número and
 * the linha digitável are optional — checked when given.
 */
export function receiptDataIssues(item: ReceiptItem, today?: string): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const method = item.paymentMethod;
  if (method && RECEIPT_METHODS_TO_ACCOUNT.includes(method) && !item.bankAccountId) add('bankAccountId', RECEIPT_MESSAGES.accountRequired);
  // The nosso número is stored as digits whatever the method (a column check refuses anything else).
  if (item.ourNumber?.trim() && !/^\d{1,20}$/.test(item.ourNumber.trim())) add('ourNumber', RECEIPT_MESSAGES.ourNumberInvalid);
  if (method === 'boleto' && item.boletoLine?.trim()) boletoIssues(item.boletoLine, item, today, add);
  if (method === 'pix') {
    if (!item.pixKey?.trim()) add('pixKey', RECEIPT_MESSAGES.pixRequired);
    else if (!item.pixKeyType) add('pixKeyType', RECEIPT_MESSAGES.pixKeyTypeRequired);
    else if (!validPixKey(item.pixKey, item.pixKeyType)) add('pixKey', PAYMENT_MESSAGES.pixKeyInvalid(item.pixKeyType));
  }
  return issues;
}

paymentDataRule.install(paymentDataIssues);
receiptDataRule.install(receiptDataIssues);

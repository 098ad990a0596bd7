/**
 * How the customer pays US, on a parcela a receber (DOMAIN "Parcela a receber"): the payable's
 * payment data describe the payee (their bank, their PIX key, the boleto they sent); a receivable
 * has none of that. Here the money comes in: which of OUR contas financeiras receives it, and per
 * method what we give the customer — our PIX key, the boleto WE issue (nosso número and its
 * linha digitável, both optional until the boleto exists). TED / transferência needs only the
 * receiving account; dinheiro not even that (a caixa may be named).
 *
 * The same columns as the payable's where the meaning carries over (`payment_method`,
 * `boleto_line`, `pix_key_type`, `pix_key`, `bank_account_id`), plus `our_number` (migration 0034).
 * Our PIX key is one of the receiving account's keys (`chosenFrom`: the form offers them in a
 * select; the server refuses any other, receipts.ts).
 * The check across the item's fields runs the rule `./paymentData` installs (the boleto reader is
 * too heavy for the declarations chunk), one rule for the screen and the API.
 */
import type * as z from 'zod/mini';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from '../../brazil/pixKeyTypes';
import { enumOf, pixKey, reference, text } from '../../fields';
import { installedItemRule, only, PAYMENT_METHODS, wide, type PaymentMethod } from './paymentDataFields';

export const RECEIPT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  boleto: 'Boleto emitido por nós',
  pix: 'PIX',
  transfer: 'TED / transferência',
  cash: 'Dinheiro',
};

/** Methods whose money lands in a bank account of ours: the receiving account is required. */
export const RECEIPT_METHODS_TO_ACCOUNT: readonly PaymentMethod[] = ['boleto', 'pix', 'transfer'];

/** The receipt-data fields of a parcela a receber (flat: the lançamento's line and the parcela record share them). */
export const receiptDataFields = {
  paymentMethod: enumOf('Forma de recebimento', PAYMENT_METHODS, RECEIPT_METHOD_LABELS, { initial: 'boleto' }),
  bankAccountId: reference('Conta de recebimento', 'bankAccounts', { optional: true, help: 'A nossa conta financeira em que o cliente paga.' }),
  ourNumber: only(text('Nosso número', { optional: true, rule: ({ z }) => z.string().check(z.trim(), z.regex(/^\d{0,20}$/, 'Informe o nosso número com até 20 dígitos, somente números.')) }), 'boleto'),
  boletoLine: only(wide(text('Linha digitável do nosso boleto', { max: 60, optional: true, trim: false, sensitive: 'boleto' })), 'boleto'),
  pixKeyType: only(enumOf('Tipo da nossa chave PIX', PIX_KEY_TYPES, PIX_KEY_TYPE_LABELS, { optional: true }), 'pix'),
  // Chosen among the receiving account's keys (bankAccounts.pixKeys), never typed: the server refuses any other (receipts.ts).
  pixKey: only(pixKey('Nossa chave PIX', { optional: true, sensitive: 'pixKey', typeField: 'pixKeyType', chosenFrom: { reference: 'bankAccountId', resource: 'bankAccounts', list: 'pixKeys' } }), 'pix'),
};

export interface ReceiptItem {
  amount?: number;
  dueDate?: string;
  paymentMethod?: PaymentMethod;
  bankAccountId?: string | null;
  ourNumber?: string | null;
  boletoLine?: string | null;
  pixKeyType?: PixKeyType | null;
  pixKey?: string | null;
}

/** A receivable parcela's receipt data: the rule `./paymentData` installs. */
export const receiptDataRule = installedItemRule<ReceiptItem>('receipt-data');
export const receiptDataCheck = receiptDataRule.check;

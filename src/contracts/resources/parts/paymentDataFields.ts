/**
 * The payment-data fields of a parcela (DOMAIN "Payment methods of a parcela") and their check
 * across the item's fields, as the declarations use them. The rule itself (boleto and PIX
 * "copia e cola" readers, `./paymentData`) is heavier than the declarations should carry to every
 * list, so it is installed by importing `../checks` — the screen's record validation
 * (`core/resources/values`) and the server do — and stays one rule for screen and API.
 */
import type * as z from 'zod/mini';
import { type RuleKit } from '../../validation/rules';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from '../../brazil/pixKeyTypes';
import { cpfCnpj, enumOf, reference, text } from '../../fields';
import { withDef, type Field } from '../../fields/field';

export const PAYMENT_METHODS = ['boleto', 'pix', 'transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  boleto: 'Boleto',
  pix: 'PIX',
  transfer: 'TED / crédito em conta',
  cash: 'Dinheiro / débito automático',
};

/** A field of one payment method only: the form and the details show it for that method alone. */
export function only<F extends Field>(field: F, ...methods: PaymentMethod[]): F {
  return withDef(field, { shownWhen: { field: 'paymentMethod', values: methods } });
}
/** A long code, read whole: its input takes the row. */
export const wide = <F extends Field>(field: F): F => withDef(field, { wide: true });

/** The payment-data fields of a parcela (flat, so a list item and the parcela record share them). */
export const paymentDataFields = {
  paymentMethod: enumOf('Forma de pagamento', PAYMENT_METHODS, PAYMENT_METHOD_LABELS, { initial: 'boleto' }),
  boletoLine: only(wide(text('Linha digitável ou código de barras', { max: 60, optional: true, trim: false, sensitive: 'boleto' })), 'boleto'),
  pixKeyType: only(enumOf('Tipo de chave PIX', PIX_KEY_TYPES, PIX_KEY_TYPE_LABELS, { optional: true, hiddenWhenEmpty: true }), 'pix'),
  pixKey: only(text('Chave PIX', { max: 77, optional: true, sensitive: 'pixKey', hiddenWhenEmpty: true }), 'pix'),
  pixPayload: only(wide(text('PIX copia e cola', { max: 512, optional: true, trim: false, sensitive: 'account', hiddenWhenEmpty: true })), 'pix'),
  bankId: only(reference('Banco', 'banks', { optional: true }), 'transfer'),
  agency: only(text('Agência', { max: 5, optional: true }), 'transfer'),
  account: only(text('Conta', { max: 20, optional: true, sensitive: 'account' }), 'transfer'),
  accountDigit: only(text('Dígito da conta', { max: 2, optional: true }), 'transfer'),
  holderName: only(text('Favorecido', { max: 120, optional: true }), 'transfer'),
  holderDocument: only(cpfCnpj('CPF/CNPJ do favorecido', { optional: true }), 'transfer'),
};

export interface PaymentItem {
  amount?: number;
  dueDate?: string;
  paymentMethod?: PaymentMethod;
  boletoLine?: string | null;
  pixKeyType?: PixKeyType | null;
  pixKey?: string | null;
  pixPayload?: string | null;
  bankId?: string | null;
  agency?: string | null;
  account?: string | null;
  accountDigit?: string | null;
  holderName?: string | null;
  holderDocument?: string | null;
}

export type PaymentDataIssue = { path: string; message: string };
type ItemRule<I> = (item: I, today?: string) => PaymentDataIssue[];

/**
 * A rule across a list item's fields that the declarations carry as a zod check but whose code is
 * installed later (`./paymentData`, through `../checks`): `install` it, then `check()` runs it.
 * A check run before the rule was installed is a bug, not a valid record.
 */
export function installedItemRule<I>(name: string) {
  let rule: ItemRule<I> | null = null;
  const installed = (): ItemRule<I> => {
    if (!rule) throw new Error(`${name} rule not installed: import src/contracts/resources/checks`);
    return rule;
  };
  return {
    install(next: ItemRule<I>): void {
      rule = next;
    },
    /** The rule as a zod check of a list item (errors under the item's fields). */
    check: ({ z }: Pick<RuleKit, 'z'>) =>
      z.superRefine((value: unknown, ctx) => {
        for (const issue of installed()(value as I)) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path], input: value });
      }),
  };
}

/** A payable parcela's payment data: the rule `./paymentData` installs. */
export const paymentDataRule = installedItemRule<PaymentItem>('payment-data');
export const paymentDataCheck = paymentDataRule.check;

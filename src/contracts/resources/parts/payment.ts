/**
 * Payment data of a payee as `list` items: bank accounts (TED / crédito em conta: bank,
 * agência, conta, dígito, holder) and PIX keys (each validated for its type).
 */
import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES } from '../../brazil/bankAccount';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES } from '../../brazil/pixKeyTypes';
import { boolean, cpfCnpj, enumOf, list, pixKey, reference, text } from '../../fields';
import type { FieldDef } from '../../resource';

export const bankData = (max = 20) =>
  list(
    'Dados bancários',
    {
      bankId: reference('Banco', 'banks', { required: 'Escolha o banco.' }),
      agency: text('Agência', { rule: ({ brazil }) => brazil.agency() }),
      agencyDigit: text('Dígito da agência', { rule: ({ brazil }) => brazil.agencyDigit(), optional: true }),
      account: text('Conta', { rule: ({ brazil }) => brazil.accountNumber(), sensitive: 'account' }),
      accountDigit: text('Dígito da conta', { rule: ({ brazil }) => brazil.accountDigit() }),
      accountType: enumOf('Tipo de conta', BANK_ACCOUNT_TYPES, BANK_ACCOUNT_TYPE_LABELS),
      holderName: text('Titular', { max: 120, optional: true, trim: false }),
      holderDocument: cpfCnpj('CPF/CNPJ do titular', { optional: true }),
      isDefault: boolean('Conta preferencial'),
    },
    { max, maxMessage: `No máximo ${max} contas.`, addLabel: 'Adicionar conta bancária', help: 'Titular em branco: o próprio cadastro.' },
  );

/**
 * PIX keys, each valid for its type, none twice, at most one marked `isDefault` (labelled
 * `defaultLabel`: a payee's "preferencial", our account's "principal").
 */
export const pixKeys = (max = 20, { defaultLabel = 'Chave preferencial', help, omittable }: { defaultLabel?: string; help?: string; omittable?: boolean } = {}) =>
  list(
    'Chaves PIX',
    {
      type: enumOf('Tipo de chave', PIX_KEY_TYPES, PIX_KEY_TYPE_LABELS),
      key: pixKey('Chave', { typeField: 'type', sensitive: 'pixKey' }),
      isDefault: boolean(defaultLabel),
    },
    {
      max,
      maxMessage: `No máximo ${max} chaves.`,
      addLabel: 'Adicionar chave PIX',
      itemChecks: ({ brazil }) => [brazil.pixKeyMatchesType()],
      listChecks: ({ brazil }) => [brazil.pixKeyListChecks()],
      ...(help ? { help } : {}),
      ...(omittable ? { omittable } : {}),
    },
  );

/** The screen definition alone (input tests). */
export const pixKeysField: FieldDef = pixKeys().def;

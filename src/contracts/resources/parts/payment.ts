/**
 * Payment data of a payee as `list` items: bank accounts (TED / crédito em conta: bank,
 * agência, conta, dígito, holder) and PIX keys (each validated for its type).
 */
import * as z from 'zod/mini';
import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES, PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, schemas } from '../../brazil';
import { optional, type FieldDef } from '../../resource';

export const bankDataItem = z.object({
  bankId: z.string().check(z.minLength(1, 'Escolha o banco.'), z.maxLength(64)),
  agency: schemas.agency(),
  agencyDigit: optional(schemas.agencyDigit()),
  account: schemas.accountNumber(),
  accountDigit: schemas.accountDigit(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  holderName: optional(z.string().check(z.maxLength(120, 'Use no máximo 120 caracteres.'))),
  holderDocument: optional(schemas.cpfCnpj()),
  isDefault: z.boolean(),
});

export const bankDataField: FieldDef = {
  type: 'list',
  label: 'Dados bancários',
  help: 'Titular em branco: o próprio cadastro.',
  of: {
    bankId: { type: 'reference', label: 'Banco', resource: 'banks' },
    agency: { type: 'text', label: 'Agência' },
    agencyDigit: { type: 'text', label: 'Dígito da agência' },
    account: { type: 'text', label: 'Conta' },
    accountDigit: { type: 'text', label: 'Dígito da conta' },
    accountType: { type: 'enum', label: 'Tipo de conta', options: BANK_ACCOUNT_TYPES, optionLabels: BANK_ACCOUNT_TYPE_LABELS },
    holderName: { type: 'text', label: 'Titular' },
    holderDocument: { type: 'cpfCnpj', label: 'CPF/CNPJ do titular' },
    isDefault: { type: 'boolean', label: 'Conta preferencial' },
  },
};

export const pixKeyItem = schemas.pixKeyEntry({ isDefault: z.boolean() });

export const pixKeysField: FieldDef = {
  type: 'list',
  label: 'Chaves PIX',
  of: {
    type: { type: 'enum', label: 'Tipo de chave', options: PIX_KEY_TYPES, optionLabels: PIX_KEY_TYPE_LABELS },
    key: { type: 'pixKey', label: 'Chave', typeField: 'type' },
    isDefault: { type: 'boolean', label: 'Chave preferencial' },
  },
};

export const bankDataList = (max = 20) => z.array(bankDataItem).check(z.maxLength(max, `No máximo ${max} contas.`));
export const pixKeyList = (max = 20) => z.array(pixKeyItem).check(z.maxLength(max, `No máximo ${max} chaves.`));

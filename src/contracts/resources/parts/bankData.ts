/**
 * A conta financeira's bank data, holder and PIX keys: the fields its own declaration
 * (bankAccounts.ts) and a proposed change of them (bankAccountChanges.ts) share, built by the same
 * builders so the two hold the same rules. The server's rule across them is `bankAccountRule`
 * (registry/rules.ts): bank data required unless the account is a cash box.
 */
import { cpfCnpj, enumOf, reference, text } from '../../fields';
import { pixKeys } from './payment';

export const BANK_ACCOUNT_KINDS = ['checking', 'savings', 'investment', 'cash'] as const;

/** What changes only through an approved "Alteração de dados bancários" once the account exists. */
export const BANK_DATA_FIELDS = ['type', 'bankId', 'agency', 'agencyDigit', 'account', 'accountDigit', 'holderName', 'holderDocument', 'pixKeys'] as const;

export const bankDataFields = () => ({
  type: enumOf('Tipo', BANK_ACCOUNT_KINDS, { checking: 'Conta corrente', savings: 'Poupança', investment: 'Aplicação', cash: 'Caixa' }),
  bankId: reference('Banco', 'banks', { optional: true }),
  agency: text('Agência', { rule: ({ brazil }) => brazil.agency(), optional: true }),
  agencyDigit: text('Dígito da agência', { rule: ({ brazil }) => brazil.agencyDigit(), optional: true }),
  account: text('Conta', { rule: ({ brazil }) => brazil.accountNumber(), optional: true, sensitive: 'account' }),
  accountDigit: text('Dígito da conta', { rule: ({ brazil }) => brazil.accountDigit(), optional: true }),
  holderName: text('Titular (razão social)'),
  holderDocument: cpfCnpj('CNPJ/CPF do titular'),
  // Left out of a write (clients of before 0044): no keys.
  pixKeys: pixKeys(20, { omittable: true, defaultLabel: 'Chave principal', help: 'As chaves PIX desta conta em que os clientes nos pagam; uma delas pode ser a principal.' }),
});

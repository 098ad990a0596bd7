/**
 * Contas financeiras (/contas-financeiras): the organisation's bank accounts (and cash boxes)
 * that payments leave from and receipts arrive at; each holds CNAB convênios
 * (bankAccountAgreements, /contas-financeiras/{bankAccountId}/convenios). The holder (razão
 * social + CNPJ) is what the CNAB file header carries. Opening balance in centavos at a date; the
 * current and projected balances are the server's (server/finance/balances.ts).
 * API: finance `bank-accounts`. Rule across fields (server): `bankId`, `agency`, `account` and
 * `accountDigit` are required unless `type` is `cash`.
 *
 * Our PIX keys (`pixKeys`, migration 0044): the keys this account receives on, each valid for its
 * type, none twice, at most one principal. A parcela a receber paid by PIX chooses one of the keys
 * of its receiving account (server/finance/receipts.ts): nobody types where a customer's money goes.
 * A change of the bank data or of the keys is audited before → after (registry audit) and needs
 * `bankAccounts: update` like any change of the account (docs/decisions.md, "Our PIX keys").
 */
import { defineResource } from '../define';
import { boolean, cpfCnpj, date, enumOf, money, reference, text } from '../fields';
import { activationActions, deleteAction, notes } from './parts/common';
import { pixKeys } from './parts/payment';

export const BANK_ACCOUNT_KINDS = ['checking', 'savings', 'investment', 'cash'] as const;

export const bankAccounts = defineResource({
  name: 'bankAccounts',
  api: 'finance',
  path: 'bank-accounts',
  route: { base: '/contas-financeiras', idParam: 'bankAccountId' },
  permission: 'bankAccounts',
  labels: { one: 'Conta financeira', many: 'Contas Financeiras', gender: 'f' },
  titleField: 'name',
  fields: {
    name: text('Nome da conta', { max: 80, help: 'Como a conta aparece nas listas (ex.: Itaú — Pagamentos).' }),
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
    openingBalance: money('Saldo inicial'),
    openingBalanceDate: date('Data do saldo inicial'),
    currentBalance: money('Saldo atual', { readOnly: true, help: 'Saldo inicial mais as baixas e recebimentos lançados nesta conta até hoje.' }),
    projectedBalance: money('Saldo projetado', { readOnly: true, help: 'Saldo atual mais as parcelas em aberto desta conta (a receber menos a pagar).' }),
    isActive: boolean('Ativa', { initial: true }),
    notes: notes('Observações'),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'type', sortable: true }, { field: 'bankId' }, { field: 'agency' }, { field: 'account' }, { field: 'currentBalance' }, { field: 'projectedBalance' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'agency', 'account', 'holderName'],
    filters: [{ field: 'type' }, { field: 'bankId' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Conta', fields: ['name', 'type', 'isActive'] },
      { key: 'bank', title: 'Dados bancários', fields: ['bankId', 'agency', 'agencyDigit', 'account', 'accountDigit'] },
      { key: 'holder', title: 'Titular', fields: ['holderName', 'holderDocument'] },
      { key: 'pix', title: 'Recebimento por PIX', fields: ['pixKeys'] },
      { key: 'balance', title: 'Saldos', fields: ['openingBalance', 'openingBalanceDate', 'currentBalance', 'projectedBalance'] },
      { key: 'notes', title: 'Observações', fields: ['notes'] },
    ],
  },
  tabs: [
    { path: 'extrato-de-movimentacoes', label: 'Extrato', resource: 'bankStatementLines' },
    { path: 'convenios', label: 'Convênios', resource: 'bankAccountAgreements' },
  ],
  actions: [...activationActions('Inativar as contas selecionadas?'), deleteAction('Excluir as contas selecionadas? Contas com movimentação não podem ser excluídas.')],
});

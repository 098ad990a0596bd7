/**
 * Saldos de conta (/bi/saldos-de-conta): the balance of a bank account at the start of a date, as
 * the bank statement shows it — what the fluxo de caixa's running balance starts from (the latest
 * saldo on or before the report's first day, plus the baixas after it). One per account and date.
 * Permissions are the treasury's own (`bankAccounts`). API: finance-reporting `account-balances`.
 */
import { date, money, reference, text } from '../fields';
import { deleteAction, notes } from './parts/common';

import { defineResource } from '../define';

export const accountBalances = defineResource({
  name: 'accountBalances',
  api: 'financeReporting',
  path: 'account-balances',
  route: { base: '/bi/saldos-de-conta', idParam: 'accountBalanceId' },
  permission: 'bankAccounts',
  labels: { one: 'Saldo de conta', many: 'Saldos de Conta', gender: 'm' },
  titleField: 'description',
  fields: {
    bankAccountId: reference('Conta financeira', 'bankAccounts', { required: 'Escolha a conta financeira.' }),
    date: date('Data do saldo', { help: 'O saldo vale no início deste dia, antes dos movimentos do dia.' }),
    amount: money('Saldo', { help: 'Negativo quando a conta está no cheque especial.' }),
    description: text('Descrição', { max: 120, required: 'Descreva o saldo, por exemplo: extrato de 31/12.' }),
    notes: notes('Observações'),
  },
  list: {
    columns: [{ field: 'description' }, { field: 'date', sortable: true }, { field: 'bankAccountId' }, { field: 'amount', sortable: true }],
    defaultSort: '-date',
    searchFields: ['description'],
    filters: [{ field: 'bankAccountId' }, { field: 'date' }],
  },
  form: { sections: [{ key: 'general', title: 'Saldo de conta', fields: ['bankAccountId', 'date', 'amount', 'description', 'notes'] }] },
  unique: [{ fields: ['bankAccountId', 'date'], message: 'Já existe um saldo desta conta nesta data.' }],
  actions: [deleteAction('Excluir os saldos selecionados?')],
});

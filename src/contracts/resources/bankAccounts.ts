/**
 * Contas financeiras (/contas-financeiras): the organisation's bank accounts (and cash boxes)
 * that payments leave from and receipts arrive at; each holds CNAB convênios
 * (bankAccountAgreements, /contas-financeiras/{bankAccountId}/convenios). The holder (razão
 * social + CNPJ) is what the CNAB file header carries. Opening balance in centavos at a date.
 * API: finance `bank-accounts`. Rule across fields (server): `bankId`, `agency`, `account` and
 * `accountDigit` are required unless `type` is `cash`.
 */
import * as z from 'zod/mini';
import { schemas } from '../brazil';
import { date, money } from '../documents';
import { defineResource, optional, requiredText } from '../resource';
import { deleteAction, notes } from './parts/common';

export const BANK_ACCOUNT_KINDS = ['checking', 'savings', 'investment', 'cash'] as const;

export const bankAccounts = defineResource({
  name: 'bankAccounts',
  api: 'finance',
  path: 'bank-accounts',
  route: { base: '/contas-financeiras', idParam: 'bankAccountId' },
  permission: 'bankAccounts',
  labels: { one: 'Conta financeira', many: 'Contas Financeiras', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(80),
    type: z.enum(BANK_ACCOUNT_KINDS),
    bankId: optional(z.string().check(z.maxLength(64))),
    agency: optional(schemas.agency()),
    agencyDigit: optional(schemas.agencyDigit()),
    account: optional(schemas.accountNumber()),
    accountDigit: optional(schemas.accountDigit()),
    holderName: requiredText(120),
    holderDocument: schemas.cpfCnpj(),
    openingBalance: money(),
    openingBalanceDate: date(),
    isActive: z.boolean(),
    notes: notes(),
  }),
  fields: {
    name: { type: 'text', label: 'Nome da conta', help: 'Como a conta aparece nas listas (ex.: Itaú — Pagamentos).' },
    type: { type: 'enum', label: 'Tipo', options: BANK_ACCOUNT_KINDS, optionLabels: { checking: 'Conta corrente', savings: 'Poupança', investment: 'Aplicação', cash: 'Caixa' } },
    bankId: { type: 'reference', label: 'Banco', resource: 'banks' },
    agency: { type: 'text', label: 'Agência' },
    agencyDigit: { type: 'text', label: 'Dígito da agência' },
    account: { type: 'text', label: 'Conta' },
    accountDigit: { type: 'text', label: 'Dígito da conta' },
    holderName: { type: 'text', label: 'Titular (razão social)' },
    holderDocument: { type: 'cpfCnpj', label: 'CNPJ/CPF do titular' },
    openingBalance: { type: 'money', label: 'Saldo inicial' },
    openingBalanceDate: { type: 'date', label: 'Data do saldo inicial' },
    isActive: { type: 'boolean', label: 'Ativa', initial: true },
    notes: { type: 'longText', label: 'Observações' },
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'type', sortable: true }, { field: 'bankId' }, { field: 'agency' }, { field: 'account' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'agency', 'account', 'holderName'],
    filters: [{ field: 'type' }, { field: 'bankId' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Conta', fields: ['name', 'type', 'isActive'] },
      { key: 'bank', title: 'Dados bancários', fields: ['bankId', 'agency', 'agencyDigit', 'account', 'accountDigit'] },
      { key: 'holder', title: 'Titular', fields: ['holderName', 'holderDocument'] },
      { key: 'balance', title: 'Saldo inicial', fields: ['openingBalance', 'openingBalanceDate'] },
      { key: 'notes', title: 'Observações', fields: ['notes'] },
    ],
  },
  tabs: [{ path: 'convenios', label: 'Convênios', resource: 'bankAccountAgreements' }],
  actions: [deleteAction('Excluir as contas selecionadas? Contas com movimentação não podem ser excluídas.')],
});

/**
 * Contas contábeis (/configuracoes/contas-contabeis): the accounts of the accountant's ledger
 * that categories and bank accounts post to, each in a chart-of-accounts node and an
 * accounting group. API: finance `ledger-accounts`.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText } from '../resource';
import { ACCOUNT_NATURE_LABELS, ACCOUNT_NATURES } from './chartAccounts';
import { code, deleteAction, notes } from './parts/common';
import { CODE_TAKEN } from './parts/tree';

export const ledgerAccounts = defineResource({
  name: 'ledgerAccounts',
  api: 'finance',
  path: 'ledger-accounts',
  route: { base: '/configuracoes/contas-contabeis', idParam: 'ledgerAccountId' },
  permission: 'ledgerAccounts',
  labels: { one: 'Conta contábil', many: 'Contas Contábeis', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    code: code(),
    name: requiredText(120),
    nature: z.enum(ACCOUNT_NATURES),
    chartAccountId: optional(z.string().check(z.maxLength(64))),
    accountingGroupId: optional(z.string().check(z.maxLength(64))),
    externalCode: optional(z.string().check(z.maxLength(40, 'Use no máximo 40 caracteres.'))),
    isActive: z.boolean(),
    description: notes(2000),
  }),
  fields: {
    code: { type: 'text', label: 'Código' },
    name: { type: 'text', label: 'Nome' },
    nature: { type: 'enum', label: 'Natureza', options: ACCOUNT_NATURES, optionLabels: ACCOUNT_NATURE_LABELS },
    chartAccountId: { type: 'reference', label: 'Conta do plano', resource: 'chartAccounts' },
    accountingGroupId: { type: 'reference', label: 'Grupo contábil', resource: 'accountingGroups' },
    externalCode: { type: 'text', label: 'Código no sistema contábil', help: 'Código reduzido usado na exportação para a contabilidade.' },
    isActive: { type: 'boolean', label: 'Ativa', initial: true },
    description: { type: 'longText', label: 'Descrição' },
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '10rem' }, { field: 'name', sortable: true }, { field: 'nature' }, { field: 'chartAccountId' }, { field: 'accountingGroupId' }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name', 'externalCode'],
    filters: [{ field: 'nature' }, { field: 'chartAccountId' }, { field: 'accountingGroupId' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Conta contábil', fields: ['code', 'name', 'nature', 'isActive'] },
      { key: 'links', title: 'Classificação', fields: ['chartAccountId', 'accountingGroupId', 'externalCode'] },
      { key: 'notes', title: 'Descrição', fields: ['description'] },
    ],
  },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [deleteAction('Excluir as contas selecionadas?')],
});

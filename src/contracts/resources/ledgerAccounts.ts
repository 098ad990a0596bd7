/**
 * Contas contábeis (/configuracoes/contas-contabeis): the accounts of the accountant's ledger
 * that categories and bank accounts post to, each in a chart-of-accounts node and an
 * accounting group. API: finance `ledger-accounts`.
 */
import { defineResource } from '../define';
import { boolean, enumOf, reference, text } from '../fields';
import { ACCOUNT_NATURE_LABELS, ACCOUNT_NATURES } from './chartAccounts';
import { activationActions, code, deleteAction, notes } from './parts/common';
import { CODE_TAKEN } from './parts/tree';

export const ledgerAccounts = defineResource({
  name: 'ledgerAccounts',
  api: 'finance',
  path: 'ledger-accounts',
  route: { base: '/configuracoes/contas-contabeis', idParam: 'ledgerAccountId' },
  permission: 'ledgerAccounts',
  labels: { one: 'Conta contábil', many: 'Contas Contábeis', gender: 'f' },
  titleField: 'name',
  fields: {
    code: text('Código', { rule: code() }),
    name: text('Nome'),
    nature: enumOf('Natureza', ACCOUNT_NATURES, ACCOUNT_NATURE_LABELS),
    chartAccountId: reference('Conta do plano', 'chartAccounts', { optional: true }),
    accountingGroupId: reference('Grupo contábil', 'accountingGroups', { optional: true }),
    externalCode: text('Código no sistema contábil', { max: 40, optional: true, trim: false, help: 'Código reduzido usado na exportação para a contabilidade.' }),
    isActive: boolean('Ativa', { initial: true }),
    description: notes('Descrição', 2000),
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '160px' }, { field: 'name', sortable: true }, { field: 'nature' }, { field: 'chartAccountId' }, { field: 'accountingGroupId' }, { field: 'isActive' }],
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
  actions: [...activationActions('Inativar as contas selecionadas?'), deleteAction('Excluir as contas selecionadas?')],
});

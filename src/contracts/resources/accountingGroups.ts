/** Grupos contábeis (/configuracoes/grupos-contabeis): groups of ledger accounts for reports. API: finance `accounting-groups`. */
import { defineResource } from '../define';
import { boolean, text } from '../fields';
import { activationActions, code, deleteAction, notes } from './parts/common';
import { CODE_TAKEN } from './parts/tree';

export const accountingGroups = defineResource({
  name: 'accountingGroups',
  api: 'finance',
  path: 'accounting-groups',
  route: { base: '/configuracoes/grupos-contabeis', idParam: 'accountingGroupId' },
  permission: 'accountingGroups',
  labels: { one: 'Grupo contábil', many: 'Grupos Contábeis', gender: 'm' },
  titleField: 'name',
  fields: {
    code: text('Código', { rule: code() }),
    name: text('Nome'),
    description: notes('Descrição', 2000),
    isActive: boolean('Ativo', { initial: true }),
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '160px' }, { field: 'name', sortable: true }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name'],
    filters: [{ field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Grupo contábil', fields: ['code', 'name', 'description', 'isActive'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [...activationActions('Inativar os grupos selecionados?'), deleteAction('Excluir os grupos selecionados?')],
});

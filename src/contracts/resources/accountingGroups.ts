/** Grupos contábeis (/configuracoes/grupos-contabeis): groups of ledger accounts for reports. API: finance `accounting-groups`. */
import * as z from 'zod/mini';
import { defineResource, requiredText } from '../resource';
import { code, deleteAction, notes } from './parts/common';
import { CODE_TAKEN } from './parts/tree';

export const accountingGroups = defineResource({
  name: 'accountingGroups',
  api: 'finance',
  path: 'accounting-groups',
  route: { base: '/configuracoes/grupos-contabeis', idParam: 'accountingGroupId' },
  permission: 'accountingGroups',
  labels: { one: 'Grupo contábil', many: 'Grupos Contábeis', gender: 'm' },
  titleField: 'name',
  schema: z.object({ code: code(), name: requiredText(120), description: notes(2000), isActive: z.boolean() }),
  fields: {
    code: { type: 'text', label: 'Código' },
    name: { type: 'text', label: 'Nome' },
    description: { type: 'longText', label: 'Descrição' },
    isActive: { type: 'boolean', label: 'Ativo', initial: true },
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '10rem' }, { field: 'name', sortable: true }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name'],
    filters: [{ field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Grupo contábil', fields: ['code', 'name', 'description', 'isActive'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [deleteAction('Excluir os grupos selecionados?')],
});

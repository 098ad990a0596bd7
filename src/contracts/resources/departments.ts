/**
 * Departamentos (/configuracoes/departamentos): the organisation's departments (settings),
 * with a manager and a default cost centre — used by approval triggers and lançamentos.
 * Not the product departments of /departamentos (that is `categories`). API: finance `departments`.
 */
import { defineResource } from '../define';
import { boolean, reference, text } from '../fields';
import { activationActions, code, deleteAction, notes } from './parts/common';
import { CODE_TAKEN } from './parts/tree';

export const departments = defineResource({
  name: 'departments',
  api: 'finance',
  path: 'departments',
  route: { base: '/configuracoes/departamentos', idParam: 'departmentId' },
  permission: 'departments',
  labels: { one: 'Departamento', many: 'Departamentos', gender: 'm' },
  titleField: 'name',
  fields: {
    code: text('Código', { rule: code() }),
    name: text('Nome'),
    managerId: reference('Responsável', 'users', { optional: true }),
    costCenterId: reference('Centro de custos padrão', 'costCenters', { optional: true }),
    isActive: boolean('Ativo', { initial: true }),
    description: notes('Descrição', 2000),
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '160px' }, { field: 'name', sortable: true }, { field: 'managerId' }, { field: 'costCenterId' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['code', 'name'],
    filters: [{ field: 'managerId' }, { field: 'costCenterId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Departamento', fields: ['code', 'name', 'managerId', 'costCenterId', 'isActive', 'description'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [...activationActions('Inativar os departamentos selecionados?'), deleteAction('Excluir os departamentos selecionados?')],
});

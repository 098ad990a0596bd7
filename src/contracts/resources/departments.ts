/**
 * Departamentos (/configuracoes/departamentos): the organisation's departments (settings),
 * with a manager and a default cost centre — used by approval triggers and lançamentos.
 * Not the product departments of /departamentos (that is `categories`). API: finance `departments`.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText } from '../resource';
import { code, deleteAction, notes } from './parts/common';
import { CODE_TAKEN } from './parts/tree';

export const departments = defineResource({
  name: 'departments',
  api: 'finance',
  path: 'departments',
  route: { base: '/configuracoes/departamentos', idParam: 'departmentId' },
  permission: 'departments',
  labels: { one: 'Departamento', many: 'Departamentos', gender: 'm' },
  titleField: 'name',
  schema: z.object({
    code: code(),
    name: requiredText(120),
    managerId: optional(z.string().check(z.maxLength(64))),
    costCenterId: optional(z.string().check(z.maxLength(64))),
    isActive: z.boolean(),
    description: notes(2000),
  }),
  fields: {
    code: { type: 'text', label: 'Código' },
    name: { type: 'text', label: 'Nome' },
    managerId: { type: 'reference', label: 'Responsável', resource: 'users' },
    costCenterId: { type: 'reference', label: 'Centro de custos padrão', resource: 'costCenters' },
    isActive: { type: 'boolean', label: 'Ativo', initial: true },
    description: { type: 'longText', label: 'Descrição' },
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '10rem' }, { field: 'name', sortable: true }, { field: 'managerId' }, { field: 'costCenterId' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['code', 'name'],
    filters: [{ field: 'managerId' }, { field: 'costCenterId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Departamento', fields: ['code', 'name', 'managerId', 'costCenterId', 'isActive', 'description'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [deleteAction('Excluir os departamentos selecionados?')],
});

/**
 * Tipos de empresa (matriz, filial, coligada…): the grouping of the companies screens
 * /empresas/{companyTypeId} and /gestao-de-empresas/{companyTypeId}. Managed at
 * /configuracoes/tipos-de-empresa (a route of ours: the spec only shows the companies under a
 * type); /empresas and /gestao-de-empresas list the types to choose from.
 * API: companies `company-types`. Permission: `companies` (no module of its own).
 */
import { defineResource } from '../define';
import { boolean, integer, text } from '../fields';
import { activationActions, deleteAction, notes } from './parts/common';

export const companyTypes = defineResource({
  name: 'companyTypes',
  api: 'companies',
  path: 'company-types',
  route: { base: '/configuracoes/tipos-de-empresa', idParam: 'companyTypeId' },
  permission: 'companies',
  labels: { one: 'Tipo de empresa', many: 'Tipos de empresa', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Nome', { max: 80 }),
    description: notes('Descrição', 2000),
    position: integer('Ordem de exibição', { min: 0, max: 100_000, optional: true }),
    isActive: boolean('Ativo', { initial: true }),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'position', sortable: true }, { field: 'isActive' }],
    defaultSort: 'position',
    searchFields: ['name'],
    filters: [{ field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Dados do tipo', fields: ['name', 'description', 'position', 'isActive'] }] },
  unique: [{ fields: ['name'], message: 'Já existe um tipo de empresa com este nome.' }],
  actions: [...activationActions('Inativar os tipos selecionados?'), deleteAction('Excluir os tipos selecionados? Só é possível excluir tipos sem empresas.')],
});

/**
 * Departamentos de produtos (/departamentos): the product category tree of the catalogue
 * (/pedidos/catalogo/{categorySlug*} walks it by slug). Not the organisation's departments of
 * /configuracoes/departamentos. API: supply `categories`.
 */
import { defineResource } from '../define';
import { boolean, integer, text, tree } from '../fields';
import { activationActions, deleteAction, notes, slug } from './parts/common';

export const categories = defineResource({
  name: 'categories',
  api: 'supply',
  path: 'categories',
  route: { base: '/departamentos', idParam: 'categoryId' },
  permission: 'categories',
  labels: { one: 'Departamento', many: 'Departamentos', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Nome'),
    slug: text('Identificador na URL', { rule: slug(80), help: 'Letras minúsculas, números e hífens (ex.: material-de-escritorio).' }),
    parentId: tree('Departamento pai'),
    position: integer('Ordem de exibição', { min: 0, max: 100_000, optional: true }),
    isActive: boolean('Ativo', { initial: true }),
    description: notes('Descrição', 2000),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'slug' }, { field: 'parentId' }, { field: 'position', sortable: true }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'slug'],
    filters: [{ field: 'parentId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Departamento', fields: ['name', 'slug', 'parentId', 'position', 'isActive', 'description'] }] },
  unique: [{ fields: ['parentId', 'slug'], message: 'Já existe um departamento com este identificador neste nível.' }],
  actions: [...activationActions('Inativar os departamentos selecionados?'), deleteAction('Excluir os departamentos selecionados? Departamentos com produtos ou filhos não podem ser excluídos.')],
});

/**
 * Departamentos de produtos (/departamentos): the product category tree of the catalogue
 * (/pedidos/catalogo/{categorySlug*} walks it by slug). Not the organisation's departments of
 * /configuracoes/departamentos. API: supply `categories`.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText } from '../resource';
import { deleteAction, notes, sortOrder } from './parts/common';

export const categories = defineResource({
  name: 'categories',
  api: 'supply',
  path: 'categories',
  route: { base: '/departamentos', idParam: 'categoryId' },
  permission: 'categories',
  labels: { one: 'Departamento', many: 'Departamentos', gender: 'm' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    slug: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use letras minúsculas, números e hífens.'), z.maxLength(80)),
    parentId: optional(z.string().check(z.maxLength(64))),
    position: sortOrder(),
    isActive: z.boolean(),
    description: notes(2000),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    slug: { type: 'text', label: 'Identificador na URL', help: 'Letras minúsculas, números e hífens (ex.: material-de-escritorio).' },
    parentId: { type: 'tree', label: 'Departamento pai' },
    position: { type: 'integer', label: 'Ordem de exibição' },
    isActive: { type: 'boolean', label: 'Ativo', initial: true },
    description: { type: 'longText', label: 'Descrição' },
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'slug' }, { field: 'parentId' }, { field: 'position', sortable: true }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'slug'],
    filters: [{ field: 'parentId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Departamento', fields: ['name', 'slug', 'parentId', 'position', 'isActive', 'description'] }] },
  unique: [{ fields: ['parentId', 'slug'], message: 'Já existe um departamento com este identificador neste nível.' }],
  actions: [deleteAction('Excluir os departamentos selecionados? Departamentos com produtos ou filhos não podem ser excluídos.')],
});

/**
 * Recursos de uma aplicação: the names policies grant scopes on (camelCase, as the modules of
 * app.config.json: `purchaseOrders`). API: identity `applications/{applicationId}/resources`.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText } from '../resource';

export const applicationResources = defineResource({
  name: 'applicationResources',
  api: 'identity',
  path: 'applications/{applicationId}/resources',
  route: { base: '/configuracoes/aplicacoes/{applicationId}/recursos', idParam: 'applicationResourceId' },
  permission: 'applicationResources',
  parent: { resource: 'applications', param: 'applicationId' },
  labels: { one: 'Recurso', many: 'Recursos', gender: 'm' },
  titleField: 'title',
  schema: z.object({
    name: z.string().check(z.regex(/^[a-z][A-Za-z0-9]*$/, 'Use camelCase (ex.: purchaseOrders).'), z.maxLength(80)),
    title: requiredText(120),
    description: optional(z.string().check(z.maxLength(2000))),
  }),
  fields: {
    name: { type: 'text', label: 'Nome técnico', help: 'Em camelCase, igual ao recurso do módulo (ex.: purchaseOrders).' },
    title: { type: 'text', label: 'Título' },
    description: { type: 'longText', label: 'Descrição' },
  },
  list: {
    columns: [{ field: 'title', sortable: true }, { field: 'name', sortable: true }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'title',
    searchFields: ['title', 'name'],
  },
  form: { sections: [{ key: 'general', title: 'Dados do recurso', fields: ['title', 'name', 'description'] }] },
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir os recursos selecionados?', tone: 'danger' }],
});

/**
 * Recursos de uma aplicação: the names policies grant scopes on (camelCase, as the modules of
 * app.config.json: `purchaseOrders`). API: identity `applications/{applicationId}/resources`.
 */
import { defineResource } from '../define';
import { lengthOnly, longText, text } from '../fields';
import { camelName } from './parts/common';

export const applicationResources = defineResource({
  name: 'applicationResources',
  api: 'identity',
  path: 'applications/{applicationId}/resources',
  route: { base: '/configuracoes/aplicacoes/{applicationId}/recursos', idParam: 'applicationResourceId' },
  permission: 'applicationResources',
  parent: { resource: 'applications', param: 'applicationId' },
  labels: { one: 'Recurso', many: 'Recursos', gender: 'm' },
  titleField: 'title',
  fields: {
    name: text('Nome técnico', { rule: camelName('Use camelCase (ex.: purchaseOrders).'), help: 'Em camelCase, igual ao recurso do módulo (ex.: purchaseOrders).' }),
    title: text('Título'),
    description: longText('Descrição', { optional: true, rule: lengthOnly(2000) }),
  },
  list: {
    columns: [{ field: 'title', sortable: true }, { field: 'name', sortable: true }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'title',
    searchFields: ['title', 'name'],
  },
  form: { sections: [{ key: 'general', title: 'Dados do recurso', fields: ['title', 'name', 'description'] }] },
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir os recursos selecionados?', tone: 'danger' }],
});

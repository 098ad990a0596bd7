/**
 * Grupos de Agências (ACLs) of an application, with their items (the agencies). Policies grant
 * scopes on an ACL by its `name`. API: identity `applications/{applicationId}/acls`; the items
 * travel inside the ACL (`items`), shown on the `items` sub-page.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText } from '../resource';

export const aclItem = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Informe o código.'), z.maxLength(60)),
  label: z.string().check(z.trim(), z.minLength(1, 'Informe a descrição.'), z.maxLength(160)),
});

export const applicationAcls = defineResource({
  name: 'applicationAcls',
  api: 'identity',
  path: 'applications/{applicationId}/acls',
  route: { base: '/configuracoes/aplicacoes/{applicationId}/acls', idParam: 'applicationAclId' },
  permission: 'applicationAcls',
  parent: { resource: 'applications', param: 'applicationId' },
  labels: { one: 'Grupo de Agências', many: 'Grupos de Agências', gender: 'm' },
  titleField: 'title',
  schema: z.object({
    name: z.string().check(z.regex(/^[a-z][A-Za-z0-9]*$/, 'Use camelCase (ex.: agenciasSul).'), z.maxLength(80)),
    title: requiredText(120),
    description: optional(z.string().check(z.maxLength(2000))),
    items: z.array(aclItem).check(z.maxLength(5000)),
  }),
  fields: {
    name: { type: 'text', label: 'Nome técnico', help: 'Em camelCase; é o nome usado nas políticas.' },
    title: { type: 'text', label: 'Título' },
    description: { type: 'longText', label: 'Descrição' },
    items: {
      type: 'list',
      label: 'Itens',
      of: { code: { type: 'text', label: 'Código' }, label: { type: 'text', label: 'Descrição' } },
    },
  },
  list: {
    columns: [{ field: 'title', sortable: true }, { field: 'name', sortable: true }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'title',
    searchFields: ['title', 'name'],
  },
  form: {
    sections: [
      { key: 'general', title: 'Dados do grupo', fields: ['title', 'name', 'description'] },
      { key: 'items', title: 'Itens', fields: ['items'] },
    ],
  },
  tabs: [{ path: 'items', label: 'Itens', field: 'items' }],
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir os grupos selecionados?', tone: 'danger' }],
});

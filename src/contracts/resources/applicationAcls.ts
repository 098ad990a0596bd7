/**
 * Grupos de Agências (ACLs) of an application, with their items (the agencies). Policies grant
 * scopes on an ACL by its `name`. API: identity `applications/{applicationId}/acls`; the items
 * travel inside the ACL (`items`), shown on the `items` sub-page.
 */
import type * as z from 'zod/mini';
import { type Rule } from '../validation/rules';
import { defineResource } from '../define';
import { lengthOnly, list, longText, text } from '../fields';
import { camelName } from './parts/common';

/** Trimmed, not empty (`message`), at most `max` characters (zod's own message). */
const itemText = (max: number, message: string): Rule<z.ZodMiniString<string>> => ({ z }) => z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max));

export const applicationAcls = defineResource({
  name: 'applicationAcls',
  api: 'identity',
  path: 'applications/{applicationId}/acls',
  route: { base: '/configuracoes/aplicacoes/{applicationId}/acls', idParam: 'applicationAclId' },
  permission: 'applicationAcls',
  parent: { resource: 'applications', param: 'applicationId' },
  labels: { one: 'Grupo de Agências', many: 'Grupos de Agências', gender: 'm' },
  titleField: 'title',
  fields: {
    name: text('Nome técnico', { rule: camelName('Use camelCase (ex.: agenciasSul).'), help: 'Em camelCase; é o nome usado nas políticas.' }),
    title: text('Título'),
    description: longText('Descrição', { optional: true, rule: lengthOnly(2000) }),
    items: list('Itens', { code: text('Código', { rule: itemText(60, 'Informe o código.') }), label: text('Descrição', { rule: itemText(160, 'Informe a descrição.') }) }, { max: 5000, addLabel: 'Adicionar agência' }),
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

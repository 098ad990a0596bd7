/**
 * Perfis de Usuário (/grupos-de-usuario): groups with members and policies; a member holds
 * every policy of the group. API: identity `user-groups`.
 */
import * as z from 'zod/mini';
import { defineResource, idList, optional, requiredText } from '../resource';
import { CURRENT_APPLICATION } from './applications';

export const userGroups = defineResource({
  name: 'userGroups',
  api: 'identity',
  path: 'user-groups',
  route: { base: '/grupos-de-usuario', idParam: 'userGroupId' },
  permission: 'userGroups',
  labels: { one: 'Perfil de Usuário', many: 'Perfis de Usuário', gender: 'm' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    description: optional(z.string().check(z.maxLength(2000))),
    members: idList(100_000),
    policies: idList(),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    description: { type: 'longText', label: 'Descrição' },
    members: { type: 'references', label: 'Membros', resource: 'users' },
    policies: { type: 'references', label: 'Políticas', resource: 'applicationPolicies', params: { applicationId: CURRENT_APPLICATION } },
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'description' }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'name',
    searchFields: ['name', 'description'],
    filters: [{ field: 'members' }, { field: 'policies' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Dados do perfil', fields: ['name', 'description'] },
      { key: 'access', title: 'Membros e políticas', fields: ['members', 'policies'] },
    ],
  },
  tabs: [
    { path: 'membros', label: 'Membros', field: 'members' },
    { path: 'politicas', label: 'Políticas', field: 'policies' },
  ],
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir os perfis selecionados?', tone: 'danger' }],
});

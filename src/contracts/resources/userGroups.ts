/**
 * Perfis de Usuário (/grupos-de-usuario): groups with members and policies; a member holds
 * every policy of the group. API: identity `user-groups`.
 */
import { defineResource } from '../define';
import { lengthOnly, longText, references, text } from '../fields';
import { CURRENT_APPLICATION } from './applications';

export const userGroups = defineResource({
  name: 'userGroups',
  api: 'identity',
  path: 'user-groups',
  route: { base: '/grupos-de-usuario', idParam: 'userGroupId' },
  permission: 'userGroups',
  labels: { one: 'Perfil de Usuário', many: 'Perfis de Usuário', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Nome'),
    description: longText('Descrição', { optional: true, rule: lengthOnly(2000) }),
    members: references('Membros', 'users', { max: 100_000 }),
    policies: references('Políticas', 'applicationPolicies', { params: { applicationId: CURRENT_APPLICATION } }),
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

/**
 * Usuários (/usuarios): people who sign in, their access level, two-factor rules, user groups
 * (perfis ativos) and direct policies. API: identity `users`.
 */
import { defineResource } from '../define';
import { boolean, datetime, email, enumList, enumOf, references, text } from '../fields';
import { ACCESS_LEVELS, TWO_FACTOR_METHODS } from '../identityNames';
import { CURRENT_APPLICATION } from './applications';

export const users = defineResource({
  name: 'users',
  api: 'identity',
  path: 'users',
  route: { base: '/usuarios', idParam: 'userId' },
  permission: 'users',
  labels: { one: 'Usuário', many: 'Usuários', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Nome'),
    email: email('E-mail'),
    // A new user starts with the least privilege; SystemOwner is never a default.
    accessLevel: enumOf('Nível de acesso', ACCESS_LEVELS, { SystemOwner: 'Proprietário do sistema', Admin: 'Administrador', User: 'Usuário' }, { initial: 'User' }),
    isActive: boolean('Ativo', { initial: true }),
    twoFactorMandatory: boolean('Verificação em duas etapas obrigatória'),
    allowedMethods: enumList('Métodos de verificação permitidos', TWO_FACTOR_METHODS, { Email: 'E-mail', TOTP: 'Aplicativo autenticador' }, { atLeastOne: 'Escolha ao menos um método.', initial: ['Email'] }),
    groups: references('Perfis de usuário', 'userGroups'),
    policies: references('Políticas', 'applicationPolicies', { params: { applicationId: CURRENT_APPLICATION } }),
    lastLoginAt: datetime('Último acesso', { optional: true, readOnly: true }),
  },
  list: {
    columns: [
      { field: 'name', sortable: true },
      { field: 'email', sortable: true },
      { field: 'accessLevel', sortable: true },
      { field: 'isActive' },
      { field: 'lastLoginAt', sortable: true },
    ],
    defaultSort: 'name',
    searchFields: ['name', 'email'],
    filters: [{ field: 'accessLevel' }, { field: 'isActive' }, { field: 'groups' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Dados do usuário', fields: ['name', 'email', 'accessLevel', 'isActive'] },
      { key: 'security', title: 'Segurança', fields: ['twoFactorMandatory', 'allowedMethods'] },
      { key: 'access', title: 'Acessos', fields: ['groups', 'policies'] },
    ],
  },
  tabs: [
    { path: 'perfis-ativos', label: 'Perfis ativos', field: 'groups' },
    { path: 'politicas', label: 'Políticas', field: 'policies' },
  ],
  actions: [
    { name: 'activate', label: 'Ativar', scope: 'update', bulk: true, set: { isActive: true } },
    { name: 'deactivate', label: 'Desativar', scope: 'update', bulk: true, set: { isActive: false }, confirm: 'Desativar os usuários selecionados? Eles não poderão mais entrar.' },
    { name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir os usuários selecionados?', tone: 'danger' },
  ],
});

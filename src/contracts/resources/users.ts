/**
 * Usuários (/usuarios): people who sign in, their access level, two-factor rules, user groups
 * (perfis ativos) and direct policies. API: identity `users`.
 */
import * as z from 'zod/mini';
import { email } from '../documents';
import { ACCESS_LEVELS, TWO_FACTOR_METHODS } from '../identity';
import { defineResource, idList, optional, requiredText } from '../resource';
import { CURRENT_APPLICATION } from './applications';

export const users = defineResource({
  name: 'users',
  api: 'identity',
  path: 'users',
  route: { base: '/usuarios', idParam: 'userId' },
  permission: 'users',
  labels: { one: 'Usuário', many: 'Usuários', gender: 'm' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    email: email(),
    accessLevel: z.enum(ACCESS_LEVELS),
    isActive: z.boolean(),
    twoFactorMandatory: z.boolean(),
    allowedMethods: z.array(z.enum(TWO_FACTOR_METHODS)).check(z.minLength(1, 'Escolha ao menos um método.')),
    groups: idList(),
    policies: idList(),
    lastLoginAt: optional(z.string()),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    email: { type: 'email', label: 'E-mail' },
    accessLevel: {
      type: 'enum',
      label: 'Nível de acesso',
      options: ACCESS_LEVELS,
      // A new user starts with the least privilege; SystemOwner is never a default.
      initial: 'User',
      optionLabels: { SystemOwner: 'Proprietário do sistema', Admin: 'Administrador', User: 'Usuário' },
    },
    isActive: { type: 'boolean', label: 'Ativo', initial: true },
    twoFactorMandatory: { type: 'boolean', label: 'Verificação em duas etapas obrigatória' },
    allowedMethods: {
      type: 'enum',
      multiple: true,
      label: 'Métodos de verificação permitidos',
      options: TWO_FACTOR_METHODS,
      initial: ['Email'],
      optionLabels: { Email: 'E-mail', TOTP: 'Aplicativo autenticador' },
    },
    groups: { type: 'references', label: 'Perfis de usuário', resource: 'userGroups' },
    policies: { type: 'references', label: 'Políticas', resource: 'applicationPolicies', params: { applicationId: CURRENT_APPLICATION } },
    lastLoginAt: { type: 'datetime', label: 'Último acesso', readOnly: true },
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
    { name: 'activate', label: 'Ativar', scope: 'update', bulk: true },
    { name: 'deactivate', label: 'Desativar', scope: 'update', bulk: true, confirm: 'Desativar os usuários selecionados? Eles não poderão mais entrar.' },
    { name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir os usuários selecionados?', tone: 'danger' },
  ],
});

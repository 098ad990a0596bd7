/**
 * Políticas of an application: a name and statements, each granting scopes on a resource or an
 * ACL by name (spec §6). API: identity `applications/{applicationId}/policies`.
 */
import { defineResource } from '../define';
import { enumOf, lengthOnly, list, longText, scopes, text } from '../fields';
import { camelName } from './parts/common';

export const POLICY_STATEMENT_KINDS = ['resource', 'acl'] as const;

export const applicationPolicies = defineResource({
  name: 'applicationPolicies',
  api: 'identity',
  path: 'applications/{applicationId}/policies',
  route: { base: '/configuracoes/aplicacoes/{applicationId}/politicas', idParam: 'applicationPolicyId' },
  permission: 'applicationPolicies',
  parent: { resource: 'applications', param: 'applicationId' },
  labels: { one: 'Política', many: 'Políticas', gender: 'f' },
  titleField: 'name',
  fields: {
    name: text('Nome'),
    description: longText('Descrição', { optional: true, rule: lengthOnly(2000) }),
    statements: list(
      'Permissões',
      {
        kind: enumOf('Tipo', POLICY_STATEMENT_KINDS, { resource: 'Recurso', acl: 'Grupo de Agências' }),
        name: text('Nome técnico', {
          rule: camelName('Use o nome técnico (camelCase).'),
          help: 'Um recurso do catálogo de permissões (ex.: orders = Pedidos, payables = Contas a pagar) ou um Grupo de Agências. Para um perfil, use a aba Permissões do perfil.',
        }),
        scopes: scopes('Escopos', { atLeastOne: 'Escolha ao menos um escopo.' }),
      },
      { max: 500, addLabel: 'Adicionar permissão' },
    ),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'description' }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'name',
    searchFields: ['name', 'description'],
  },
  form: {
    sections: [
      { key: 'general', title: 'Dados da política', fields: ['name', 'description'] },
      { key: 'statements', title: 'Permissões', fields: ['statements'] },
    ],
  },
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir as políticas selecionadas?', tone: 'danger' }],
});

/**
 * Políticas of an application: a name and statements, each granting scopes on a resource or an
 * ACL by name (spec §6). API: identity `applications/{applicationId}/policies`.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText, SCOPES } from '../resource';

export const POLICY_STATEMENT_KINDS = ['resource', 'acl'] as const;

export const policyStatement = z.object({
  kind: z.enum(POLICY_STATEMENT_KINDS),
  name: z.string().check(z.regex(/^[a-z][A-Za-z0-9]*$/, 'Use o nome técnico (camelCase).'), z.maxLength(80)),
  scopes: z.array(z.enum(SCOPES)).check(z.minLength(1, 'Escolha ao menos um escopo.')),
});
export type PolicyStatement = z.infer<typeof policyStatement>;

export const applicationPolicies = defineResource({
  name: 'applicationPolicies',
  api: 'identity',
  path: 'applications/{applicationId}/policies',
  route: { base: '/configuracoes/aplicacoes/{applicationId}/politicas', idParam: 'applicationPolicyId' },
  permission: 'applicationPolicies',
  parent: { resource: 'applications', param: 'applicationId' },
  labels: { one: 'Política', many: 'Políticas', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    description: optional(z.string().check(z.maxLength(2000))),
    statements: z.array(policyStatement).check(z.maxLength(500)),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    description: { type: 'longText', label: 'Descrição' },
    statements: {
      type: 'list',
      label: 'Permissões',
      of: {
        kind: { type: 'enum', label: 'Tipo', options: POLICY_STATEMENT_KINDS, optionLabels: { resource: 'Recurso', acl: 'Grupo de Agências' } },
        name: { type: 'text', label: 'Nome técnico' },
        scopes: { type: 'scopes', label: 'Escopos' },
      },
    },
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

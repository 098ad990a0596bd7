/**
 * Organizações (/configuracoes/organizacoes): the tenants. SystemOwner only.
 * API: identity `organizations`.
 */
import * as z from 'zod/mini';
import { cnpj } from '../documents';
import { defineResource, optional, requiredText } from '../resource';

export const organizations = defineResource({
  name: 'organizations',
  api: 'identity',
  path: 'organizations',
  route: { base: '/configuracoes/organizacoes', idParam: 'organizationId' },
  permission: 'organizations',
  systemOwnerOnly: true,
  labels: { one: 'Organização', many: 'Organizações', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    tradeName: optional(z.string().check(z.maxLength(120))),
    cnpj: optional(cnpj()),
    isActive: z.boolean(),
  }),
  fields: {
    name: { type: 'text', label: 'Razão social' },
    tradeName: { type: 'text', label: 'Nome fantasia' },
    cnpj: { type: 'cnpj', label: 'CNPJ' },
    isActive: { type: 'boolean', label: 'Ativa', initial: true },
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'tradeName', sortable: true }, { field: 'cnpj' }, { field: 'isActive' }, { field: 'createdAt', sortable: true }],
    defaultSort: 'name',
    searchFields: ['name', 'tradeName', 'cnpj'],
    filters: [{ field: 'isActive' }, { field: 'createdAt' }],
  },
  form: { sections: [{ key: 'general', title: 'Dados da organização', fields: ['name', 'tradeName', 'cnpj', 'isActive'] }] },
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm: 'Excluir as organizações selecionadas?', tone: 'danger' }],
});

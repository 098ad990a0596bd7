/**
 * Organizações (/configuracoes/organizacoes): the tenants. SystemOwner only.
 * API: identity `organizations`.
 */
import { defineResource } from '../define';
import { boolean, cnpj, lengthOnly, text } from '../fields';

export const organizations = defineResource({
  name: 'organizations',
  api: 'identity',
  path: 'organizations',
  route: { base: '/configuracoes/organizacoes', idParam: 'organizationId' },
  permission: 'organizations',
  systemOwnerOnly: true,
  labels: { one: 'Organização', many: 'Organizações', gender: 'f' },
  titleField: 'name',
  fields: {
    name: text('Razão social'),
    tradeName: text('Nome fantasia', { optional: true, rule: lengthOnly(120) }),
    cnpj: cnpj('CNPJ', { optional: true }),
    isActive: boolean('Ativa', { initial: true }),
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

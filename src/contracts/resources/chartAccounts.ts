/**
 * Plano de contas (/configuracoes/planos-de-contas): the chart of accounts as a tree; synthetic
 * accounts group, analytic ones (`acceptsEntries`) receive entries. API: finance `chart-accounts`.
 */
import { defineResource } from '../define';
import { boolean, enumOf } from '../fields';
import { activationActions, deleteAction } from './parts/common';
import { CODE_TAKEN, treeFields } from './parts/tree';

export const ACCOUNT_NATURES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export const ACCOUNT_NATURE_LABELS = { asset: 'Ativo', liability: 'Passivo', equity: 'Patrimônio líquido', revenue: 'Receita', expense: 'Despesa' } as const;

export const chartAccounts = defineResource({
  name: 'chartAccounts',
  api: 'finance',
  path: 'chart-accounts',
  route: { base: '/configuracoes/planos-de-contas', idParam: 'chartAccountId' },
  permission: 'chartAccounts',
  labels: { one: 'Conta do plano', many: 'Planos de Contas', gender: 'f' },
  titleField: 'name',
  fields: {
    ...treeFields,
    nature: enumOf('Natureza', ACCOUNT_NATURES, ACCOUNT_NATURE_LABELS),
    acceptsEntries: boolean('Analítica (recebe lançamentos)'),
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '160px' }, { field: 'name', sortable: true }, { field: 'nature', sortable: true }, { field: 'acceptsEntries' }, { field: 'parentId' }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name'],
    filters: [{ field: 'nature' }, { field: 'acceptsEntries' }, { field: 'parentId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Conta', fields: ['code', 'name', 'parentId', 'nature', 'acceptsEntries', 'isActive', 'description'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [...activationActions('Inativar as contas selecionadas?'), deleteAction('Excluir as contas selecionadas? Contas com lançamentos ou filhas não podem ser excluídas.')],
});

/**
 * Plano de contas (/configuracoes/planos-de-contas): the chart of accounts as a tree; synthetic
 * accounts group, analytic ones (`acceptsEntries`) receive entries. API: finance `chart-accounts`.
 */
import * as z from 'zod/mini';
import { defineResource } from '../resource';
import { deleteAction } from './parts/common';
import { CODE_TAKEN, treeFields, treeShape } from './parts/tree';

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
  schema: z.object({ ...treeShape, nature: z.enum(ACCOUNT_NATURES), acceptsEntries: z.boolean() }),
  fields: {
    ...treeFields,
    nature: { type: 'enum', label: 'Natureza', options: ACCOUNT_NATURES, optionLabels: ACCOUNT_NATURE_LABELS },
    acceptsEntries: { type: 'boolean', label: 'Analítica (recebe lançamentos)' },
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '10rem' }, { field: 'name', sortable: true }, { field: 'nature', sortable: true }, { field: 'acceptsEntries' }, { field: 'parentId' }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name'],
    filters: [{ field: 'nature' }, { field: 'acceptsEntries' }, { field: 'parentId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Conta', fields: ['code', 'name', 'parentId', 'nature', 'acceptsEntries', 'isActive', 'description'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [deleteAction('Excluir as contas selecionadas? Contas com lançamentos ou filhas não podem ser excluídas.')],
});

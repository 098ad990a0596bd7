/**
 * Regras de conciliação (/configuracoes/regras-de-conciliacao): what the treasury saves so that a
 * statement line nobody announced (a bank fee) is classified the same way every month — "the
 * histórico contains TARIFA PACOTE → categoria Tarifas bancárias, centro de custos Administrativo,
 * fornecedor the bank". Per organisation, as data; the conciliação suggests the rule's values on
 * "Criar lançamento quitado" for the open lines whose memo contains the text (accents and case
 * ignored; the longest text wins; a saída reads the expense side, an entrada the revenue side).
 * Nothing is created by a rule alone: the treasurer confirms. API: finance `reconciliation-rules`.
 */
import { defineResource } from '../define';
import { boolean, reference, text } from '../fields';
import { activationActions, deleteAction } from './parts/common';

export const RECONCILIATION_RULE_MESSAGES = {
  category: 'Escolha a categoria de despesa (saídas) ou de receita (entradas).',
} as const;

export const reconciliationRules = defineResource({
  name: 'reconciliationRules',
  api: 'finance',
  path: 'reconciliation-rules',
  route: { base: '/configuracoes/regras-de-conciliacao', idParam: 'reconciliationRuleId' },
  permission: 'bankAccounts',
  labels: { one: 'Regra de conciliação', many: 'Regras de conciliação', gender: 'f' },
  titleField: 'pattern',
  fields: {
    pattern: text('Histórico contém', { max: 80, required: 'Informe o texto do histórico, por exemplo TARIFA PACOTE.', help: 'Sem diferença entre maiúsculas, minúsculas e acentos.' }),
    expenseCategoryId: reference('Categoria de despesa (saídas)', 'expenseCategories', { optional: true }),
    revenueCategoryId: reference('Categoria de receita (entradas)', 'revenueCategories', { optional: true }),
    costCenterId: reference('Centro de custos', 'costCenters', { optional: true }),
    supplierId: reference('Fornecedor (saídas)', 'suppliers', { optional: true }),
    customerId: reference('Cliente (entradas)', 'customers', { optional: true }),
    isActive: boolean('Ativa', { initial: true }),
  },
  list: {
    columns: [{ field: 'pattern', sortable: true }, { field: 'expenseCategoryId' }, { field: 'revenueCategoryId' }, { field: 'costCenterId' }, { field: 'isActive' }],
    defaultSort: 'pattern',
    searchFields: ['pattern'],
    filters: [{ field: 'expenseCategoryId' }, { field: 'revenueCategoryId' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Regra', fields: ['pattern', 'isActive'] },
      { key: 'classification', title: 'Classificação sugerida', fields: ['expenseCategoryId', 'supplierId', 'revenueCategoryId', 'customerId', 'costCenterId'] },
    ],
  },
  unique: [{ fields: ['pattern'], message: 'Já existe uma regra com este texto.' }],
  actions: [...activationActions('Inativar as regras selecionadas?'), deleteAction('Excluir as regras selecionadas?')],
});

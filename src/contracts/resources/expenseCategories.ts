/** Categorias de despesas (/configuracoes/categorias-de-despesas): a tree, each node on a DRE line. API: finance `expense-categories`. */
import { EXPENSE_DRE_LINES } from '../brazil';
import { defineResource } from '../define';
import { financeCategoryParts } from './parts/financeCategory';

export const expenseCategories = defineResource({
  name: 'expenseCategories',
  api: 'finance',
  path: 'expense-categories',
  route: { base: '/configuracoes/categorias-de-despesas', idParam: 'expenseCategoryId' },
  permission: 'expenseCategories',
  labels: { one: 'Categoria de despesa', many: 'Categorias de Despesas', gender: 'f' },
  titleField: 'name',
  ...financeCategoryParts(EXPENSE_DRE_LINES),
});

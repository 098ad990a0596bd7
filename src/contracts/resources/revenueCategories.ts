/** Categorias de receitas (/configuracoes/categorias-de-receitas): a tree, each node on a DRE line. API: finance `revenue-categories`. */
import { REVENUE_DRE_LINES } from '../brazil';
import { defineResource } from '../define';
import { financeCategoryParts } from './parts/financeCategory';

export const revenueCategories = defineResource({
  name: 'revenueCategories',
  api: 'finance',
  path: 'revenue-categories',
  route: { base: '/configuracoes/categorias-de-receitas', idParam: 'revenueCategoryId' },
  permission: 'revenueCategories',
  labels: { one: 'Categoria de receita', many: 'Categorias de Receitas', gender: 'f' },
  titleField: 'name',
  ...financeCategoryParts(REVENUE_DRE_LINES),
});

/**
 * The painéis (issue 26) as data: name (the `painel` attribute of `<bo-painel>`), path and title.
 * Plain data: the route tables (read before anyone signs in) import it, not the charts.
 * - tesouraria: the treasurer's overview — cash per account, a pagar / a receber by month,
 *   previsto × realizado, overdue;
 * - dre: the DRE's results by month (receita líquida, lucro bruto, EBITDA, lucro líquido);
 * - dre1: the DRE by month, its lines (receitas, custos, despesas, lucro líquido);
 * - dre2: the DRE by cost centre (receitas, despesas, resultado);
 * - dfc: the cash flow by month (recebimentos, pagamentos, saldo).
 */
export const PAINELS = {
  tesouraria: { path: '/bi/dashboards', title: 'Tesouraria' },
  dre: { path: '/bi/dashboards/dre', title: 'Resultado (DRE)' },
  dre1: { path: '/bi/dashboards/dre1', title: 'DRE por mês' },
  dre2: { path: '/bi/dashboards/dre2', title: 'DRE por centro de custos' },
  dfc: { path: '/bi/dashboards/dfc', title: 'Fluxo de caixa (DFC)' },
} as const;
export type PainelName = keyof typeof PAINELS;

export const PAINEL_NAMES = Object.keys(PAINELS) as PainelName[];

/** The painel a path shows (the overview for `/bi/dashboards` and anything unknown under it). */
export const painelAt = (path: string): PainelName =>
  PAINEL_NAMES.find((name) => name !== 'tesouraria' && (path === PAINELS[name].path || path.startsWith(`${PAINELS[name].path}/`))) ?? 'tesouraria';

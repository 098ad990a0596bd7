/**
 * Where each BI report lives and what it is called: plain data, so the route tables (loaded before
 * anyone signs in) do not pull the reports' schemas and what they import (reports.ts reads these).
 */
export const REPORT_PAGES = {
  dre: { title: 'DRE por mês', route: '/bi/relatorios/dre' },
  cashFlow: { title: 'Fluxo de caixa', route: '/bi/relatorios/fluxo-de-caixa' },
} as const;

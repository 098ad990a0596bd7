/**
 * Where each BI report lives and what it is called: plain data, so the route tables (loaded before
 * anyone signs in) do not pull the reports' schemas and what they import (reports.ts reads these).
 */
export const REPORT_PAGES = {
  dre: { title: 'DRE por mês', route: '/bi/relatorios/dre' },
  dreByCostCenter: { title: 'DRE por centro de custo', route: '/bi/relatorios/dre-por-centro-de-custo' },
  dfc: { title: 'DFC (método direto)', route: '/bi/relatorios/dfc' },
  cashFlow: { title: 'Fluxo de caixa', route: '/bi/relatorios/fluxo-de-caixa' },
} as const;

/** The DFC's groups (direct method): each category names one (`dfcGroup`); none: operacional. */
export const DFC_GROUPS = ['operating', 'investing', 'financing'] as const;
export type DfcGroup = (typeof DFC_GROUPS)[number];
export const DFC_GROUP_LABELS: Readonly<Record<DfcGroup, string>> = { operating: 'Atividades operacionais', investing: 'Atividades de investimento', financing: 'Atividades de financiamento' };

/** The date bases the summaries keep (migration 0030): competência, vencimento, baixa (cash). */
export const BASES = ['competence', 'due', 'paid'] as const;
export type Basis = (typeof BASES)[number];

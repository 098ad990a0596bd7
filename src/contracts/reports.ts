/**
 * The report kind (issue 26): a read-only grid of rows × period columns, declared as data — its
 * endpoint, filters (with their defaults, kept in the URL) and date bases — and answered in one
 * shape, so one screen (src/modules/bi/ReportPage.tsx) shows every report and every number drills
 * down to the parcelas behind it (`drill` endpoint: raw rows, the same shares the summaries hold).
 * Money in centavos; a null value is a cell that does not apply (realizado of a future period).
 */
import * as z from 'zod/mini';
import { date as dateRule } from './documents';
import { defineEndpoint, type Endpoint } from './endpoint';
import { BASES, REPORT_PAGES, type Basis } from './reportPages';

export { BASES, DFC_GROUP_LABELS, DFC_GROUPS, type Basis, type DfcGroup } from './reportPages';

export const REPORT_PERMISSION = 'financeReports';

export const BASIS_LABELS: Readonly<Record<Basis, string>> = { competence: 'Competência', due: 'Vencimento', paid: 'Baixa (caixa)' };

export const GRAINS = ['day', 'week', 'month'] as const;
export type Grain = (typeof GRAINS)[number];
export const GRAIN_LABELS: Readonly<Record<Grain, string>> = { day: 'Dia', week: 'Semana', month: 'Mês' };

/**
 * What a drill adds up: the principal (`amount`), the cash settled (`paid`), what is still owed
 * (`open`), or the baixas' juros + multa − desconto (`financial`: the DRE's Resultado financeiro,
 * at the baixa's date on every basis).
 */
export const MEASURES = ['amount', 'paid', 'open', 'financial'] as const;

export type Measure = (typeof MEASURES)[number];

export const REPORT_MESSAGES = {
  year: 'Informe um ano entre 2000 e 2100.',
  range: 'A data final deve ser igual ou posterior à inicial.',
  tooLong: 'Escolha um período de no máximo 366 dias por dia, 3 anos por semana ou mês.',
} as const;

/** What a cell drills into: the dimensions of its row (the column adds its dates). */
export const drillKey = z.object({
  basis: z.enum(BASES),
  measure: z.enum(MEASURES),
  direction: z.optional(z.enum(['payable', 'receivable'])),
  /** DRE lines, comma-separated (a subtotal: the lines above it). */
  dreLine: z.optional(z.string().check(z.maxLength(200))),
  /** DFC groups, comma-separated (a subtotal: every group). */
  dfcGroup: z.optional(z.string().check(z.maxLength(200))),
  categoryId: z.optional(z.string().check(z.maxLength(64))),
  costCenterId: z.optional(z.string().check(z.maxLength(64))),
  bankAccountId: z.optional(z.string().check(z.maxLength(64))),
});
export type DrillKey = z.infer<typeof drillKey>;

/** A column: a period (`from`–`to`), and what else its cells narrow the drill to (DRE by cost centre: the centre). */
export const reportColumn = z.object({ key: z.string(), label: z.string(), from: z.string(), to: z.string(), future: z.boolean(), drill: z.optional(z.object({ costCenterId: z.optional(z.string()) })) });
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportRow = z.object({
  key: z.string(),
  label: z.string(),
  /** line: a skeleton line; subtotal: computed; detail: under its `parent` (collapsible); balance: a running balance. */
  kind: z.enum(['line', 'subtotal', 'detail', 'balance']),
  parent: z.optional(z.string()),
  values: z.array(z.nullable(z.number())),
  total: z.nullable(z.number()),
  /** Drill-down of the row's cells (absent: a computed row). Signed rows flip the drilled amounts. */
  drill: z.optional(drillKey),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportAnswer = z.object({
  columns: z.array(reportColumn),
  rows: z.array(reportRow),
  /** The row each value is a percentage of (DRE: receita líquida); absent: no % column. */
  percentOf: z.optional(z.string()),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

const year = z.coerce.number().check(z.int(REPORT_MESSAGES.year), z.minimum(2000, REPORT_MESSAGES.year), z.maximum(2100, REPORT_MESSAGES.year));
const id = z.optional(z.string().check(z.maxLength(64)));

export const dreQuery = z.object({ year, basis: z.optional(z.enum(BASES)), costCenterId: id, bankAccountId: id });
export const dreByCostCenterQuery = z.object({ year, basis: z.optional(z.enum(BASES)), bankAccountId: id });
export const dfcQuery = z.object({ year, costCenterId: id, bankAccountId: id });
export const cashFlowQuery = z.object({ from: dateRule(), to: dateRule(), grain: z.optional(z.enum(GRAINS)), bankAccountId: id });

export const dreEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'reports/dre', summary: 'DRE por mês do ano, pela competência, vencimento ou baixa', query: dreQuery, answer: reportAnswer });
export const dreByCostCenterEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'reports/dre-by-cost-center', summary: 'DRE do ano por centro de custo, pela competência, vencimento ou baixa', query: dreByCostCenterQuery, answer: reportAnswer });
export const dfcEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'reports/dfc', summary: 'DFC pelo método direto: atividades operacionais, de investimento e de financiamento por mês, das baixas', query: dfcQuery, answer: reportAnswer });
export const cashFlowEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'reports/cash-flow', summary: 'Fluxo de caixa previsto × realizado por dia, semana ou mês, com o saldo acumulado', query: cashFlowQuery, answer: reportAnswer });

export const drillQuery = z.extend(drillKey, { from: dateRule(), to: dateRule() });
export const drillRow = z.object({
  id: z.string(),
  direction: z.enum(['payable', 'receivable']),
  entryNumber: z.number(),
  number: z.number(),
  description: z.string(),
  dueDate: z.string(),
  status: z.string(),
  /** What this parcela puts in the cell (its cost-centre share, its baixas in the period), signed: a receber +, a pagar −. */
  amount: z.number(),
});
export const drillAnswer = z.object({ rows: z.array(drillRow), total: z.number(), count: z.number(), truncated: z.boolean() });
export type DrillAnswer = z.infer<typeof drillAnswer>;
export const drillEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'reports/drill', summary: 'As parcelas por trás de um número de relatório', query: drillQuery, answer: drillAnswer });

/** A filter of a report screen: kept in the URL, with its default. */
export interface ReportFilter {
  key: string;
  label: string;
  kind: 'year' | 'basis' | 'grain' | 'date' | 'reference';
  /** The registry a `reference` filter picks from. */
  resource?: 'bankAccounts' | 'costCenters';
  /** What an empty `reference` filter means. */
  empty?: string;
}

/** A report screen, as data. */
export interface ReportDeclaration {
  name: string;
  title: string;
  route: string;
  endpoint: Endpoint<unknown, ReportAnswer>;
  filters: readonly ReportFilter[];
  /** Defaults of the filters, from today's date (YYYY-MM-DD). */
  defaults: (today: string) => Record<string, string>;
  /** The label of the rows' column. */
  rowsLabel: string;
}

/** The filters the reports share. */
const FILTERS = {
  year: { key: 'year', label: 'Ano', kind: 'year' },
  basis: { key: 'basis', label: 'Regime', kind: 'basis' },
  costCenter: { key: 'costCenterId', label: 'Centro de custos', kind: 'reference', resource: 'costCenters', empty: 'Todos os centros de custos' },
  account: { key: 'bankAccountId', label: 'Conta financeira', kind: 'reference', resource: 'bankAccounts', empty: 'Todas as contas' },
} as const satisfies Record<string, ReportFilter>;
const byYear = (today: string) => ({ year: today.slice(0, 4), basis: 'competence' });

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const REPORTS = {
  dre: {
    name: 'dre',
    ...REPORT_PAGES.dre,
    endpoint: dreEndpoint as Endpoint<unknown, ReportAnswer>,
    filters: [FILTERS.year, FILTERS.basis, FILTERS.costCenter, FILTERS.account],
    defaults: byYear,
    rowsLabel: 'Linha da DRE',
  },
  dreByCostCenter: {
    name: 'dreByCostCenter',
    ...REPORT_PAGES.dreByCostCenter,
    endpoint: dreByCostCenterEndpoint as Endpoint<unknown, ReportAnswer>,
    filters: [FILTERS.year, FILTERS.basis, FILTERS.account],
    defaults: byYear,
    rowsLabel: 'Linha da DRE',
  },
  dfc: {
    name: 'dfc',
    ...REPORT_PAGES.dfc,
    endpoint: dfcEndpoint as Endpoint<unknown, ReportAnswer>,
    filters: [FILTERS.year, FILTERS.costCenter, FILTERS.account],
    defaults: (today) => ({ year: today.slice(0, 4) }),
    rowsLabel: 'Atividade',
  },
  cashFlow: {
    name: 'cashFlow',
    ...REPORT_PAGES.cashFlow,
    endpoint: cashFlowEndpoint as Endpoint<unknown, ReportAnswer>,
    filters: [
      { key: 'from', label: 'De', kind: 'date' },
      { key: 'to', label: 'Até', kind: 'date' },
      { key: 'grain', label: 'Agrupar por', kind: 'grain' },
      FILTERS.account,
    ],
    defaults: (today) => ({ from: `${today.slice(0, 7)}-01`, to: addDays(`${today.slice(0, 7)}-01`, 89), grain: 'week' }),
    rowsLabel: 'Movimento',
  },
} as const satisfies Record<string, ReportDeclaration>;
export type ReportName = keyof typeof REPORTS;

/** A report's download (`{report path}/export.csv|xlsx`, the report's own query): the grid as on screen. */
export const reportExportPath = (endpoint: Pick<Endpoint, 'path'>, format: 'csv' | 'xlsx') => `${endpoint.path}/export.${format}`;

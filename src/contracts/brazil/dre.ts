/**
 * The DRE (demonstração do resultado) skeleton of DOMAIN.md, as data. Each revenue or expense
 * category maps to ONE mappable line; subtotal lines are computed, never mapped.
 *
 * Amounts are integer centavos, positive as booked: a revenue line adds, an expense line
 * subtracts; `financialResult` takes revenue categories (juros recebidos) and expense
 * categories (juros pagos, tarifas) alike, already signed by the caller (+ revenue, − expense).
 */

export const DRE_LINES = [
  { key: 'grossRevenue', label: 'Receita bruta', kind: 'revenue' },
  { key: 'deductions', label: 'Deduções', kind: 'expense' },
  { key: 'netRevenue', label: 'Receita líquida', kind: 'subtotal' },
  { key: 'costs', label: 'Custos', kind: 'expense' },
  { key: 'grossProfit', label: 'Lucro bruto', kind: 'subtotal' },
  { key: 'operatingExpenses', label: 'Despesas operacionais', kind: 'expense' },
  { key: 'ebitda', label: 'EBITDA', kind: 'subtotal' },
  { key: 'financialResult', label: 'Resultado financeiro', kind: 'financial' },
  { key: 'incomeTax', label: 'IR/CSLL', kind: 'expense' },
  { key: 'netIncome', label: 'Lucro líquido', kind: 'subtotal' },
] as const;

export type DreLine = (typeof DRE_LINES)[number]['key'];
export type DreLineKind = (typeof DRE_LINES)[number]['kind'];

const keysOf = <K extends DreLineKind>(...kinds: K[]) =>
  DRE_LINES.filter((line): line is Extract<(typeof DRE_LINES)[number], { kind: K }> => (kinds as string[]).includes(line.kind)).map((line) => line.key);

/** Lines a revenue category may map to. */
export const REVENUE_DRE_LINES = ['grossRevenue', 'financialResult'] as const satisfies readonly DreLine[];
/** Lines an expense category may map to. */
export const EXPENSE_DRE_LINES = ['deductions', 'costs', 'operatingExpenses', 'financialResult', 'incomeTax'] as const satisfies readonly DreLine[];
/** Computed lines (never mapped). */
export const SUBTOTAL_DRE_LINES = keysOf('subtotal');

export const DRE_LINE_LABELS: Readonly<Record<DreLine, string>> = Object.fromEntries(DRE_LINES.map((line) => [line.key, line.label])) as Record<DreLine, string>;

export type DreInput = Partial<Record<'grossRevenue' | 'deductions' | 'costs' | 'operatingExpenses' | 'financialResult' | 'incomeTax', number>>;

/**
 * Every line of the DRE from the mapped totals (centavos): expenses as positive amounts are
 * subtracted; `financialResult` is taken as signed.
 */
export function dreTotals(input: DreInput): Record<DreLine, number> {
  const v = (key: keyof DreInput) => input[key] ?? 0;
  const netRevenue = v('grossRevenue') - v('deductions');
  const grossProfit = netRevenue - v('costs');
  const ebitda = grossProfit - v('operatingExpenses');
  const netIncome = ebitda + v('financialResult') - v('incomeTax');
  return {
    grossRevenue: v('grossRevenue'),
    deductions: v('deductions'),
    netRevenue,
    costs: v('costs'),
    grossProfit,
    operatingExpenses: v('operatingExpenses'),
    ebitda,
    financialResult: v('financialResult'),
    incomeTax: v('incomeTax'),
    netIncome,
  };
}

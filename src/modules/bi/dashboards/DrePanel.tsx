/**
 * The DRE painéis, by month of a year (the DRE report's own call, on the basis chosen — competência
 * by default): `results` (the
 * subtotals: receita líquida, lucro bruto, EBITDA, lucro líquido) or `lines` (receita bruta, custos,
 * despesas operacionais, lucro líquido). Every number opens the DRE report on that cell's
 * drill-down on the same basis: the parcelas behind it.
 */
import { dreEndpoint, type ReportAnswer } from '../../../contracts/reports';
import { t } from '../../../core/i18n';
import { Link } from '../../../core/ui/Link';
import * as ui from '../../../core/ui/ui.css';
import { Chart, type ChartSeries } from './Chart';
import { FigureTable } from './FigureTable';
import { dreReport } from './links';
import { ByYearAndBasis } from './ByYearAndBasis';
import { basisParam } from './BasisPicker';
import type { Basis } from '../../../contracts/reports';

const VARIANTS = {
  results: { title: 'bi.painel.dreResults', rows: [['netRevenue', 'bar'], ['grossProfit', 'line'], ['ebitda', 'line'], ['netIncome', 'line']] },
  lines: { title: 'bi.painel.dreLines', rows: [['grossRevenue', 'bar'], ['costs', 'bar'], ['operatingExpenses', 'line'], ['netIncome', 'line']] },
} as const;

export function DrePanel({ variant }: { variant: keyof typeof VARIANTS }) {
  return <ByYearAndBasis painel="dre" endpoint={dreEndpoint}>{(answer, year, basis) => <Dre answer={answer} year={year} basis={basis} variant={variant} />}</ByYearAndBasis>;
}

function Dre({ answer, year, basis, variant }: { answer: ReportAnswer; year: number; basis: Basis; variant: keyof typeof VARIANTS }) {
  const { title: titleKey, rows: wanted } = VARIANTS[variant];
  const title = t(titleKey);
  const rows = wanted.map(([key, kind]) => ({ row: answer.rows.find((r) => r.key === key)!, kind })).filter(({ row }) => row);
  const labels = answer.columns.map((c) => c.label.slice(0, 3));
  const series: ChartSeries[] = rows.map(({ row, kind }) => ({ label: row.label, values: row.values, kind }));
  return (
    <section className={ui.card} aria-label={title}>
      <Chart title={`${title} — ${year}`} labels={labels} series={series} />
      <FigureTable
        title={`${title} — ${year}`}
        head={t('bi.painel.line')}
        columns={answer.columns.map((c) => ({ label: c.label, future: c.future }))}
        rows={rows.map(({ row }) => ({ label: row.label, values: row.values, href: (i) => dreReport(year, { drill: `${row.key}@${i}`, basis: basisParam(basis) }) }))}
      />
      <p style={{ margin: 0 }}><Link href={dreReport(year, { basis: basisParam(basis) })}>{t('bi.painel.openReport')}</Link></p>
    </section>
  );
}

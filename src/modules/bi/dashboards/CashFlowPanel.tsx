/**
 * The DFC painel: the cash flow of a year by month (the fluxo de caixa report's own call) —
 * recebimentos and pagamentos realizados (baixas, in cash) and the saldo final of each month.
 * Every number opens the fluxo de caixa report on that cell's drill-down.
 */
import { cashFlowEndpoint, type ReportAnswer } from '../../../contracts/reports';
import { t } from '../../../core/i18n';
import { callEndpoint } from '../../../core/resources/endpoint';
import { Link } from '../../../core/ui/Link';
import * as ui from '../../../core/ui/ui.css';
import { Chart, type ChartSeries } from './Chart';
import { FigureTable } from './FigureTable';
import { cashFlowReport } from './links';
import { Loaded } from './Loaded';
import { useYear, YearPicker } from './YearPicker';

const ROWS = [['inActual', 'bar'], ['outActual', 'bar'], ['closing', 'line']] as const;

export function CashFlowPanel() {
  const year = useYear();
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  return (
    <>
      <YearPicker year={year} />
      <Loaded query={['bi', 'painel', 'dfc', String(year)]} fetch={(signal) => callEndpoint(cashFlowEndpoint, { query: { ...range, grain: 'month' }, signal, silent: true })}>
        {(answer) => <CashFlow answer={answer} range={range} year={year} />}
      </Loaded>
    </>
  );
}

function CashFlow({ answer, range, year }: { answer: ReportAnswer; range: { from: string; to: string }; year: number }) {
  const title = `${t('bi.painel.cashFlow')} — ${year}`;
  const rows = ROWS.map(([key, kind]) => ({ row: answer.rows.find((r) => r.key === key)!, kind })).filter(({ row }) => row);
  const series: ChartSeries[] = rows.map(({ row, kind }) => ({ label: row.label, values: row.values, kind }));
  return (
    <section className={ui.card} aria-label={title}>
      <Chart title={title} labels={answer.columns.map((c) => c.label.slice(0, 3))} series={series} />
      <FigureTable
        title={title}
        head={t('bi.painel.movement')}
        columns={answer.columns.map((c) => ({ label: c.label, future: c.future }))}
        rows={rows.map(({ row }) => ({ label: row.label, values: row.values, href: row.drill ? (i) => cashFlowReport(range.from, range.to, `${row.key}@${i}`) : (i) => cashFlowReport(answer.columns[i].from, answer.columns[i].to) }))}
      />
      <p style={{ margin: 0 }}><Link href={cashFlowReport(range.from, range.to)}>{t('bi.painel.openReport')}</Link></p>
    </section>
  );
}

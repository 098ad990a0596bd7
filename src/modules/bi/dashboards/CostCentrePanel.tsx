/**
 * The DRE by cost centre painel (dre2): the year's receitas, despesas and resultado per cost centre
 * (competência, each lançamento's rateio share). Every row opens the DRE report filtered by that
 * centre. Without any rateio in the year, a pt-BR note says how to get one.
 */
import { costCentresEndpoint, type CostCentres } from '../../../contracts/dashboards';
import { t } from '../../../core/i18n';
import { callEndpoint } from '../../../core/resources/endpoint';
import * as ui from '../../../core/ui/ui.css';
import { Chart } from './Chart';
import { FigureTable } from './FigureTable';
import { dreReport } from './links';
import { Loaded } from './Loaded';
import { useYear, YearPicker } from './YearPicker';

export function CostCentrePanel() {
  const year = useYear();
  return (
    <>
      <YearPicker year={year} />
      <Loaded query={['bi', 'painel', 'dre2', String(year)]} fetch={(signal) => callEndpoint(costCentresEndpoint, { query: { year: String(year) }, signal, silent: true })}>
        {(answer) => <ByCentre answer={answer} />}
      </Loaded>
    </>
  );
}

function ByCentre({ answer }: { answer: CostCentres }) {
  const title = `${t('bi.painel.byCostCentre')} — ${answer.year}`;
  const named = answer.rows.filter((r) => r.id !== '');
  if (!named.length) return <p className={ui.card}>{t('bi.painel.noCostCentres', { year: answer.year })}</p>;
  const rows = answer.rows;
  const columns = [{ label: t('bi.painel.revenue') }, { label: t('bi.painel.expense') }, { label: t('bi.painel.result') }];
  return (
    <section className={ui.card} aria-label={title}>
      <Chart
        title={title}
        labels={rows.map((r) => r.name)}
        series={[{ label: t('bi.painel.revenue'), values: rows.map((r) => r.revenue), kind: 'bar' }, { label: t('bi.painel.expense'), values: rows.map((r) => r.expense), kind: 'bar' }, { label: t('bi.painel.result'), values: rows.map((r) => r.result), kind: 'line' }]}
      />
      <FigureTable
        title={title}
        head={t('bi.painel.costCentre')}
        columns={columns}
        rows={rows.map((r) => ({ label: r.name, values: [r.revenue, r.expense, r.result], href: r.id ? () => dreReport(answer.year, { costCenterId: r.id }) : undefined }))}
      />
    </section>
  );
}

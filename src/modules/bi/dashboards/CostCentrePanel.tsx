/**
 * The DRE by cost centre painel (dre2): the year's receitas, despesas and resultado per cost centre
 * on the basis chosen (competência by default; each lançamento's rateio share). Every row opens the
 * DRE report filtered by that centre, on the same basis. Without any rateio in the year, a pt-BR
 * note says how to get one.
 */
import { costCentresEndpoint, type CostCentres } from '../../../contracts/dashboards';
import { t } from '../../../core/i18n';
import * as ui from '../../../core/ui/ui.css';
import { Chart } from './Chart';
import { FigureTable } from './FigureTable';
import { dreReport } from './links';
import { ByYearAndBasis } from './ByYearAndBasis';
import { basisParam } from './BasisPicker';
import { BASIS_LABELS, type Basis } from '../../../contracts/reports';

export function CostCentrePanel() {
  return <ByYearAndBasis painel="dre2" endpoint={costCentresEndpoint}>{(answer, _year, basis) => <ByCentre answer={answer} basis={basis} />}</ByYearAndBasis>;
}

function ByCentre({ answer, basis }: { answer: CostCentres; basis: Basis }) {
  const title = `${t('bi.painel.byCostCentre', { basis: BASIS_LABELS[basis].toLowerCase() })} — ${answer.year}`;
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
        rows={rows.map((r) => ({ label: r.name, values: [r.revenue, r.expense, r.result], href: r.id ? () => dreReport(answer.year, { costCenterId: r.id, basis: basisParam(basis) }) : undefined }))}
      />
    </section>
  );
}

/**
 * The treasurer's painel (`/bi/dashboards`): the balance of every account (total and per account,
 * each a link to its account), what is overdue a pagar / a receber (links to the lists), a pagar ×
 * a receber still open by due month (each number the list of those parcelas) and previsto ×
 * realizado by month (each number the fluxo de caixa of that month).
 */
import { overviewEndpoint, type Overview } from '../../../contracts/dashboards';
import { formatMoney } from '../../../core/format/money';
import { t } from '../../../core/i18n';
import { callEndpoint } from '../../../core/resources/endpoint';
import { Link } from '../../../core/ui/Link';
import * as ui from '../../../core/ui/ui.css';
import { Chart } from './Chart';
import * as css from './chart.css';
import { FigureTable } from './FigureTable';
import { cashFlowReport, openParcelas, overdueParcelas } from './links';
import { Loaded } from './Loaded';

export function OverviewPanel() {
  return (
    <Loaded query={['bi', 'painel', 'overview']} fetch={(signal) => callEndpoint(overviewEndpoint, { signal, silent: true })}>
      {(overview) => <Overview overview={overview} />}
    </Loaded>
  );
}

function Overview({ overview }: { overview: Overview }) {
  const { accounts, months, overdue, openStates } = overview;
  const total = accounts.reduce((sum, a) => sum + a.balance, 0);
  const monthColumns = months.map((m) => ({ label: m.label, future: m.future }));
  const labels = months.map((m) => m.label);
  const accountsTitle = t('bi.painel.accounts');
  const openTitle = t('bi.painel.openByMonth');
  const flowTitle = t('bi.painel.forecastActual');
  const range = { from: months[0].from, to: months.at(-1)!.to };
  return (
    <>
      <ul className={css.tiles}>
        <li className={css.tile}>
          <span className={css.tileLabel}>{t('bi.painel.totalBalance')}</span>
          <span className={css.tileValue}>{formatMoney(total)}</span>
        </li>
        {(['payable', 'receivable'] as const).map((direction) => (
          <li key={direction} className={css.tile}>
            <span className={css.tileLabel}>{t(direction === 'payable' ? 'bi.painel.overduePayable' : 'bi.painel.overdueReceivable')}</span>
            <Link href={overdueParcelas(direction)} className={css.tileValue}>{formatMoney(overdue[direction].amount)}</Link>
            <span className={css.tileNote}>{t(overdue[direction].count === 1 ? 'bi.painel.parcela' : 'bi.painel.parcelas', { count: overdue[direction].count })}</span>
          </li>
        ))}
      </ul>
      <div className={css.grid}>
        <section className={ui.card} aria-label={accountsTitle}>
          {accounts.length === 0 ? <p>{t('bi.painel.noAccounts')}</p> : (
            <>
              <Chart title={accountsTitle} labels={accounts.map((a) => a.name)} series={[{ label: t('bi.painel.balance'), values: accounts.map((a) => a.balance), kind: 'bar' }, { label: t('bi.painel.projected'), values: accounts.map((a) => a.projected), kind: 'bar' }]} />
              <FigureTable
                title={accountsTitle}
                head={t('bi.painel.account')}
                columns={[{ label: t('bi.painel.balance') }, { label: t('bi.painel.projected') }]}
                rows={accounts.map((a) => ({ label: a.name, values: [a.balance, a.projected], href: () => `/contas-financeiras/${encodeURIComponent(a.id)}` }))}
              />
            </>
          )}
        </section>
        <section className={ui.card} aria-label={openTitle}>
          <Chart title={openTitle} labels={labels} series={[{ label: t('bi.painel.receivable'), values: months.map((m) => m.receivable), kind: 'bar' }, { label: t('bi.painel.payable'), values: months.map((m) => m.payable), kind: 'bar' }]} />
          <FigureTable
            title={openTitle}
            head={t('bi.painel.month')}
            columns={monthColumns}
            rows={(['receivable', 'payable'] as const).map((direction) => ({
              label: t(direction === 'payable' ? 'bi.painel.payable' : 'bi.painel.receivable'),
              values: months.map((m) => m[direction]),
              href: (i) => openParcelas(direction, openStates[direction], months[i].from, months[i].to),
            }))}
          />
        </section>
        <section className={ui.card} aria-label={flowTitle}>
          <Chart title={flowTitle} labels={labels} series={[{ label: t('bi.painel.forecast'), values: months.map((m) => m.forecast), kind: 'bar' }, { label: t('bi.painel.actual'), values: months.map((m) => m.actual), kind: 'bar' }]} />
          <FigureTable
            title={flowTitle}
            head={t('bi.painel.month')}
            columns={monthColumns}
            rows={[
              { label: t('bi.painel.forecast'), values: months.map((m) => m.forecast), href: (i) => cashFlowReport(months[i].from, months[i].to) },
              { label: t('bi.painel.actual'), values: months.map((m) => m.actual), href: (i) => cashFlowReport(months[i].from, months[i].to) },
            ]}
          />
          <p style={{ margin: 0 }}><Link href={cashFlowReport(range.from, range.to)}>{t('bi.painel.openReport')}</Link></p>
        </section>
      </div>
    </>
  );
}

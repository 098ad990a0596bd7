/** "Decididas por mim": the approvals I decided, newest decision first, paged; cards in a narrow box. */
import { useId } from 'react';
import { formatDateTime } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { Alert } from '../../core/ui/Alert';
import { Pagination } from '../../core/ui/Pagination';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { useDecided } from './api';
import { approvals } from './catalogue';
import { FlowBadge } from './FlowDetails';
import { kindOf, ListTabs } from './ListTabs';

registerCatalogue(approvals);

export function DecidedList({ page }: { page: number }) {
  const { go, pathname } = useNavigation();
  const decided = useDecided(page);
  const titleId = useId();
  const items = decided.data?.items ?? [];
  const cols = ['title', 'kind', 'amount', 'decision', 'decidedAt', 'status'] as const;
  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <div className={data.header}>
        <h1 id={titleId} style={{ margin: 0 }}>{t('approvals.inbox.title')}</h1>
        {decided.data?.total != null && <p className={data.muted} role="status">{t('approvals.decided.total', { count: decided.data.total })}</p>}
      </div>
      <ListTabs decided />
      {decided.error ? (
        <Alert>{t('registry.loadFailed')} <button type="button" className={ui.button.link} onClick={() => void decided.reload()}>{t('registry.retry')}</button></Alert>
      ) : decided.loading && !decided.data ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className={data.empty} role="status">{t('approvals.decided.empty')}</p>
      ) : (
        <div className={data.tableWrap}>
          <table className={`${data.table} ${data.cards}`}>
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('approvals.tabs.decided')}</caption>
            <thead><tr>{cols.map((col) => <th key={col} scope="col" className={data.th}>{t(`approvals.col.${col}`)}</th>)}</tr></thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.decisionId}>
                  <td className={data.td}><NavLink href={`/filas-de-aprovacao/${encodeURIComponent(item.id)}`} className={data.rowLink}>{item.title}</NavLink></td>
                  <td className={data.td} data-label={t('approvals.col.kind')}>{kindOf(item.resource)}</td>
                  <td className={`${data.td} ${data.right}`} data-label={t('approvals.col.amount')}>{item.amount === null ? '—' : formatMoney(item.amount)}</td>
                  <td className={data.td} data-label={t('approvals.col.decision')}>
                    {t(`approvals.decision.${item.decision}`)}{item.reason ? `: ${item.reason}` : ''}
                  </td>
                  <td className={data.td} data-label={t('approvals.col.decidedAt')}>{formatDateTime(item.decidedAt)}</td>
                  <td className={data.td} data-label={t('approvals.col.status')}><FlowBadge status={item.status} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {decided.data && (decided.data.pagination.lastPage ?? 1) > 1 && <Pagination pagination={decided.data.pagination} onPage={(p) => go(`${pathname}?lista=decididas&page=${p}`)} />}
    </section>
  );
}

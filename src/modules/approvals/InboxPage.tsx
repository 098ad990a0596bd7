/**
 * /filas-de-aprovacao: what waits for the caller's decision (GET approvals/inbox, paged by the
 * Link header), with bulk "Aprovar" / "Reprovar" on a selection (one reason for all, required)
 * and the per-item failures of the answer.
 */
import { useId, useState, type FormEvent } from 'react';
import type { InboxItem } from '../../contracts/approvals';
import type { BulkResult } from '../../contracts/resource';
import { formatDateTime } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation, useQuery as useSearchParams } from '../../core/navigation';
import { notify } from '../../core/notices';
import { toApiError } from '../../core/resources/transport';
import { Alert } from '../../core/ui/Alert';
import { Dialog } from '../../core/ui/Dialog';
import { Pagination } from '../../core/ui/Pagination';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { decideMany, useInbox } from './api';
import { DecidedList } from './DecidedList';
import { kindOf, ListTabs } from './ListTabs';
import { approvals } from './catalogue';

registerCatalogue(approvals);

export function InboxTable({ items, selected, onSelect }: { items: InboxItem[]; selected: ReadonlySet<string>; onSelect: (ids: Set<string>) => void }) {
  const all = items.length > 0 && items.every((item) => selected.has(item.id));
  const some = !all && items.some((item) => selected.has(item.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <div className={data.tableWrap} part="table">
      <table className={`${data.table} ${data.cards}`}>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('approvals.inbox.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={data.th} style={{ width: 40 }}>
              <input type="checkbox" checked={all} aria-label={t('approvals.selectAll')} ref={(node) => { if (node) node.indeterminate = some; }}
                onChange={(event) => onSelect(event.target.checked ? new Set([...selected, ...items.map((i) => i.id)]) : new Set([...selected].filter((id) => !items.some((i) => i.id === id))))} />
            </th>
            {['title', 'kind', 'amount', 'requester', 'stage', 'progress', 'waiting', 'behalf'].map((col) => <th key={col} scope="col" className={data.th}>{t(`approvals.col.${col}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className={selected.has(item.id) ? data.selectedRow : undefined} aria-selected={selected.has(item.id)}>
              <td className={data.checkCell}><input type="checkbox" checked={selected.has(item.id)} aria-label={t('approvals.select', { title: item.title })} onChange={(event) => toggle(item.id, event.target.checked)} /></td>
              <td className={data.td} data-label={t('approvals.col.title')}><NavLink href={`/filas-de-aprovacao/${encodeURIComponent(item.id)}`} className={data.rowLink}>{item.title}</NavLink></td>
              <td className={data.td} data-label={t('approvals.col.kind')}>{kindOf(item.resource)}</td>
              <td className={`${data.td} ${data.right}`} data-label={t('approvals.col.amount')}>{item.amount === null ? '—' : formatMoney(item.amount)}</td>
              <td className={data.td} data-label={t('approvals.col.requester')}>{item.requester?.label ?? t('registry.none')}</td>
              <td className={data.td} data-label={t('approvals.col.stage')}>{item.stageName}</td>
              <td className={data.td} data-label={t('approvals.col.progress')}>{t('approvals.progress', { n: item.approvals, m: item.minApprovals })}</td>
              <td className={data.td} data-label={t('approvals.col.waiting')}>{formatDateTime(item.waitingSince)}</td>
              <td className={data.td} data-label={t('approvals.col.behalf')}>{item.onBehalfOf?.label ?? t('registry.none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BulkDecision({ items, selected, onDone }: { items: InboxItem[]; selected: ReadonlySet<string>; onDone: (result: BulkResult) => void }) {
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ids = [...selected];
  const resources = [...new Set(items.filter((i) => selected.has(i.id)).map((i) => i.resource))];
  const run = async (event?: FormEvent) => {
    event?.preventDefault();
    if (asking === 'reject' && reason.trim().length < 3) {
      setError(t('approvals.reason.required'));
      return;
    }
    setBusy(true);
    try {
      const result = await decideMany(ids, asking!, resources, asking === 'reject' ? reason.trim() : undefined);
      setAsking(null);
      setReason('');
      onDone(result);
    } catch (caught) {
      const failure = toApiError(caught);
      setError(failure.errors?.reason?.[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  if (!selected.size) return null;
  return (
    <div className={data.bulkBar} role="region" aria-label={t('registry.actions')}>
      <span>{t('registry.selection.count', { count: selected.size })}</span>
      <button type="button" className={ui.button.primary} disabled={busy} onClick={() => { setError(null); setAsking('approve'); }}>{t('approvals.approve')}</button>
      <button type="button" className={ui.button.danger} disabled={busy} onClick={() => { setError(null); setAsking('reject'); }}>{t('approvals.reject')}</button>
      {asking && (
        <Dialog title={t(asking === 'approve' ? 'approvals.bulk.approveTitle' : 'approvals.bulk.rejectTitle', { count: selected.size })} onClose={() => setAsking(null)}>
          <form className={ui.stack} onSubmit={run} noValidate>
            {asking === 'reject' && (
              <div className={ui.field}>
                <label className={ui.label} htmlFor={`${id}-reason`}>{t('workflow.reason')}</label>
                <textarea id={`${id}-reason`} className={ui.input} rows={3} value={reason} onChange={(event) => setReason(event.target.value)}
                  aria-invalid={error ? true : undefined} aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`} />
                <span id={`${id}-help`} className={ui.hint}>{t('approvals.bulk.reasonHelp')}</span>
              </div>
            )}
            {error && <ul id={`${id}-error`} className={ui.fieldError}><li>{error}</li></ul>}
            <div className={ui.row}>
              <button type="submit" className={asking === 'reject' ? ui.button.danger : ui.button.primary} disabled={busy} aria-busy={busy || undefined}>{t(asking === 'approve' ? 'approvals.approve' : 'approvals.reject')}</button>
              <button type="button" className={ui.button.secondary} onClick={() => setAsking(null)}>{t('registry.dismiss')}</button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}

export default function InboxPage() {
  const search = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  return search.get('lista') === 'decididas' ? <DecidedList page={page} /> : <WaitingList page={page} />;
}

function WaitingList({ page }: { page: number }) {
  const { go, pathname } = useNavigation();
  const inbox = useInbox(page);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failures, setFailures] = useState<{ id: string; title: string; message: string }[]>([]);
  const titleId = useId();
  const items = inbox.data?.items ?? [];
  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <div className={data.header}>
        <h1 id={titleId} style={{ margin: 0 }}>{t('approvals.inbox.title')}</h1>
        {inbox.data?.total !== null && inbox.data?.total !== undefined && <p className={data.muted} role="status">{t('approvals.inbox.total', { count: inbox.data.total })}</p>}
      </div>
      <ListTabs decided={false} />
      <p className={data.muted} style={{ margin: 0 }}>{t('approvals.inbox.intro')}</p>
      {failures.length > 0 && (
        <Alert tone="error">
          <p style={{ margin: 0 }}>{t('approvals.bulk.failed', { count: failures.length })}</p>
          <ul>{failures.map((f) => <li key={f.id}>{f.title}: {f.message}</li>)}</ul>
        </Alert>
      )}
      <BulkDecision items={items} selected={selected} onDone={(result) => {
        if (result.done.length) notify({ type: 'success', message: t('approvals.bulk.done', { count: result.done.length }) });
        setFailures(result.failed.map((f) => ({ ...f, title: items.find((i) => i.id === f.id)?.title ?? f.id })));
        setSelected(new Set(result.failed.map((f) => f.id)));
      }} />
      {inbox.error ? (
        <Alert>{t('registry.loadFailed')} <button type="button" className={ui.button.link} onClick={() => void inbox.reload()}>{t('registry.retry')}</button></Alert>
      ) : inbox.loading && !inbox.data ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className={data.empty} role="status">{t('approvals.inbox.empty')}</p>
      ) : (
        <InboxTable items={items} selected={selected} onSelect={setSelected} />
      )}
      {inbox.data && (inbox.data.pagination.lastPage ?? 1) > 1 && <Pagination pagination={inbox.data.pagination} onPage={(p) => { setSelected(new Set()); go(`${pathname}?page=${p}`); }} />}
    </section>
  );
}

/**
 * "Histórico": the record's state changes from `GET {path}/{id}/history`, newest first — who,
 * when, from → to (state labels), what the transition did with its input (historyNote.ts: "Baixa
 * parcial de R$ 200,00") and its note or reason.
 */
import '../i18n/recordPageTexts';
import type { AnyResource } from '../../contracts/resource';
import type { HistoryEntry } from '../../contracts/workflow';
import { formatDateTime } from '../format/dates';
import { t } from '../i18n';
import type { PathParams } from '../resources/paths';
import { useHistory } from '../resources/workflow';
import { Alert } from './Alert';
import { historyNote } from './historyNote';
import { Spinner } from './Spinner';
import { StatusBadge } from './StatusBadge';
import * as css from './data.css';

function Note({ resource, entry }: { resource: AnyResource; entry: HistoryEntry }) {
  const input = entry.input ?? {};
  // What the transition did besides the state (a partial baixa stays "Autorizada": its amount).
  const summary = historyNote(resource, entry);
  return (
    <>
      {summary && <span>{summary}</span>}
      {typeof input.reason === 'string' && input.reason && <span>{t('workflow.history.reason', { reason: input.reason })}</span>}
      {typeof input.note === 'string' && input.note && <span>{t('workflow.history.note', { note: input.note })}</span>}
    </>
  );
}

export function HistoryTimeline({ resource, params, id }: { resource: AnyResource; params: PathParams; id: string }) {
  const history = useHistory(resource, params, id);
  const states = resource.workflow?.states ?? {};
  const badge = (value: string | null) => {
    const state = value ? states[value] : undefined;
    return state ? <StatusBadge label={state.label} tone={state.tone} /> : <span>{value ?? ''}</span>;
  };
  const entries = [...(Array.isArray(history.data) ? history.data : [])].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.version - a.version));
  return (
    <section aria-labelledby={`history-${id}`} className={css.section} part="history">
      <h2 id={`history-${id}`}>{t('workflow.history')}</h2>
      {history.loading && !history.data ? (
        <Spinner />
      ) : history.error ? (
        <Alert>{t('registry.loadFailed')}</Alert>
      ) : entries.length === 0 ? (
        <p className={css.muted}>{t('workflow.history.empty')}</p>
      ) : (
        <ol className={css.timeline}>
          {entries.map((entry) => (
            <li key={entry.id} className={css.timelineItem}>
              <span>
                {/* A step that kept the state (a partial baixa, a change of data) shows the state once. */}
                {entry.from && entry.from !== entry.to ? <>{badge(entry.from)} → {badge(entry.to)}</> : badge(entry.to)}
              </span>
              <span className={css.muted}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' '}
                {entry.actor ? t('workflow.history.by', { name: entry.actor.label }) : t('workflow.history.system')}
              </span>
              <Note resource={resource} entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * "Histórico" tab of every record: its audit entries from `GET {path}/{id}/audit`, newest first
 * and paged — who, when, what (criação, alteração, exclusão, an action or transition) and each
 * changed field with its label and its value before and after, formatted like the show page.
 */
import '../i18n/recordPageTexts';
import { useState } from 'react';
import type { AuditEntry } from '../../contracts/audit';
import type { AnyResource } from '../../contracts/resource';
import { requestPage } from '../api';
import { formatDateTime } from '../format/dates';
import { hasMessage, t } from '../i18n';
import { useQuery } from '../resources/cache';
import { fieldLabel } from '../resources/labels';
import { apiPath, type PathParams } from '../resources/paths';
import type { Row } from '../resources/useList';
import { Alert } from './Alert';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';
import { visuallyHidden } from '../styles/base.css';
import * as css from './data.css';
import { FieldValue } from './fields/FieldValue';

export const AUDIT_PER_PAGE = 20;

/** pt-BR name of an entry's action: the catalogue's, else the declaration's action or transition label. */
export function auditActionLabel(resource: AnyResource, action: string): string {
  if (hasMessage(`registry.audit.action.${action}`)) return t(`registry.audit.action.${action}`);
  return resource.actions?.find((a) => a.name === action)?.label ?? resource.workflow?.transitions.find((tr) => tr.name === action)?.label ?? action;
}

export function AuditTrail({ resource, params, record }: { resource: AnyResource; params: PathParams; record: Row }) {
  const [page, setPage] = useState(1);
  const path = apiPath(resource, params, record.id, 'audit');
  const query = useQuery([resource.name, 'audit', record.id, path, String(page), String(record.version)], (signal) =>
    requestPage<AuditEntry>(resource.api, path, { page, perPage: AUDIT_PER_PAGE, signal, silent: true }),
  );
  const headingId = `audit-${record.id}`;
  const entries = query.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} className={css.section} data-audit>
      <h2 id={headingId}>{t('registry.audit.title')}</h2>
      {query.loading && !query.data ? (
        <Spinner />
      ) : query.error ? (
        <Alert>{t('registry.loadFailed')}</Alert>
      ) : entries.length === 0 ? (
        <p className={css.muted}>{t('registry.audit.empty')}</p>
      ) : (
        <ol className={css.timeline}>
          {entries.map((entry) => (
            <li key={entry.id} className={css.timelineItem}>
              <span>
                <strong>{auditActionLabel(resource, entry.action)}</strong>{' '}
                <span className={css.muted}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' '}
                  {entry.actor?.label ? t('workflow.history.by', { name: entry.actor.label }) : t('workflow.history.system')}
                </span>
              </span>
              {entry.changes.length > 0 && (
                <div className={css.tableWrap}>
                  <table className={css.auditTable}>
                    <caption className={visuallyHidden}>{t('registry.audit.changes')}</caption>
                    <thead>
                      <tr>
                        <th scope="col" className={css.th}>{t('registry.audit.field')}</th>
                        <th scope="col" className={css.th}>{t('registry.audit.before')}</th>
                        <th scope="col" className={css.th}>{t('registry.audit.after')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entry.changes.map((change) => {
                        const def = resource.fields[change.field];
                        if (!def) return null;
                        const refs = record._refs?.[change.field];
                        return (
                          <tr key={change.field} data-change={change.field}>
                            <th scope="row" className={css.auditField}>{fieldLabel(resource, change.field) || change.label}</th>
                            <td className={css.auditValue}><FieldValue resource={resource} field={change.field} def={def} value={change.before} refs={refs} compact /></td>
                            <td className={css.auditValue}><FieldValue resource={resource} field={change.field} def={def} value={change.after} refs={refs} compact /></td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {query.data && <Pagination pagination={query.data.pagination} onPage={setPage} />}
    </section>
  );
}

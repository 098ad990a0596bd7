/**
 * The records born of a record, on its page (`bornRecords` of its declaration): a lançamento's
 * parcelas as records of their own, each with what was paid and its state, linked to its page.
 * Nothing shows until the record has any (a lançamento waiting for approval has no parcela
 * records yet), nor for a user who may not read them.
 */
import '../../core/i18n/recordPageTexts';
import { useEffect, useMemo, useRef } from 'react';
import { MAX_PER_PAGE, type BornRecordsDef } from '../../contracts/resource';
import { catalogueEntry } from '../../core/catalogue';
import { useDeclaration } from '../../core/catalogue/load';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { useAccess } from '../../core/resources/access';
import { useList, type Row } from '../../core/resources/useList';
import type { ListState } from '../../core/resources/query';
import { Alert } from '../../core/ui/Alert';
import { DataTable } from '../../core/ui/DataTable';
import { Link } from '../../core/ui/Link';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useRecordLinks } from './recordLinks';

export function BornRecords({ born, record }: { born: BornRecordsDef; record: Row }) {
  const resource = useDeclaration(born.resource);
  const access = useAccess(resource);
  const { go, routable } = useNavigation();
  const linkOf = useRecordLinks();
  const state: ListState = useMemo(() => ({ page: 1, perPage: MAX_PER_PAGE, sort: born.sort, q: '', filters: { [born.field]: [record.id] } }), [born, record.id]);
  const list = useList(resource, state, {}, access('read'));
  // The record changed here (its cancel cancels its parcelas): read them again.
  const version = useRef(record.version);
  useEffect(() => {
    if (version.current === record.version) return;
    version.current = record.version;
    list.reload();
  }, [record.version, list.reload]);
  const columns = useMemo(() => born.columns.map((field) => ({ field })), [born]);
  if (!access('read') || (!list.error && list.rows.length === 0)) return null;
  // Each row opens its record's page where this host routes it and the user may read it (recordLinks.ts).
  const linkable = list.rows.length > 0 && linkOf(born.resource, list.rows[0].id) !== null;
  // More than one page (a lançamento of 120 parcelas): the rest in the records' own list, filtered by this one.
  const listHref = `${catalogueEntry(born.resource)?.route.base ?? ''}?${new URLSearchParams({ [born.field]: record.id })}`;
  const more = list.total !== null && list.total > list.rows.length && routable?.(listHref) !== false;
  return (
    <div className={ui.card}>
      {/* Not a landmark of its own: the table is the region, named as the heading says. */}
      <div className={css.section}>
        <h2>{born.title}</h2>
        {list.error ? (
          <Alert>{t('registry.loadFailed')}</Alert>
        ) : (
          <DataTable resource={resource} columns={columns} rows={list.rows} caption={born.title}
            {...(linkable ? { hrefFor: (row: Row) => linkOf(born.resource, row.id)!, onOpen: (row: Row) => go(linkOf(born.resource, row.id)!) } : {})} />
        )}
        {more && <p><Link href={listHref}>{t('registry.born.all', { count: list.total! })}</Link></p>}
      </div>
    </div>
  );
}

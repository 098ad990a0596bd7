/**
 * Generic list screen: search, filters and sort in the URL, a page of rows from the API with
 * paging from the Link header, empty state, row → show page, bulk actions on a selection,
 * export of the current search as CSV/XLSX.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ExportFormat } from '../../contracts/resource';
import { formatInteger } from '../../core/format/money';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { exportList } from '../../core/resources/actions';
import { resourceLabel, newLabel } from '../../core/resources/labels';
import { createHref, showHref } from '../../core/resources/paths';
import { activeFilterCount, changeListState, listSearch, nextSort, type ListState } from '../../core/resources/query';
import { listQueryState, listState } from './listQuery';

export { firstPageRequest } from './listQuery';
import { useList } from '../../core/resources/useList';
import { useReadsAll, useTransitionAccess } from '../../core/resources/access';
import { useTotals } from '../../core/resources/totals';
import { useListPreferences } from '../../core/resources/preferences';
import { filterQuery } from '../../contracts/listPreferences';
import { LazyDetails } from '../../core/ui/LazyDetails';
import { ListTotals } from '../../core/ui/ListTotals';
import { apiQuery } from '../../core/resources/query';
import { Alert } from '../../core/ui/Alert';
import { DataTable } from '../../core/ui/DataTable';
import { Filters } from '../../core/ui/Filters';
import { Pagination } from '../../core/ui/Pagination';
import { SearchBox } from '../../core/ui/SearchBox';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useWaitingLines } from '../approvals/Waiting';
import { PageHeader } from './PageHeader';
import type { RegistryPageProps } from './spec';
import { useRegistry } from './useRegistry';

// The selection's actions (and their dialogs) load once rows are selected; saved filters and columns when opened.
const BulkActions = lazy(() => import('./BulkActions'));
const SavedFilters = lazy(() => import('../../core/ui/SavedFilters'));
const ColumnChooser = lazy(() => import('../../core/ui/ColumnChooser'));

export default function ListPage(props: RegistryPageProps) {
  const { resource, routes, access, parentHref } = useRegistry(props);
  const { search, pathname, go } = useNavigation();
  const { fixedQuery, defaultSort } = props.spec;
  const state = useMemo(() => listState(resource, defaultSort, search), [resource, search, defaultSort]);
  const queryState = useMemo(() => listQueryState(state, fixedQuery), [state, fixedQuery]);
  const list = useList(resource, queryState, routes.params, access('read'));
  const totals = useTotals(resource, routes.params, apiQuery(queryState, false), access('read'));
  const mayRun = useTransitionAccess(resource, props.spec.permission);
  const bulkTransitions = (resource.workflow?.transitions ?? []).filter((transition) => transition.bulk && !transition.system && mayRun(transition));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const waitingLines = useWaitingLines(resource, list.rows);
  // The user's own columns (kept on the server), in the declaration's order; the declaration's otherwise.
  const { preferences, settled: columnsSettled, save: savePreferences } = useListPreferences(resource, routes.params, access('read'), props.spec.list);
  const declaredColumns = resource.list?.columns ?? [{ field: resource.titleField }];
  const chosen = preferences.columns && declaredColumns.filter((column) => preferences.columns!.includes(column.field));
  const columns = chosen?.length ? chosen : declaredColumns;
  // A record born of another (a parcela) is never deleted on its own.
  const bulkActions = (resource.actions ?? []).filter((action) => action.bulk && access(action.scope) && !(resource.bornOf && action.name === 'delete'));
  /** A module's own actions on the selection, in place of the declaration's (the cotação's queue: "Iniciar cotação" for all the selected pedidos at once). */
  const selectionActions = props.selectionActions as ((selected: ReadonlySet<string>, clear: () => void) => ReactNode) | undefined;
  const selectable = bulkActions.length + bulkTransitions.length > 0 || Boolean(selectionActions);
  const titleId = `list-${resource.name}`;
  // "Meus pedidos / Todos": only for whoever reads every record (others see only their own anyway).
  const readsAll = useReadsAll(resource, props.spec.permission);
  const mineToggle = Boolean(resource.ownership) && readsAll;

  const update = (change: Partial<ListState>, replace = false) => {
    setSelected(new Set());
    go(`${pathname}${listSearch(resource, changeListState(state, change))}`, { replace });
  };

  const doExport = (format: ExportFormat) => {
    exportList(resource, routes.params, queryState, format, columns.map((column) => column.field)).catch(() => undefined);
  };

  if (!access('read')) return <Alert>{t('registry.forbidden')}</Alert>;
  const many = resourceLabel(resource, 'many');
  const filtered = Boolean(state.q) || activeFilterCount(state) > 0;

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <PageHeader title={many} titleId={titleId} back={parentHref ? { href: parentHref, label: t('registry.details') } : undefined}>
        {props.headerActions as ReactNode}
        {access('export') && (
          <span role="group" aria-label={t('registry.export.label')} className={ui.row}>
            <button type="button" className={ui.button.secondary} onClick={() => doExport('csv')}>{t('registry.export.csv')}</button>
            <button type="button" className={ui.button.secondary} onClick={() => doExport('xlsx')}>{t('registry.export.xlsx')}</button>
          </span>
        )}
        {access('create') && !resource.bornOf && !props.spec.bornOf && (
          <button type="button" className={ui.button.primary} onClick={() => go(createHref(routes))}>{newLabel(resource)}</button>
        )}
      </PageHeader>

      <div className={css.toolbar}>
        {mineToggle && (
          <div role="radiogroup" aria-label={t('workflow.scope')} className={ui.row}>
            {[true, false].map((mine) => (
              <button key={String(mine)} type="button" role="radio" aria-checked={Boolean(state.mine) === mine}
                className={Boolean(state.mine) === mine ? ui.button.primary : ui.button.secondary}
                onClick={() => update({ mine })}>
                {mine ? t(resource.labels.gender === 'f' ? 'workflow.mineF' : 'workflow.mine', { many: resourceLabel(resource, 'many').toLowerCase() }) : t('workflow.all')}
              </button>
            ))}
          </div>
        )}
        {(resource.list?.searchFields.length ?? 0) > 0 && (
          <div className={css.grow}><SearchBox value={state.q} onSearch={(q) => update({ q }, true)} /></div>
        )}
        {list.total !== null && <p className={css.muted} role="status">{list.total === 1 ? t('registry.totalOne') : t('registry.total', { count: formatInteger(list.total) })}</p>}
        {list.total === null && list.totalOver !== null && <p className={css.muted} role="status">{t('registry.totalOver', { count: formatInteger(list.totalOver) })}</p>}
      </div>
      <div className={css.listTools}>
        <Filters resource={resource} params={routes.params} values={state.filters} onChange={(filters) => update({ filters })} hidden={Object.keys(fixedQuery ?? {})} />
        {resource.list && (
          <>
          <LazyDetails summary={preferences.filters.length ? t('registry.savedFilters.count', { count: preferences.filters.length }) : t('registry.savedFilters.title')}>
            {() => (
              <SavedFilters filters={preferences.filters} current={filterQuery(search)}
                onApply={(filter) => { setSelected(new Set()); go(`${pathname}${filter.query}`); }}
                onSave={(filters) => savePreferences({ ...preferences, filters })} />
            )}
          </LazyDetails>
          {declaredColumns.length > 1 && (
            <LazyDetails summary={t('registry.columns.summary', { shown: columns.length, total: declaredColumns.length })}>
              {() => (
                <ColumnChooser resource={resource} columns={declaredColumns} shown={columns.map((column) => column.field)}
                  onChange={(fields) => void savePreferences({ ...preferences, columns: fields }).catch(() => undefined)} />
              )}
            </LazyDetails>
          )}
          </>
        )}
      </div>

      {selectionActions && selected.size > 0 && (
        <div className={css.bulkBar} role="region" aria-label={t('registry.selection.count', { count: selected.size })}>
          <span>{t('registry.selection.count', { count: selected.size })}</span>
          {selectionActions(selected, () => setSelected(new Set()))}
        </div>
      )}
      {!selectionActions && selectable && selected.size > 0 && (
        <Suspense fallback={<div className={css.bulkBar}><span>{t('registry.selection.count', { count: selected.size })}</span></div>}>
          <BulkActions resource={resource} params={routes.params} actions={bulkActions} transitions={bulkTransitions} selected={selected} onSelect={setSelected} rows={list.rows} onDone={() => {
            // The rows and the footer's totals of every filtered row: a bulk change moves both.
            void list.reload();
            void totals.reload();
          }} />
        </Suspense>
      )}

      {list.error && (
        <Alert>
          {t('registry.loadFailed')} <button type="button" className={ui.button.link} onClick={list.reload}>{t('registry.retry')}</button>
        </Alert>
      )}
      {(list.loading && list.rows.length === 0) || !columnsSettled ? (
        <Spinner />
      ) : !list.error && list.rows.length === 0 ? (
        <div className={css.empty} role="status">
          <p>{filtered ? t('registry.emptyFiltered') : t('registry.empty')}</p>
          {filtered && <button type="button" className={ui.button.secondary} onClick={() => update({ q: '', filters: {} })}>{t('registry.clearFilters')}</button>}
        </div>
      ) : (
        list.rows.length > 0 && (
          <div aria-busy={list.loading || undefined}>
            <DataTable
              resource={resource}
              columns={columns}
              rows={list.rows}
              caption={many}
              sort={state.sort}
              onSort={(field) => update({ sort: nextSort(state.sort, field, resource.list?.defaultSort ?? '') })}
              hrefFor={(row) => showHref(routes, row.id)}
              onOpen={(row) => go(showHref(routes, row.id))}
              selectable={selectable}
              selected={selected}
              onSelect={setSelected}
              stateNotes={waitingLines}
            />
          </div>
        )
      )}
      {list.pagination && <Pagination pagination={list.pagination} onPage={(page) => update({ page })} />}
      {typeof totals.data?.count === 'number' && list.rows.length > 0 && (
        <section aria-label={t('registry.totals.label')}>
          <ListTotals resource={resource} totals={totals.data!} groups={props.spec.totalsGroups}
            refLabel={(field, id) => list.rows.flatMap((row) => row._refs?.[field] ?? []).find((ref) => ref.id === id)?.label} />
        </section>
      )}

    </section>
  );
}

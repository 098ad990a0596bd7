/**
 * Generic list screen: search, filters and sort in the URL, a page of rows from the API with
 * paging from the Link header, empty state, row → show page, bulk actions on a selection,
 * export of the current search as CSV/XLSX.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ActionDef, ExportFormat } from '../../contracts/resource';
import * as z from 'zod/mini';
import { transitionInput, type Transition } from '../../contracts/workflow';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { notify } from '../../core/notices';
import { exportList, runBulk } from '../../core/resources/actions';
import { resourceLabel, newLabel } from '../../core/resources/labels';
import { createHref, showHref } from '../../core/resources/paths';
import { activeFilterCount, changeListState, listSearch, nextSort, type ListState } from '../../core/resources/query';
import { listQueryState, listState } from './listQuery';

export { listQueryState, listState } from './listQuery';
import { useList } from '../../core/resources/useList';
import { useReadsAll, useTransitionAccess } from '../../core/resources/access';
import { useTotals } from '../../core/resources/totals';
import { useListPreferences } from '../../core/resources/preferences';
import { filterQuery } from '../../contracts/listPreferences';
import { LazyDetails } from '../../core/ui/LazyDetails';
import { ListTotals } from '../../core/ui/ListTotals';
import { idempotencyKeys, inputBody } from '../../core/resources/transitionBody';
import { apiQuery } from '../../core/resources/query';
import { Alert } from '../../core/ui/Alert';
import { DataTable } from '../../core/ui/DataTable';
import { Filters } from '../../core/ui/Filters';
import { Pagination } from '../../core/ui/Pagination';
import { SearchBox } from '../../core/ui/SearchBox';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { PageHeader } from './PageHeader';
import type { RegistryPageProps } from './spec';
import { useRegistry } from './useRegistry';

// The dialogs and the field inputs load when a bulk action or transition asks for them, not with the list.
const Dialog = lazy(() => import('../../core/ui/Dialog').then((m) => ({ default: m.Dialog })));
const ConfirmDialog = lazy(() => import('../../core/ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
const SavedFilters = lazy(() => import('../../core/ui/SavedFilters'));
const ColumnChooser = lazy(() => import('../../core/ui/ColumnChooser'));
const TransitionInputs = lazy(() => import('../../core/ui/TransitionInputs').then((m) => ({ default: m.TransitionInputs })));

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
  const [asking, setAsking] = useState<Transition | null>(null);
  const [inputValues, setInputValues] = useState<Record<string, unknown>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string[]>>({});
  const [keys] = useState(idempotencyKeys);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<ActionDef | null>(null);
  const [busy, setBusy] = useState(false);
  // The user's own columns (kept on the server), in the declaration's order; the declaration's otherwise.
  const { preferences, save: savePreferences } = useListPreferences(resource, routes.params, access('read'));
  const declaredColumns = resource.list?.columns ?? [{ field: resource.titleField }];
  const chosen = preferences.columns && declaredColumns.filter((column) => preferences.columns!.includes(column.field));
  const columns = chosen?.length ? chosen : declaredColumns;
  // A record born of another (a parcela) is never deleted on its own.
  const bulkActions = (resource.actions ?? []).filter((action) => action.bulk && access(action.scope) && !(resource.bornOf && action.name === 'delete'));
  const selectable = bulkActions.length + bulkTransitions.length > 0;
  const titleId = `list-${resource.name}`;
  // "Meus pedidos / Todos": only for whoever reads every record (others see only their own anyway).
  const readsAll = useReadsAll(resource, props.spec.permission);
  const mineToggle = Boolean(resource.ownership) && readsAll;

  const update = (change: Partial<ListState>, replace = false) => {
    setSelected(new Set());
    go(`${pathname}${listSearch(resource, changeListState(state, change))}`, { replace });
  };

  const runAction = async (action: Pick<ActionDef, 'name'>, transition?: Transition) => {
    setConfirming(null);
    setBusy(true);
    try {
      const input = transition?.input ? inputBody(transition, inputValues) : undefined;
      const key = transition?.idempotent ? keys.keyFor({ ids: [...selected], input }) : undefined;
      const result = await runBulk(resource, routes.params, action.name, [...selected], input, key);
      keys.reset();
      setAsking(null);
      setInputValues({});
      setInputErrors({});
      if (result.done.length) notify({ type: 'success', message: t('registry.bulk.done', { count: result.done.length }) });
      if (result.failed.length) {
        notify({ type: 'error', message: t('registry.bulk.failed', { count: result.failed.length }), details: result.failed.map((f) => f.message) });
      }
      setSelected(new Set(result.failed.map((f) => f.id)));
      list.reload();
    } catch {
      // the HTTP notice already explains it
    } finally {
      setBusy(false);
    }
  };

  const startTransition = (transition: Transition) => {
    if (transition.input || transition.confirm) {
      setInputValues({});
      setInputErrors({});
      setAsking(transition);
    } else void runAction(transition, transition);
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
        {access('create') && !resource.bornOf && (
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
        {list.total !== null && <p className={css.muted} role="status">{list.total === 1 ? t('registry.totalOne') : t('registry.total', { count: list.total.toLocaleString('pt-BR') })}</p>}
        {list.total === null && list.totalOver !== null && <p className={css.muted} role="status">{t('registry.totalOver', { count: list.totalOver.toLocaleString('pt-BR') })}</p>}
      </div>
      <Filters resource={resource} params={routes.params} values={state.filters} onChange={(filters) => update({ filters })} hidden={Object.keys(fixedQuery ?? {})} />
      {resource.list && (
        <div className={css.listTools}>
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
        </div>
      )}

      {selectable && selected.size > 0 && (
        <div className={css.bulkBar} role="region" aria-label={t('registry.actions')}>
          <span>{t('registry.selection.count', { count: selected.size })}</span>
          {bulkActions.map((action) => (
            <button key={action.name} type="button" className={action.tone === 'danger' ? ui.button.danger : ui.button.secondary} disabled={busy}
              onClick={() => (action.confirm ? setConfirming(action) : void runAction(action))}>
              {action.label}
            </button>
          ))}
          {bulkTransitions.map((transition) => (
            <button key={transition.name} type="button" data-transition={transition.name} disabled={busy}
              className={transition.tone === 'danger' ? ui.button.danger : transition.tone === 'primary' ? ui.button.primary : ui.button.secondary}
              onClick={() => startTransition(transition)}>
              {transition.label}
            </button>
          ))}
          <button type="button" className={ui.button.link} onClick={() => setSelected(new Set())}>{t('registry.selection.clear')}</button>
        </div>
      )}

      {list.error && (
        <Alert>
          {t('registry.loadFailed')} <button type="button" className={ui.button.link} onClick={list.reload}>{t('registry.retry')}</button>
        </Alert>
      )}
      {list.loading && list.rows.length === 0 ? (
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

      <Suspense fallback={null}>
        {asking && (
          <Dialog title={t('workflow.bulk.title', { action: asking.label, count: selected.size })} onClose={() => setAsking(null)}>
            <form className={ui.stack} noValidate onSubmit={(event) => {
              event.preventDefault();
              const checked = z.safeParse(transitionInput(asking), inputBody(asking, inputValues));
              if (!checked.success) {
                const found: Record<string, string[]> = {};
                for (const issue of checked.error.issues) (found[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
                setInputErrors(found);
                return;
              }
              void runAction(asking, asking);
            }}>
              {asking.confirm && <p>{asking.confirm}</p>}
              {asking.input && <p className={css.muted}>{t('workflow.bulk.inputHelp')}</p>}
              <Suspense fallback={<Spinner />}>
                <TransitionInputs resource={resource} params={routes.params} transition={asking} values={inputValues} onChange={setInputValues} errors={inputErrors} />
              </Suspense>
              <div className={ui.row}>
                <button type="submit" className={asking.tone === 'danger' ? ui.button.danger : ui.button.primary} disabled={busy}>{asking.label}</button>
                <button type="button" className={ui.button.secondary} onClick={() => setAsking(null)}>{t('registry.cancel')}</button>
              </div>
            </form>
          </Dialog>
        )}

        {confirming && (
          <ConfirmDialog title={confirming.label} danger={confirming.tone === 'danger'} confirmLabel={confirming.label} onConfirm={() => void runAction(confirming)} onCancel={() => setConfirming(null)}>
            <p>{confirming.confirm}</p>
            <p className={css.muted}>{t('registry.selection.count', { count: selected.size })}</p>
          </ConfirmDialog>
        )}
      </Suspense>
    </section>
  );
}

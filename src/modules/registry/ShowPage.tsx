/**
 * Generic show screen: the record's sections, its tabs (sub-pages such as membros, politicas,
 * items; nested registries such as an application's ACLs link to their own lists; a mount's
 * `pages` replace only the body), edit, delete and row actions. A workflow resource adds the
 * transitions of the record's `_actions` to the header, hides the edit button when the state
 * locks everything, and shows the state timeline. Every record has the "Histórico" tab (its audit
 * trail: who changed which field, when). Records born of this one (`bornRecords`: a lançamento's
 * parcelas) follow its details, each with its state.
 */
import '../../core/i18n/recordPageTexts';
import { lazy, Suspense, useContext, useMemo, useState, type ComponentType } from 'react';
import { fieldShown, recordName, writableFields, type ActionDef } from '../../contracts/resource';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { notify } from '../../core/notices';
import { deleteRecord, runRowAction } from '../../core/resources/actions';
import { resourceLabel } from '../../core/resources/labels';
import { showHref } from '../../core/resources/paths';
import { useRecord } from '../../core/resources/useRecord';
import { lockedAll } from '../../core/resources/workflow';
import { RecordEventsContext } from '../../core/host/embedding';
import { AuditTrail } from '../../core/ui/AuditTrail';
import { useRecordTitle } from '../../core/recordTitle';
import { HistoryTimeline } from '../../core/ui/HistoryTimeline';
import { WorkflowActions } from '../../core/ui/WorkflowActions';
import { Alert } from '../../core/ui/Alert';
import { ConfirmDialog } from '../../core/ui/ConfirmDialog';
import { RecordShow } from '../../core/ui/RecordShow';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { BornRecords } from './BornRecords';
import { NavLink, PageHeader } from './PageHeader';
import { RecordStanding } from './RecordStanding';
import { useRecordLinks } from './recordLinks';
import { AUDIT_TAB, type RegistryPageProps, type SubPageProps } from './spec';
import { useRegistry } from './useRegistry';

export default function ShowPage(props: RegistryPageProps) {
  const { resource, routes, access, id, parentHref } = useRegistry(props);
  const { go, pathname } = useNavigation();
  const { record, loading, error, setRecord, reload } = useRecord(resource, routes.params, id, access('read'));
  const events = useContext(RecordEventsContext);
  const page = (props.spec.pages ?? []).find((entry) => entry.path === props.tab);
  const PageBody = useMemo(() => (page ? lazy(page.load) : null), [page]);
  // A mount's own details body (`spec.details`), loaded with the screen (resourceRoutes.ts).
  const DetailsBody = props.detailsView as ComponentType<SubPageProps> | undefined;
  const [confirming, setConfirming] = useState<ActionDef | null>(null);
  const [busy, setBusy] = useState(false);
  const single = Boolean(props.spec.single);
  const here = single || !id ? routes.base : showHref(routes, id);
  const titleId = `show-${resource.name}`;
  // The heading's name in the breadcrumbs too: a record without a title (a substitution with no reason) goes by its kind, not its id.
  const named = record ? recordName(resource, record[resource.titleField]) || resourceLabel(resource, 'one') : undefined;
  useRecordTitle(here, named);
  const linkOf = useRecordLinks();

  if (!access('read')) return <Alert>{t('registry.forbidden')}</Alert>;
  if (loading) return <Spinner />;
  if (error || !record) return <Alert>{error?.message ?? t('registry.loadFailed')}</Alert>;

  const title = named ?? resourceLabel(resource, 'one');
  const rowActions = (resource.actions ?? []).filter((action) => action.row && access(action.scope) && !(resource.bornOf && action.name === 'delete'));
  const run = async (action: ActionDef) => {
    setConfirming(null);
    setBusy(true);
    try {
      if (action.name === 'delete') {
        await deleteRecord(resource, routes.params, record);
        notify({ type: 'success', message: t('registry.deleted') });
        go(parentHref && single ? parentHref : routes.base);
      } else {
        setRecord(await runRowAction(resource, routes.params, record.id, action.name));
      }
    } catch {
      // the HTTP notice already explains it
    } finally {
      setBusy(false);
    }
  };
  const tab = (resource.tabs ?? []).find((entry) => entry.path === props.tab);
  const auditing = props.tab === AUDIT_TAB;

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <PageHeader
        title={title}
        titleId={titleId}
        meta={resource.numbering || resource.workflow ? <RecordStanding resource={resource} record={record} /> : undefined}
        back={single ? undefined : { href: routes.base, label: t('registry.back') }}
      >
        {resource.workflow && (
          <WorkflowActions resource={resource} params={routes.params} record={record} onChange={setRecord} onReload={reload}
            pages={transitionPages(props.spec.transitionPages, here, pathname, go)}
            onDone={(transition, saved) => events.transition?.(resource.name, transition.name, saved)} />
        )}
        {access('update') && !lockedAll(resource, record) && writableFields(resource).length > 0 && <button type="button" className={ui.button.secondary} onClick={() => go(`${here}/editar`)}>{t('registry.edit')}</button>}
        {rowActions.map((action) => (
          <button key={action.name} type="button" disabled={busy} className={action.tone === 'danger' ? ui.button.danger : ui.button.secondary}
            onClick={() => setConfirming(action)}>
            {action.label}
          </button>
        ))}
      </PageHeader>
      <nav aria-label={resourceLabel(resource, 'one')}>
        <ul className={css.tabs}>
          <li><NavLink href={here} className={css.tab} current={pathname === here}>{t('registry.details')}</NavLink></li>
          {[
            // A field's tab shows while the field applies to the record (no "Gatilhos" for a queue of a kind without triggers).
            ...(resource.tabs ?? []).filter((entry) => !('field' in entry) || !resource.fields[entry.field] || fieldShown(resource.fields[entry.field], record)),
            ...(props.spec.pages ?? []).map((entry) => ({ path: entry.path, label: t(entry.label) })),
            { path: AUDIT_TAB, label: t('registry.audit.tab') },
          ].map((entry) => {
            const href = `${here}/${entry.path}`;
            return (
              <li key={entry.path}>
                <NavLink href={href} className={css.tab} current={pathname === href}>{entry.label}</NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={ui.card}>
        {auditing ? (
          <AuditTrail resource={resource} params={routes.params} record={record} />
        ) : PageBody ? (
          <Suspense fallback={<Spinner />}><PageBody resource={resource} record={record} routes={routes} onReload={reload} /></Suspense>
        ) : DetailsBody && !props.tab ? (
          <DetailsBody resource={resource} record={record} routes={routes} onReload={reload} />
        ) : tab && 'field' in tab ? (
          <RecordShow resource={resource} record={record} fields={[tab.field]} linkOf={linkOf} />
        ) : (
          <RecordShow resource={resource} record={record} linkOf={linkOf} />
        )}
      </div>
      {!PageBody && !tab && !auditing && id && resource.bornRecords?.map((born) => (
        <Suspense key={born.resource} fallback={null}><BornRecords born={born} record={record} /></Suspense>
      ))}
      {resource.workflow && !PageBody && !tab && !auditing && id && (
        <div className={ui.card}><HistoryTimeline resource={resource} params={routes.params} id={id} /></div>
      )}
      {confirming && (
        <ConfirmDialog title={confirming.label} danger={confirming.tone === 'danger'} confirmLabel={confirming.label} busy={busy}
          onConfirm={() => void run(confirming)} onCancel={() => setConfirming(null)}>
          <p>{confirming.name === 'delete' ? t('registry.deleteConfirm', { title }) : confirming.confirm}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The header's transitions that open a page of the mount (`spec.transitionPages`), by transition name. */
function transitionPages(pages: Readonly<Record<string, string>> | undefined, here: string, pathname: string, go: (href: string) => void) {
  if (!pages) return undefined;
  return Object.fromEntries(Object.entries(pages).map(([name, path]) => {
    const href = `${here}/${path}`;
    return [name, { href, current: pathname === href, go: () => go(href) }];
  }));
}

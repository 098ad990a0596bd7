/**
 * The bar of a list's selection: the declared bulk actions (delete, "Ativar" / "Inativar"…) and
 * bulk workflow transitions the caller may run, their confirmation or input dialog, and the
 * summary of the answer — how many were done, and each record that was not, by its title, with
 * the server's reason (those stay selected). Loaded only once rows are selected (ListPage).
 */
import '../../core/i18n/recordPageTexts';
import { lazy, Suspense, useState } from 'react';
import { recordName, type ActionDef, type AnyResource } from '../../contracts/resource';
import { ACTIONS_KEY, type Transition } from '../../contracts/workflow';
import { transitionInput } from '../../contracts/workflowSchemas';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { actionApplies, runBulk } from '../../core/resources/actions';
import type { PathParams } from '../../core/resources/paths';
import { idempotencyKeys, inputBody } from '../../core/resources/transitionBody';
import type { Row } from '../../core/resources/useList';
import { checkInput, errorsAfterEdit } from '../../core/resources/values';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';

// The dialogs and the field inputs load when an action asks for them, not with the bar.
const Dialog = lazy(() => import('../../core/ui/Dialog').then((m) => ({ default: m.Dialog })));
const ConfirmDialog = lazy(() => import('../../core/ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
const TransitionInputs = lazy(() => import('../../core/ui/TransitionInputs').then((m) => ({ default: m.TransitionInputs })));

export interface BulkActionsProps {
  resource: AnyResource;
  params: PathParams;
  actions: readonly ActionDef[];
  transitions: readonly Transition[];
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  /** The rows on screen: a record that failed is named by its title. */
  rows: readonly Row[];
  /** After a run: the list reloads. */
  onDone: () => void;
}

export default function BulkActions({ resource, params, actions, transitions, selected, onSelect, rows, onDone }: BulkActionsProps) {
  const [asking, setAsking] = useState<Transition | null>(null);
  const [confirming, setConfirming] = useState<ActionDef | null>(null);
  const [inputValues, setInputValues] = useState<Record<string, unknown>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string[]>>({});
  const [keys] = useState(idempotencyKeys);
  const [busy, setBusy] = useState(false);

  const titleOf = (id: string) => {
    const title = rows.find((row) => row.id === id)?.[resource.titleField];
    return title === undefined || title === null || title === '' ? id : recordName(resource, title);
  };

  const run = async (action: Pick<ActionDef, 'name'>, transition?: Transition) => {
    setConfirming(null);
    setBusy(true);
    try {
      const input = transition?.input ? inputBody(transition, inputValues) : undefined;
      const key = transition?.idempotent ? keys.keyFor({ ids: [...selected], input }) : undefined;
      const result = await runBulk(resource, params, action.name, [...selected], input, key);
      keys.reset();
      setAsking(null);
      setInputValues({});
      setInputErrors({});
      if (result.done.length) notify({ type: 'success', message: t('registry.bulk.done', { count: result.done.length }) });
      if (result.failed.length) {
        notify({ type: 'error', message: t('registry.bulk.failed', { count: result.failed.length }), details: result.failed.map((f) => t('registry.bulk.failedItem', { record: titleOf(f.id), reason: f.message })) });
      }
      // What failed stays selected, to be looked at or tried again.
      onSelect(new Set(result.failed.map((f) => f.id)));
      onDone();
    } catch {
      // the HTTP notice already explains it
    } finally {
      setBusy(false);
    }
  };

  // Only what applies to at least one selected record now: a declared action's values and condition,
  // a transition by the server's `_actions` (state, scope, who entered it).
  const selectedRows = rows.filter((row) => selected.has(row.id));
  const offeredActions = actions.filter((action) => selectedRows.some((row) => actionApplies(action, row)));
  const offered = transitions.filter((transition) => selectedRows.some((row) => (row[ACTIONS_KEY] as readonly string[] | undefined)?.includes(transition.name)));

  const start = (transition: Transition) => {
    if (transition.input || transition.confirm) {
      setInputValues({});
      setInputErrors({});
      setAsking(transition);
    } else void run(transition, transition);
  };

  return (
    <>
    <div className={css.bulkBar} role="region" aria-label={t('registry.actions')}>
      <span>{t('registry.selection.count', { count: selected.size })}</span>
      {!offeredActions.length && !offered.length && <span className={css.muted}>{t('registry.selection.nothingApplies')}</span>}
      {offeredActions.map((action) => (
        <button key={action.name} type="button" data-action={action.name} className={action.tone === 'danger' ? ui.button.danger : ui.button.secondary} disabled={busy}
          onClick={() => (action.confirm ? setConfirming(action) : void run(action))}>
          {action.label}
        </button>
      ))}
      {offered.map((transition) => (
        <button key={transition.name} type="button" data-transition={transition.name} disabled={busy}
          className={transition.tone === 'danger' ? ui.button.danger : transition.tone === 'primary' ? ui.button.primary : ui.button.secondary}
          onClick={() => start(transition)}>
          {transition.label}
        </button>
      ))}
      <button type="button" className={ui.button.link} onClick={() => onSelect(new Set())}>{t('registry.selection.clear')}</button>
    </div>

      <Suspense fallback={null}>
        {asking && (
          <Dialog title={t('workflow.bulk.title', { action: asking.label, count: selected.size })} onClose={() => setAsking(null)}>
            <form className={ui.stack} noValidate onSubmit={(event) => {
              event.preventDefault();
              const checked = checkInput(transitionInput(asking), inputBody(asking, inputValues));
              if (!checked.success) {
                setInputErrors(checked.errors);
                return;
              }
              void run(asking, asking);
            }}>
              {(asking.bulkConfirm ?? asking.confirm) && <p>{asking.bulkConfirm ?? asking.confirm}</p>}
              {asking.input && <p className={css.muted}>{t('workflow.bulk.inputHelp')}</p>}
              <Suspense fallback={<Spinner />}>
                <TransitionInputs resource={resource} params={params} transition={asking} values={inputValues} onChange={(next) => { setInputErrors(errorsAfterEdit(inputErrors, inputValues, next)); setInputValues(next); }} errors={inputErrors} />
              </Suspense>
              <div className={ui.row}>
                <button type="submit" className={asking.tone === 'danger' ? ui.button.danger : ui.button.primary} disabled={busy}>{asking.label}</button>
                <button type="button" className={ui.button.secondary} onClick={() => setAsking(null)}>{t('registry.dismiss')}</button>
              </div>
            </form>
          </Dialog>
        )}

        {confirming && (
          <ConfirmDialog title={confirming.label} danger={confirming.tone === 'danger'} confirmLabel={confirming.label} onConfirm={() => void run(confirming)} onCancel={() => setConfirming(null)}>
            <p>{confirming.confirm}</p>
            <p className={css.muted}>{t('registry.selection.count', { count: selected.size })}</p>
          </ConfirmDialog>
        )}
      </Suspense>
    </>
  );
}

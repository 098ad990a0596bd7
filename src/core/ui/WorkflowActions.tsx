/**
 * The transitions a record offers now (exactly its `_actions`) as buttons in the show page's
 * header. A transition with `confirm` or `input` opens a dialog (the question, and one text box
 * per input field such as the reason of a cancel); the call sends `If-Match` with the version on
 * screen. A 409 shows the server's pt-BR reason; a 412 (someone changed the record) offers to
 * reload it while the dialog keeps what was typed.
 */
import '../i18n/recordPageTexts';
import { useId, useState, type FormEvent } from 'react';
import { recordErrorLines } from '../resources/errorPlace';
import { checkInput, errorsAfterEdit } from '../resources/values';
import { idempotencyKeys, initialInput, inputBody, inputFields, TransitionInputs } from './TransitionInputs';
import type { AnyResource } from '../../contracts/resource';
import { type Transition } from '../../contracts/workflow';
import { transitionInput } from '../../contracts/workflowSchemas';
import { t } from '../i18n';
import { notify } from '../notices';
import type { PathParams } from '../resources/paths';
import { toApiError } from '../resources/transport';
import type { Row } from '../resources/useList';
import { offeredTransitions, runTransition } from '../resources/workflow';
import { Alert } from './Alert';
import { Dialog } from './Dialog';
import * as ui from './ui.css';

export interface WorkflowActionsProps {
  resource: AnyResource;
  params: PathParams;
  record: Row;
  /** The record after a transition. */
  onChange: (record: Row) => void;
  /** Fetches the record again (after a 412); resolves when it is on screen. */
  onReload: () => void;
  /** Called after a transition ran (events of an embedding element). */
  onDone?: (transition: Transition, record: Row) => void;
  /**
   * Transitions run on a page of their own (a cotação's "Concluir" on its análise): the button
   * opens that page (absent while it is the page on screen) instead of the generic dialog.
   */
  pages?: Readonly<Record<string, { href: string; current: boolean; go: () => void }>>;
}


export function WorkflowActions({ resource, params, record, onChange, onReload, onDone, pages }: WorkflowActionsProps) {
  const [open, setOpen] = useState<Transition | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  // One Idempotency-Key per submission (money-moving transitions), reused when the same body is retried.
  const [keys] = useState(idempotencyKeys);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const transitions = offeredTransitions(resource, record).filter((transition) => !pages?.[transition.name]?.current);
  if (!transitions.length) return null;

  const start = (transition: Transition) => {
    const page = pages?.[transition.name];
    if (page) return page.go();
    setFailure(null);
    setErrors({});
    if (transition.confirm || transition.input) {
      if (open?.name !== transition.name) setValues(initialInput(resource, transition, record));
      setOpen(transition);
    } else void run(transition, {});
  };

  const run = async (transition: Transition, body: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await runTransition(resource, params, record, transition.name, body, transition.idempotent ? keys.keyFor(body) : undefined);
      keys.reset();
      onChange(saved);
      setOpen(null);
      setValues({});
      notify({ type: 'success', message: t('workflow.done', { action: transition.label }) });
      onDone?.(transition, saved);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.status === 412) setFailure({ message: t('workflow.stale'), stale: true });
      else if (error.status === 409 || error.status === 400) {
        if (error.errors) setErrors(error.errors);
        setFailure({ message: error.message, stale: false });
      }
      if (!open && (error.status === 409 || error.status === 412 || error.status === 400)) setOpen(transition);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    const body = inputBody(open, values);
    const checked = checkInput(transitionInput(open), body);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    void run(open, checked.data);
  };

  const recordLines = open ? recordErrorLines(resource, errors, inputFields(open)) : [];

  return (
    <>
      <span role="group" aria-label={t('workflow.actions')} className={ui.row} part="actions">
        {transitions.map((transition) => (
          <button key={transition.name} type="button" disabled={busy} data-transition={transition.name}
            className={transition.tone === 'danger' ? ui.button.danger : transition.tone === 'primary' ? ui.button.primary : ui.button.secondary}
            onClick={() => start(transition)}>
            {transition.label}
          </button>
        ))}
      </span>
      {open && (
        <Dialog title={open.label} onClose={() => setOpen(null)}>
          <form id={formId} className={ui.stack} onSubmit={submit} noValidate>
            {open.confirm && <p>{open.confirm}</p>}
            {failure && (
              <Alert tone="error">
                <p style={{ margin: 0 }}>{failure.message}</p>
                {/* What the record itself lacks (a category to accept a faturamento, a due date on a business day): named, not only "invalid". */}
                {recordLines.length > 0 && <ul>{recordLines.map((line) => <li key={line}>{line}</li>)}</ul>}
                {failure.stale && (
                  <button type="button" className={ui.button.secondary} style={{ marginTop: 8 }} onClick={() => {
                    onReload();
                    setFailure(null);
                    notify({ type: 'info', message: t('workflow.staleKept') });
                  }}>{t('workflow.staleReload')}</button>
                )}
              </Alert>
            )}
            <TransitionInputs resource={resource} params={params} transition={open} record={record} values={values} onChange={(next) => { setErrors(errorsAfterEdit(errors, values, next)); setValues(next); }} errors={errors} />
            <div className={ui.row}>
              <button type="submit" className={open.tone === 'danger' ? ui.button.danger : ui.button.primary} disabled={busy} aria-busy={busy || undefined}>{open.label}</button>
              <button type="button" className={ui.button.secondary} onClick={() => setOpen(null)}>{t('registry.dismiss')}</button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}

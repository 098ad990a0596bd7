/**
 * /filas-de-aprovacao/{approvalId}: the approval with its document inline (FlowDocument), the
 * decision right there (Aprovar with an optional comment, Reprovar with a mandatory reason), then
 * on to the next item of my inbox ("Próxima aprovação"); the queue, state and stages below, and
 * "Abrir o registro" as a secondary link.
 * /filas-de-aprovacao/{approvalId}/etapas/{approvalStageId}: that stage alone.
 */
import { useId, useState } from 'react';
import { catalogueEntry } from '../../core/catalogue';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { useRecordTitle } from '../../core/recordTitle';
import { notify } from '../../core/notices';
import { resourceLabel } from '../../core/resources/labels';
import { toApiError } from '../../core/resources/transport';
import type { Row } from '../../core/resources/useList';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { decide, nextInInbox, useFlow, useInbox } from './api';
import { FlowDocument } from './FlowDocument';
import { FlowStages, FlowSummary } from './FlowDetails';
import { approvals } from './catalogue';

registerCatalogue(approvals);

const flowHref = (id: string) => `/filas-de-aprovacao/${encodeURIComponent(id)}`;

/** Aprovar / Reprovar on the page: one text, optional to approve, required (3+ characters) to reject. */
function DecisionPanel({ onDecide }: { onDecide: (decision: 'approve' | 'reject', text: string) => Promise<string | null> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const run = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && text.trim().length < 3) {
      setError(t('approvals.reason.required'));
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setError(null);
    setBusy(decision);
    const failure = await onDecide(decision, text.trim());
    setBusy(null);
    if (failure) setError(failure);
  };
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ margin: 0 }}>{t('approvals.flow.decide')}</h2>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-text`}>{t('approvals.flow.comment')}</label>
        <textarea id={`${id}-text`} className={ui.input} rows={3} maxLength={500} value={text} onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`} />
        <span id={`${id}-help`} className={ui.hint}>{t('approvals.flow.commentHelp')}</span>
        {error && <ul id={`${id}-error`} className={ui.fieldError}><li>{error}</li></ul>}
      </div>
      <div className={ui.row}>
        <button type="button" className={ui.button.primary} disabled={busy !== null} aria-busy={busy === 'approve' || undefined} onClick={() => void run('approve')}>{t('approvals.approve')}</button>
        <button type="button" className={ui.button.danger} disabled={busy !== null} aria-busy={busy === 'reject' || undefined} onClick={() => void run('reject')}>{t('approvals.reject')}</button>
      </div>
    </section>
  );
}

export default function FlowPage({ approvalId, approvalStageId }: { approvalId?: string; approvalStageId?: string }) {
  const flow = useFlow(approvalId);
  const inbox = useInbox(1);
  const { go } = useNavigation();
  const titleId = useId();
  // The breadcrumbs name the approval ("Pedido nº 12") and its stage, not their ids.
  const flowPath = approvalId ? flowHref(approvalId) : '';
  useRecordTitle(flowPath, flow.data?.title);
  const stageName = approvalStageId ? flow.data?.stages.find((s) => s.id === approvalStageId)?.name : undefined;
  useRecordTitle(approvalStageId ? `${flowPath}/etapas/${encodeURIComponent(approvalStageId)}` : '', stageName);
  if (flow.loading && !flow.data) return <Spinner />;
  if (flow.error || !flow.data) return <Alert>{flow.error?.message ?? t('registry.loadFailed')}</Alert>;
  const view = flow.data;
  const resource = catalogueEntry(view.resource);
  // A nested record's page is under its parent's (an alteração under its conta financeira).
  const parentParam = resource?.parent?.param;
  const base = resource && parentParam ? (view.recordParentId ? resource.route.base.replace(`{${parentParam}}`, encodeURIComponent(view.recordParentId)) : null) : resource?.route.base;
  const recordHref = base ? `${base}/${encodeURIComponent(view.recordId)}` : null;
  const here = flowHref(view.id);
  const stage = approvalStageId ? view.stages.find((s) => s.id === approvalStageId) : undefined;
  if (approvalStageId && !stage) return <Alert>{t('registry.loadFailed')}</Alert>;
  const next = inbox.data?.items.find((item) => item.id !== view.id);

  const onDecide = async (decision: 'approve' | 'reject', text: string): Promise<string | null> => {
    try {
      await decide(view, decision, text || undefined);
    } catch (caught) {
      const failure = toApiError(caught);
      return failure.errors?.reason?.[0] ?? failure.errors?.note?.[0] ?? failure.message;
    }
    notify({ type: 'success', message: t(decision === 'approve' ? 'approvals.flow.approved' : 'approvals.flow.rejected') });
    const following = await nextInInbox(view.id).catch(() => null);
    if (following) go(flowHref(following));
    else {
      notify({ type: 'info', message: t('approvals.flow.nothingNext') });
      go('/filas-de-aprovacao');
    }
    return null;
  };

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <NavLink href={stage ? here : '/filas-de-aprovacao'} className={data.muted}>← {stage ? t('approvals.flow.title', { title: view.title }) : t('approvals.flow.back')}</NavLink>
      <div className={data.header}>
        <div>
          {resource && <p className={data.muted} style={{ margin: 0 }}>{resourceLabel(resource, 'one')}</p>}
          <h1 id={titleId} style={{ margin: 0 }}>{stage ? t('approvals.stage.title', { position: stage.position + 1, name: stage.name }) : t('approvals.flow.title', { title: view.title })}</h1>
        </div>
        <div className={ui.row}>
          {next && <NavLink href={flowHref(next.id)} className={ui.button.secondary}>{t('approvals.flow.next')} →</NavLink>}
          {recordHref && <NavLink href={recordHref} className={ui.button.link}>{t('approvals.flow.record')}</NavLink>}
        </div>
      </div>
      {view.canDecide && <DecisionPanel key={view.id} onDecide={onDecide} />}
      {!view.canDecide && view.status === 'pending' && <p className={data.muted}>{t('approvals.flow.cannotDecide')}</p>}
      {!stage && (
        <section className={ui.card} aria-labelledby={`${titleId}-doc`}>
          <h2 id={`${titleId}-doc`} style={{ marginTop: 0 }}>{t('approvals.flow.document')}</h2>
          <FlowDocument resource={view.resource} record={view.record as Row | null | undefined} />
        </section>
      )}
      <div className={ui.card}><FlowSummary flow={view} /></div>
      <section className={ui.card} aria-label={t('approvals.flow.stages')}>
        {!stage && <h2 style={{ marginTop: 0 }}>{t('approvals.flow.stages')}</h2>}
        <FlowStages flow={view} only={stage?.id} headingLevel={stage ? 2 : 3} stageHref={stage ? undefined : (stageId) => `${here}/etapas/${encodeURIComponent(stageId)}`} />
      </section>
    </section>
  );
}

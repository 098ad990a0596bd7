/**
 * /filas-de-aprovacao/{approvalId} (the flow: stages, decisions, Aprovar / Reprovar with a
 * reason when the caller may decide, a link to the record) and
 * /filas-de-aprovacao/{approvalId}/etapas/{approvalStageId} (that stage alone).
 */
import { useId, useState, type FormEvent } from 'react';
import { catalogueEntry } from '../../core/catalogue';
import { registerCatalogue, t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { toApiError } from '../../core/resources/transport';
import { Alert } from '../../core/ui/Alert';
import { Dialog } from '../../core/ui/Dialog';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { decide, useFlow } from './api';
import { FlowStages, FlowSummary } from './FlowDetails';
import { approvals } from './catalogue';

registerCatalogue(approvals);

export default function FlowPage({ approvalId, approvalStageId }: { approvalId?: string; approvalStageId?: string }) {
  const flow = useFlow(approvalId);
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  if (flow.loading && !flow.data) return <Spinner />;
  if (flow.error || !flow.data) return <Alert>{flow.error?.message ?? t('registry.loadFailed')}</Alert>;
  const view = flow.data;
  const resource = catalogueEntry(view.resource);
  const recordHref = resource ? `${resource.route.base}/${encodeURIComponent(view.recordId)}` : null;
  const here = `/filas-de-aprovacao/${encodeURIComponent(view.id)}`;
  const stage = approvalStageId ? view.stages.find((s) => s.id === approvalStageId) : undefined;
  if (approvalStageId && !stage) return <Alert>{t('registry.loadFailed')}</Alert>;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (asking === 'reject' && reason.trim().length < 3) {
      setError(t('approvals.reason.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await decide(view, asking!, asking === 'reject' ? reason.trim() : undefined);
      notify({ type: 'success', message: t(asking === 'approve' ? 'approvals.flow.approved' : 'approvals.flow.rejected') });
      setAsking(null);
      setReason('');
    } catch (caught) {
      const failure = toApiError(caught);
      setError(failure.errors?.reason?.[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <NavLink href={stage ? here : '/filas-de-aprovacao'} className={data.muted}>← {stage ? t('approvals.flow.title', { title: view.title }) : t('approvals.flow.back')}</NavLink>
      <div className={data.header}>
        <h1 id={titleId} style={{ margin: 0 }}>{stage ? t('approvals.stage.title', { position: stage.position + 1, name: stage.name }) : t('approvals.flow.title', { title: view.title })}</h1>
        <div className={ui.row}>
          {view.canDecide && (
            <>
              <button type="button" className={ui.button.primary} onClick={() => { setError(null); setAsking('approve'); }}>{t('approvals.approve')}</button>
              <button type="button" className={ui.button.danger} onClick={() => { setError(null); setAsking('reject'); }}>{t('approvals.reject')}</button>
            </>
          )}
          {recordHref && <NavLink href={recordHref} className={ui.button.secondary}>{t('approvals.flow.record')}</NavLink>}
        </div>
      </div>
      {!view.canDecide && view.status === 'pending' && <p className={data.muted}>{t('approvals.flow.cannotDecide')}</p>}
      <div className={ui.card}><FlowSummary flow={view} /></div>
      <section className={ui.card} aria-label={t('approvals.flow.stages')}>
        {!stage && <h2 style={{ marginTop: 0 }}>{t('approvals.flow.stages')}</h2>}
        <FlowStages flow={view} only={stage?.id} headingLevel={stage ? 2 : 3} stageHref={stage ? undefined : (stageId) => `${here}/etapas/${encodeURIComponent(stageId)}`} />
      </section>
      {asking && (
        <Dialog title={asking === 'approve' ? t('approvals.approve') : t('approvals.reject')} onClose={() => setAsking(null)}>
          <form className={ui.stack} onSubmit={submit} noValidate>
            <p style={{ margin: 0 }}>{view.title}</p>
            {asking === 'reject' && (
              <div className={ui.field}>
                <label className={ui.label} htmlFor={`${titleId}-reason`}>{t('workflow.reason')}</label>
                <textarea id={`${titleId}-reason`} className={ui.input} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${titleId}-error` : undefined} />
              </div>
            )}
            {error && <ul id={`${titleId}-error`} className={ui.fieldError}><li>{error}</li></ul>}
            <div className={ui.row}>
              <button type="submit" className={asking === 'reject' ? ui.button.danger : ui.button.primary} disabled={busy} aria-busy={busy || undefined}>{asking === 'approve' ? t('approvals.approve') : t('approvals.reject')}</button>
              <button type="button" className={ui.button.secondary} onClick={() => setAsking(null)}>{t('registry.cancel')}</button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}

/** One approval flow: queue, state, amount, requester, and each stage with its approvers and decisions (who, when, on whose behalf, reason). */
import { FLOW_STATE_LABELS, STAGE_STATE_LABELS, type FlowView } from '../../contracts/approvals';
import type { Tone } from '../../contracts/workflow';
import { formatDateTime } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { approvals } from './catalogue';

registerCatalogue(approvals);

const TONE: Record<string, Tone> = { waiting: 'neutral', pending: 'info', approved: 'success', rejected: 'danger', voided: 'neutral' };

export function FlowBadge({ status, stage = false }: { status: string; stage?: boolean }) {
  const labels: Record<string, string> = stage ? STAGE_STATE_LABELS : FLOW_STATE_LABELS;
  return <StatusBadge label={labels[status] ?? status} tone={TONE[status] ?? 'neutral'} />;
}

export function Decisions({ flow, stageId }: { flow: FlowView; stageId: string }) {
  const decisions = flow.decisions.filter((d) => d.stageId === stageId);
  if (!decisions.length) return <p className={data.muted}>{t('approvals.flow.noDecisions')}</p>;
  return (
    <ul className={data.timeline}>
      {decisions.map((decision) => (
        <li key={decision.id} className={data.timelineItem}>
          <span>
            {t('approvals.decision.line', { who: decision.user.label, what: t(`approvals.decision.${decision.decision}`).toLowerCase(), when: formatDateTime(decision.at) })}
            {decision.onBehalfOf && <> {t('approvals.decision.behalf', { name: decision.onBehalfOf.label })}</>}
          </span>
          {decision.reason && <span>{t('workflow.history.reason', { reason: decision.reason })}</span>}
        </li>
      ))}
    </ul>
  );
}

export function FlowSummary({ flow }: { flow: FlowView }) {
  return (
    <dl className={data.dl}>
      <dt className={data.dt}>{t('approvals.flow.queue')}</dt><dd className={data.dd}>{flow.queueName}</dd>
      <dt className={data.dt}>{t('approvals.flow.status')}</dt><dd className={data.dd}><FlowBadge status={flow.status} /></dd>
      {flow.amount !== null && (
        <>
          <dt className={data.dt}>{t('approvals.flow.amount')}</dt><dd className={data.dd}>{formatMoney(flow.amount)}</dd>
        </>
      )}
      <dt className={data.dt}>{t('approvals.flow.requester')}</dt><dd className={data.dd}>{flow.requester?.label ?? t('registry.none')}</dd>
      {flow.changedBy && <><dt className={data.dt}>{t('approvals.flow.changedBy')}</dt><dd className={data.dd}>{flow.changedBy.label}</dd></>}
      <dt className={data.dt}>{t('approvals.flow.createdAt')}</dt><dd className={data.dd}>{formatDateTime(flow.createdAt)}</dd>
      {flow.decidedAt && <><dt className={data.dt}>{t('approvals.flow.decidedAt')}</dt><dd className={data.dd}>{formatDateTime(flow.decidedAt)}</dd></>}
      {flow.reason && <><dt className={data.dt}>{t('approvals.flow.reason')}</dt><dd className={data.dd}>{flow.reason}</dd></>}
    </dl>
  );
}

/** The stages in order; `stageHref` links each to its own page (the inbox's stage detail). */
export function FlowStages({ flow, stageHref, only, headingLevel = 3 }: { flow: FlowView; stageHref?: (stageId: string) => string; only?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} className={ui.stack}>
      {flow.stages.filter((stage) => !only || stage.id === only).map((stage) => (
        <li key={stage.id} className={data.listItem} style={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
          <div className={data.header}>
            <Heading style={{ margin: 0 }}>{t('approvals.stage.title', { position: stage.position + 1, name: stage.name })}</Heading>
            <FlowBadge status={stage.status} stage />
          </div>
          <span>{t('approvals.progress', { n: stage.approvals, m: stage.minApprovals })}</span>
          <span>{t('approvals.stage.approvers')}: {stage.approvers.map((a) => a.label).join(', ') || t('registry.none')}</span>
          {stage.groups.length > 0 && <span>{t('approvals.stage.groups')}: {stage.groups.map((g) => g.label).join(', ')}</span>}
          <Decisions flow={flow} stageId={stage.id} />
          {stageHref && <NavLink href={stageHref(stage.id)}>{t('approvals.stage.open')}</NavLink>}
        </li>
      ))}
    </ol>
  );
}

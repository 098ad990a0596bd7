/**
 * /pedidos/{orderId}/analises: where the pedido stands ("Aguardando Carla, etapa 2 de 3") and its
 * approval flows (GET approvals/records/orders/{id}), newest first; a submit (a new version of the
 * record) shows its new flow at once.
 */
import { registerCatalogue, t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useRecordFlows, useWaiting } from '../approvals/api';
import { FlowStages, FlowSummary } from '../approvals/FlowDetails';
import type { SubPageProps } from '../registry/spec';
import { approvals } from '../approvals/catalogue';

registerCatalogue(approvals);

export default function OrderApprovals({ resource, record }: SubPageProps) {
  const flows = useRecordFlows(resource.name, record.id, record.version);
  const waiting = useWaiting(resource.name, [record.id], String(record.version));
  const standing = waiting.data?.[0];
  if (flows.loading && !flows.data) return <Spinner />;
  if (flows.error) return <Alert>{t('registry.loadFailed')}</Alert>;
  if (!flows.data?.length) return <p className={data.muted}>{t('approvals.none')}</p>;
  return (
    <div className={ui.stack}>
      <h2 style={{ margin: 0 }}>{t('orders.tabs.approvals')}</h2>
      {standing && (
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {standing.waitingFor.length
            ? t('approvals.waiting.line', { names: standing.waitingFor.join(', '), n: standing.position, m: standing.stages })
            : t('approvals.waiting.stage', { n: standing.position, m: standing.stages, stage: standing.stageName })}
        </p>
      )}
      {flows.data.map((flow) => (
        <section key={flow.id} className={ui.stack} aria-label={`${flow.queueName} — ${flow.createdAt}`}>
          <FlowSummary flow={flow} />
          <FlowStages flow={flow} />
        </section>
      ))}
    </div>
  );
}

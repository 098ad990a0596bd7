/**
 * /pedidos/{orderId}/analises: the pedido's approval flows (GET approvals/records/orders/{id}),
 * newest first; a submit (a new version of the record) shows its new flow at once. Where it stands
 * ("Aguardando Carla, etapa 2 de 3") is under the page's title (registry/RecordStanding.tsx).
 */
import { formatDateTime } from '../../core/format/dates';
import { registerCatalogue, t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useRecordFlows } from '../approvals/api';
import { FlowStages, FlowSummary } from '../approvals/FlowDetails';
import type { SubPageProps } from '../registry/spec';
import { approvals } from '../approvals/catalogue';

registerCatalogue(approvals);

export default function OrderApprovals({ resource, record }: SubPageProps) {
  const flows = useRecordFlows(resource.name, record.id, record.version);
  if (flows.loading && !flows.data) return <Spinner />;
  if (flows.error) return <Alert>{t('registry.loadFailed')}</Alert>;
  if (!flows.data?.length) return <p className={data.muted}>{t('approvals.none')}</p>;
  return (
    <div className={ui.stack}>
      <h2 style={{ margin: 0 }}>{t('orders.tabs.approvals')}</h2>
      {flows.data.map((flow) => (
        <section key={flow.id} className={ui.stack} aria-label={`${flow.queueName} — ${formatDateTime(flow.createdAt)}`}>
          <FlowSummary flow={flow} />
          <FlowStages flow={flow} />
        </section>
      ))}
    </div>
  );
}

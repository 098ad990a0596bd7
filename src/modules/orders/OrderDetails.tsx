/**
 * The body of a pedido's "Dados" tab: its fields as the registry shows them, then the services it
 * led to, which its requester confirms or contests (ServiceConfirmations.tsx).
 */
import { RecordShow } from '../../core/ui/RecordShow';
import * as ui from '../../core/ui/ui.css';
import { useRecordLinks } from '../registry/recordLinks';
import type { SubPageProps } from '../registry/spec';
import { ServiceConfirmations } from './ServiceConfirmations';

export default function OrderDetails({ resource, record }: SubPageProps) {
  const linkOf = useRecordLinks();
  return (
    <div className={ui.stack}>
      <RecordShow resource={resource} record={record} linkOf={linkOf} />
      <ServiceConfirmations orderId={record.id} />
    </div>
  );
}

/**
 * The faturamento's create and edit views: the generic registry form, where choosing the ordem de
 * compra fills the lines, total and cost centre still empty (orderFill.ts); from an ordem's
 * "Registrar faturamento" (`?purchaseOrderId=`), the form starts with that ordem and its lines.
 */
import { useEffect, useState } from 'react';
import { request } from '../../core/api';
import { useQuery as useSearchParams } from '../../core/navigation';
import { patchFrom, registerReferenceFill } from '../../core/resources/fills';
import type { Row } from '../../core/resources/useList';
import type { FormValues } from '../../core/resources/values';
import { Spinner } from '../../core/ui/Spinner';
import FormPage from '../registry/FormPage';
import type { RegistryPageProps } from '../registry/spec';
import { ORDER_TO_INVOICE } from './orderFill';

registerReferenceFill('invoices.purchaseOrderId', ORDER_TO_INVOICE);

export default function InvoiceFormPage(props: RegistryPageProps) {
  const search = useSearchParams();
  const orderId = props.view === 'create' ? search.get('purchaseOrderId') : null;
  const [initial, setInitial] = useState<FormValues | null | undefined>(orderId ? undefined : null);
  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    request<Row>('pricing', `purchase-orders/${encodeURIComponent(orderId)}`, { signal: controller.signal })
      .then((order) => setInitial({ purchaseOrderId: order.id, ...patchFrom(order, ORDER_TO_INVOICE, {}, {}), _refs: { purchaseOrderId: [{ id: order.id, label: `Ordem de compra nº ${String(order.number)}` }] } } as FormValues))
      .catch(() => !controller.signal.aborted && setInitial(null));
    return () => controller.abort();
  }, [orderId]);
  if (initial === undefined) return <Spinner />;
  return <FormPage {...props} initial={initial ?? undefined} />;
}

/**
 * /receipts/adicionar(?purchaseOrderId=…): an entrega against an ordem de compra — the ordem chosen
 * (or given by its "Registrar entrega"), then one block per ordem line with what was ordered and
 * already received, prefilled with what is still to come: quantity received, quantity rejected
 * and the reason; the date, the transport document and notes. Every input is the declaration's
 * own; the server's errors (`lines.N.received` beyond the tolerance…) land on their line.
 */
import { useContext, useState } from 'react';
import type { FieldDef } from '../../contracts/resource';
import { TIMEZONE } from '../../core/format/dates';
import { RecordEventsContext } from '../../core/host/embedding';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation, useQuery as useSearch } from '../../core/navigation';
import { notify } from '../../core/notices';
import { useQuery } from '../../core/resources/cache';
import { fieldLabel } from '../../core/resources/labels';
import { request } from '../../core/resources/transport';
import type { Row } from '../../core/resources/useList';
import { useSave } from '../../core/resources/useSave';
import type { FormValues } from '../../core/resources/values';
import { Alert } from '../../core/ui/Alert';
import { Field } from '../../core/ui/fields/Field';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { PageHeader } from '../registry/PageHeader';
import type { RegistryPageProps } from '../registry/spec';
import { useRegistry } from '../registry/useRegistry';
import { purchasingTexts } from './catalogue';
import { receivedLines, type ReceivedLine } from './lines';
import * as css from './purchasing.css';
import { RECEIVABLE } from './receivable';

registerCatalogue(purchasingTexts);

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(new Date());

export default function ReceiptFormPage(props: RegistryPageProps) {
  const registry = useRegistry(props);
  const { resource, routes, access } = registry;
  const { go } = useNavigation();
  const search = useSearch();
  const orderId = search.get('purchaseOrderId') ?? '';
  const order = useQuery<Row>(orderId ? ['purchaseOrders', orderId] : null, (signal) => request<Row>('pricing', `purchase-orders/${encodeURIComponent(orderId)}`, { signal }));
  const titleId = 'receipt-title';
  if (!access('create')) return <Alert>{t('registry.forbidden')}</Alert>;
  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <PageHeader title={t('purchasing.receipt.title')} titleId={titleId}
        back={{ href: orderId ? `/ordens-de-compra/${encodeURIComponent(orderId)}` : routes.base, label: t('registry.back') }} />
      <div className={ui.card}>
        <div className={ui.stack}>
          <Field resource={resource} field="purchaseOrderId" label={t('purchasing.receipt.choose')} def={resource.fields.purchaseOrderId} value={orderId || null}
            params={routes.params} refs={order.data ? [{ id: order.data.id, label: String(order.data._refs?.supplierId?.[0]?.label ? `${order.data.number} — ${order.data._refs.supplierId[0].label}` : order.data.number) }] : undefined}
            onChange={(value) => go(`${routes.base}/adicionar${value ? `?purchaseOrderId=${encodeURIComponent(String(value))}` : ''}`, { replace: true })} required />
          {orderId && order.loading && !order.data && <Spinner />}
          {order.error && <Alert>{order.error.message}</Alert>}
          {order.data && <ReceiptForm key={`${order.data.id}:${order.data.version}`} registry={registry} order={order.data} titleId={titleId}
            onSaved={(saved) => { notify({ type: 'success', message: t('purchasing.receipt.saved', { number: String(saved.number ?? '') }) }); go(`/ordens-de-compra/${encodeURIComponent(order.data!.id)}`); }} />}
        </div>
      </div>
    </section>
  );
}

function ReceiptForm({ registry, order, titleId, onSaved }: { registry: ReturnType<typeof useRegistry>; order: Row; titleId: string; onSaved: (saved: Row) => void }) {
  const { resource, routes } = registry;
  const events = useContext(RecordEventsContext);
  const lines = receivedLines(order);
  const [values, setValues] = useState<FormValues>(() => ({
    purchaseOrderId: order.id,
    receivedOn: today(),
    document: null,
    notes: null,
    lines: lines.map((line) => ({ purchaseOrderLineId: line.id, received: line.pending, rejected: 0, rejectionReason: null })),
  }));
  const { save, busy, fieldErrors, error } = useSave(resource, routes.params);
  const linesDef = resource.fields.lines as Extract<FieldDef, { type: 'list' }>;
  const set = (field: string) => (value: unknown) => setValues((now) => ({ ...now, [field]: value }));
  const setLine = (index: number, field: string) => (value: unknown) =>
    setValues((now) => ({ ...now, lines: (now.lines as Record<string, unknown>[]).map((line, at) => (at === index ? { ...line, [field]: value } : line)) }));
  if (!RECEIVABLE.includes(String(order.status))) return <Alert tone="info">{t('purchasing.receipt.notReceivable')}</Alert>;
  const field = (name: string) => <Field key={name} resource={resource} field={name} label={fieldLabel(resource, name)} def={resource.fields[name]} value={values[name]} onChange={set(name)} params={routes.params} errors={fieldErrors} />;
  const submit = async () => {
    const saved = await save(values, null);
    if (!saved) return;
    events.created?.(resource.name, saved);
    onSaved(saved);
  };
  return (
    <form className={ui.stack} aria-labelledby={titleId} noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      {lines.every((line) => line.pending === 0) && <p className={ui.hint} style={{ margin: 0 }}>{t('purchasing.receipt.nothingLeft')}</p>}
      {lines.map((line: ReceivedLine, index) => (
        <fieldset key={line.id} className={css.receiptLine}>
          <legend className={css.legend}>{t('purchasing.receipt.line', { index: String(index + 1), description: line.description })}</legend>
          <p className={`${ui.hint} ${data.wide}`} style={{ margin: 0 }}>{t('purchasing.receipt.ordered', { quantity: `${line.quantity} ${line.unit}`, received: String(line.received), rejected: String(line.rejected) })}</p>
          {(['received', 'rejected', 'rejectionReason'] as const).map((name) => (
            <Field key={name} resource={resource} field={`lines.${index}.${name}`} label={fieldLabel(resource, `lines.${name}`)} def={linesDef.of[name]}
              value={(values.lines as Record<string, unknown>[])[index][name]} onChange={setLine(index, name)} params={routes.params} errors={fieldErrors} />
          ))}
        </fieldset>
      ))}
      {fieldErrors.lines && <ul className={ui.fieldError}>{fieldErrors.lines.map((message, at) => <li key={at}>{message}</li>)}</ul>}
      <div className={data.formGrid}>
        {['receivedOn', 'document'].map(field)}
        {field('notes')}
      </div>
      {error && <Alert>{error}</Alert>}
      <div className={ui.row}>
        <button type="submit" className={ui.button.primary} disabled={busy}>{t('purchasing.receipt.save')}</button>
      </div>
    </form>
  );
}

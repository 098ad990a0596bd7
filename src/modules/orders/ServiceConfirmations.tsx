/**
 * The services of a pedido (serviceConfirmation.ts): each ordem de compra line of a service the
 * pedido led to, with its state; the requester confirms the prestação (date and an optional note:
 * the entrega is recorded in their name) or contests it (a reason). Nothing shows for a pedido
 * without services.
 */
import { DateInput } from '../../core/ui/DateInput';
import { saoPauloToday } from '../../contracts/today';
import { useId, useState } from 'react';
import { confirmServiceEndpoint, contestServiceEndpoint, serviceLinesEndpoint, type ServiceLine } from '../../contracts/serviceConfirmation';
import { formatDate } from '../../core/format/dates';
import { registerCatalogue, t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { catalogueEntry } from '../../core/catalogue';
import { useAccess } from '../../core/resources/access';
import { useQuery } from '../../core/resources/cache';
import { callEndpoint } from '../../core/resources/endpoint';
import { Alert } from '../../core/ui/Alert';
import { Dialog } from '../../core/ui/Dialog';
import { Link } from '../../core/ui/Link';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { serviceTexts } from './serviceTexts';

registerCatalogue(serviceTexts);

type Mode = { line: ServiceLine; kind: 'confirm' | 'contest' };
const TONES = { pending: 'warning', confirmed: 'success', contested: 'danger' } as const;

export function ServiceConfirmations({ orderId }: { orderId: string }) {
  const lines = useQuery<ServiceLine[]>(['orderServices', orderId], (signal) => callEndpoint(serviceLinesEndpoint, { params: { orderId }, signal, silent: true }));
  const [mode, setMode] = useState<Mode | null>(null);
  const mayReadOrders = useAccess(catalogueEntry('purchaseOrders')!)('read');
  if (!lines.data?.length) return null;
  const stateOf = (line: ServiceLine) => (line.status === 'confirmed' ? t('orders.services.confirmed', { date: formatDate(line.performedOn) }) : t(`orders.services.${line.status}`));
  return (
    <section className={ui.stack} aria-labelledby="order-services">
      <h2 id="order-services" style={{ margin: 0, fontSize: 18 }}>{t('orders.services.title')}</h2>
      <p className={data.muted} style={{ margin: 0 }}>{t('orders.services.intro')}</p>
      <div className={data.tableWrap} tabIndex={0} role="region" aria-label={t('orders.services.title')}>
        <table className={`${data.table} ${data.cards}`}>
          <thead>
            <tr>
              <th scope="col" className={data.th}>{t('orders.services.service')}</th>
              <th scope="col" className={data.th}>{t('orders.services.order')}</th>
              <th scope="col" className={data.numericHead}>{t('orders.services.quantity')}</th>
              <th scope="col" className={data.th}>{t('orders.services.state')}</th>
              <th scope="col" className={data.th}>{t('orders.services.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.data.map((line) => (
              <tr key={line.purchaseOrderLineId}>
                <td className={data.td} data-label={t('orders.services.service')}>{line.description}{line.reason && line.status === 'contested' ? <><br /><span className={data.muted}>{line.reason}</span></> : null}</td>
                <td className={data.td} data-label={t('orders.services.order')}>
                  {mayReadOrders
                    ? <Link href={`/ordens-de-compra/${encodeURIComponent(line.purchaseOrderId)}`}>{t('orders.services.orderNumber', { number: line.purchaseOrderNumber })}</Link>
                    : t('orders.services.orderNumber', { number: line.purchaseOrderNumber })}
                </td>
                <td className={data.numericCell} data-label={t('orders.services.quantity')}>{line.quantity}</td>
                <td className={data.td} data-label={t('orders.services.state')} style={{ gridColumn: '1 / -1' }}><StatusBadge label={stateOf(line)} tone={TONES[line.status]} /></td>
                <td className={data.td} style={{ gridColumn: '1 / -1' }}>
                  {line.mayConfirm && (
                    <div className={ui.row}>
                      <button type="button" className={ui.button.primary} onClick={() => setMode({ line, kind: 'confirm' })}>{t('orders.services.confirm')}</button>
                      {line.status !== 'contested' && <button type="button" className={ui.button.secondary} onClick={() => setMode({ line, kind: 'contest' })}>{t('orders.services.contest')}</button>}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {mode && <ServiceDialog orderId={orderId} mode={mode} onClose={() => setMode(null)} onDone={() => { setMode(null); void lines.reload(); }} />}
    </section>
  );
}

function ServiceDialog({ orderId, mode, onClose, onDone }: { orderId: string; mode: Mode; onClose: () => void; onDone: () => void }) {
  const [performedOn, setPerformedOn] = useState(() => saoPauloToday());
  const [text, setText] = useState('');
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirming = mode.kind === 'confirm';
  const params = { orderId, lineId: mode.line.purchaseOrderLineId };
  const submit = async () => {
    if (confirming && !performedOn) {
      setError(t('orders.services.performedOnInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (confirming) await callEndpoint(confirmServiceEndpoint, { params, body: { performedOn, note: text.trim() || null }, silent: true });
      else await callEndpoint(contestServiceEndpoint, { params, body: { reason: text }, silent: true });
      notify({ type: 'success', message: t(confirming ? 'orders.services.done' : 'orders.services.contestedDone') });
      onDone();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={t(confirming ? 'orders.services.confirm' : 'orders.services.contest')} onClose={onClose}>
      <form className={ui.stack} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <p style={{ margin: 0 }}>{mode.line.description}</p>
        {/* Plain labelled inputs: the login's TextField here would split it out of <bo-login>'s files. */}
        {confirming && (
          <div className={ui.field}>
            <label className={ui.label} htmlFor={`${formId}-on`}>{t('orders.services.performedOn')}</label>
            <DateInput id={`${formId}-on`} required value={performedOn} onChange={(date) => setPerformedOn(date ?? '')} />
          </div>
        )}
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${formId}-text`}>{t(confirming ? 'orders.services.note' : 'orders.services.reason')}</label>
          <input id={`${formId}-text`} className={ui.input} required={!confirming} maxLength={240} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        {error && <Alert>{error}</Alert>}
        <div className={ui.row}>
          <button type="submit" disabled={busy} className={confirming ? ui.button.primary : ui.button.danger}>{t(confirming ? 'orders.services.confirm' : 'orders.services.contest')}</button>
          <button type="button" className={ui.button.secondary} onClick={onClose}>{t('registry.cancel')}</button>
        </div>
      </form>
    </Dialog>
  );
}

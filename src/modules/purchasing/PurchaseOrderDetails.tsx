/**
 * The body of an ordem de compra's "Dados" tab: its header fields (the cotação it came from, the
 * supplier's proposal), its lines with what the entregas received and rejected and what is still
 * to come, the total, and "Registrar entrega" (the entrega form with these lines prefilled) while
 * the ordem receives entregas. The workflow buttons stay in the show page's header.
 */
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { lineAmount } from '../../contracts/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { useQuery } from '../../core/resources/cache';
import { fieldLabel } from '../../core/resources/labels';
import { request } from '../../core/resources/transport';
import { catalogueEntry } from '../../core/catalogue';
import { useAccess } from '../../core/resources/access';
import { Link } from '../../core/ui/Link';
import { stateOf } from '../../core/resources/workflow';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { purchasingTexts } from './catalogue';
import { PURCHASE_ORDER_INVOICEABLE, type PurchaseOrderState } from '../../contracts/resources/purchaseOrders';
import { receivedLines } from './lines';
import { RECEIVABLE } from './receivable';

registerCatalogue(purchasingTexts);

export default function PurchaseOrderDetails({ resource, record }: SubPageProps) {
  const { go } = useNavigation();
  const receiptsAccess = useAccess(catalogueEntry('receipts')!);
  const lines = receivedLines(record);
  const ref = (field: string) => record._refs?.[field]?.[0]?.label ?? t('registry.none');
  const quoteId = record.quoteId ? String(record.quoteId) : null;
  // The solicitação whose orçamento became this ordem (the cotação's award names it).
  const quote = useQuery<{ awards: { requestId: string; purchaseOrderId: string | null }[] }>(quoteId ? ['quotes', quoteId] : null, (signal) => request('pricing', `quotes/${encodeURIComponent(quoteId!)}`, { signal, silent: true }));
  const requestId = quote.data?.awards?.find((award) => award.purchaseOrderId === record.id)?.requestId;
  const here = `/ordens-de-compra/${encodeURIComponent(record.id)}`;
  const mayReceive = RECEIVABLE.includes(String(record.status)) && receiptsAccess('create');
  const invoicesAccess = useAccess(catalogueEntry('invoices')!);
  const mayInvoice = PURCHASE_ORDER_INVOICEABLE.includes(record.status as PurchaseOrderState) && invoicesAccess('create');
  const money = (value: unknown) => (value === null || value === undefined ? t('registry.none') : formatMoney(Number(value)));

  const state = stateOf(resource, record);
  return (
    <div className={ui.stack}>
      {(mayReceive || mayInvoice) && (
        <div className={ui.row}>
          {mayReceive && <button type="button" className={ui.button.primary} onClick={() => go(`/receipts/adicionar?purchaseOrderId=${encodeURIComponent(record.id)}`)}>{t('purchasing.receive')}</button>}
          {/* The faturamento form starts with this ordem's lines (modules/invoices/orderFill.ts). */}
          {mayInvoice && <button type="button" className={ui.button.secondary} onClick={() => go(`/invoices/adicionar?purchaseOrderId=${encodeURIComponent(record.id)}`)}>{t('purchasing.invoice')}</button>}
        </div>
      )}
      <dl className={data.dl}>
        <dt className={data.dt}>{fieldLabel(resource, 'number')}</dt><dd className={data.dd}>{String(record.number ?? '')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'status')}</dt><dd className={data.dd}>{state ? <StatusBadge label={state.label} tone={state.tone} /> : null}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'supplierId')}</dt><dd className={data.dd}>{ref('supplierId')}</dd>
        {quoteId && <><dt className={data.dt}>{t('purchasing.quote')}</dt><dd className={data.dd}>
          <Link href={`/cotacoes/${encodeURIComponent(quoteId)}`}>{ref('quoteId')}</Link>
          {requestId && <> · <Link href={`${here}/proposta/${encodeURIComponent(requestId)}`}>{t('purchasing.proposal')}</Link></>}
        </dd></>}
        <dt className={data.dt}>{fieldLabel(resource, 'costCenterId')}</dt><dd className={data.dd}>{ref('costCenterId')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'departmentId')}</dt><dd className={data.dd}>{ref('departmentId')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'expectedOn')}</dt><dd className={data.dd}>{record.expectedOn ? formatDate(String(record.expectedOn)) : t('registry.none')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'paymentTerms')}</dt><dd className={data.dd}>{String(record.paymentTerms ?? '') || t('registry.none')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'notes')}</dt><dd className={data.dd}>{String(record.notes ?? '') || t('registry.none')}</dd>
      </dl>
      <section className={ui.stack} aria-labelledby="order-lines">
        <h2 id="order-lines" style={{ margin: 0, fontSize: 18 }}>{t('purchasing.lines.title')}</h2>
        <div className={data.tableWrap} tabIndex={0} role="region" aria-label={t('purchasing.lines.title')}>
          <table className={data.table}>
            <thead>
              <tr>
                <th scope="col" className={data.th}>{t('purchasing.lines.item')}</th>
                <th scope="col" className={data.numericHead}>{t('purchasing.lines.quantity')}</th>
                <th scope="col" className={data.numericHead}>{fieldLabel(resource, 'lines.unitPrice')}</th>
                <th scope="col" className={data.numericHead}>{t('purchasing.lines.amount')}</th>
                <th scope="col" className={data.numericHead}>{t('purchasing.lines.received')}</th>
                <th scope="col" className={data.numericHead}>{t('purchasing.lines.rejected')}</th>
                <th scope="col" className={data.numericHead}>{t('purchasing.lines.pending')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={line.id}>
                  <td className={data.td}>{index + 1}. {line.description}</td>
                  <td className={data.numericCell}>{line.quantity} {line.unit}</td>
                  <td className={data.numericCell}>{formatMoney(line.unitPrice)}</td>
                  <td className={data.numericCell}>{money(lineAmount(line.quantity, line.unitPrice))}</td>
                  <td className={data.numericCell}>{line.received}</td>
                  <td className={data.numericCell}>{line.rejected}</td>
                  <td className={data.numericCell}>{line.pending}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={data.totalLine} style={{ margin: 0 }}><span>{fieldLabel(resource, 'freight')}:</span><span>{money(record.freight)}</span></p>
        <p className={data.totalLine} style={{ margin: 0 }}><span>{fieldLabel(resource, 'total')}:</span><span>{money(record.total)}</span></p>
        {receiptsAccess('read') && <Link href={`/receipts?purchaseOrderId=${encodeURIComponent(record.id)}`}>{t('purchasing.receipts.all')}</Link>}
      </section>
    </div>
  );
}

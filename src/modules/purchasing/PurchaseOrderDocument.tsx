/**
 * /ordens-de-compra/{purchaseOrderId}/solicitacao: the ordem de compra as the supplier receives it
 * — its number large (the `xPed` suppliers put on their NF-e), the supplier, the lines with unit
 * prices and amounts, freight and total, payment terms, expected delivery and notes — clean on
 * paper (print.css.ts: only the document prints).
 */
import { lineAmount } from '../../contracts/money';
import { maskCpfCnpj } from '../../contracts/brazil/masks';
import { formatDate, formatDateTime } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useQuery } from '../../core/resources/cache';
import { fieldLabel } from '../../core/resources/labels';
import { request } from '../../core/resources/transport';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { purchasingTexts } from './catalogue';
import { receivedLines } from './lines';
import * as css from './purchasing.css';
import { printable } from './print.css';

registerCatalogue(purchasingTexts);

export default function PurchaseOrderDocument({ resource, record }: SubPageProps) {
  const lines = receivedLines(record);
  const supplierId = String(record.supplierId ?? '');
  const supplier = useQuery<{ name?: string; document?: string; email?: string | null }>(supplierId ? ['suppliers', supplierId] : null, (signal) => request('companies', `suppliers/${encodeURIComponent(supplierId)}`, { signal, silent: true }));
  const none = t('registry.none');
  const money = (value: unknown) => (value === null || value === undefined ? none : formatMoney(Number(value)));
  const subtotal = lines.reduce((sum, line) => sum + (lineAmount(line.quantity, line.unitPrice) ?? 0), 0);
  const label = `${t('purchasing.document.number')} ${String(record.number ?? '')}`;
  return (
    <article className={`${css.document} ${printable.sheet}`} aria-label={label}>
      <header className={css.documentHead}>
        <div>
          <p className={css.overline}>{t('purchasing.document.number')}</p>
          <p className={css.bigNumber}>{String(record.number ?? '')}</p>
          <p className={ui.hint} style={{ margin: 0 }}>{t('purchasing.document.xPed')}</p>
        </div>
        <button type="button" className={`${ui.button.secondary} ${printable.noPrint}`} onClick={() => window.print()}>{t('purchasing.document.print')}</button>
      </header>
      <dl className={data.dl}>
        <dt className={data.dt}>{t('purchasing.document.supplier')}</dt>
        <dd className={data.dd}>
          {supplier.data?.name ?? record._refs?.supplierId?.[0]?.label ?? none}
          {supplier.data?.document ? ` — ${maskCpfCnpj(supplier.data.document)}` : ''}
          {supplier.data?.email ? `\n${supplier.data.email}` : ''}
        </dd>
        <dt className={data.dt}>{t('purchasing.document.issuedAt')}</dt><dd className={data.dd}>{formatDateTime(String(record.createdAt ?? ''))}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'expectedOn')}</dt><dd className={data.dd}>{record.expectedOn ? formatDate(String(record.expectedOn)) : none}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'paymentTerms')}</dt><dd className={data.dd}>{String(record.paymentTerms ?? '') || none}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'notes')}</dt><dd className={data.dd}>{String(record.notes ?? '') || none}</dd>
      </dl>
      <div className={data.tableWrap} tabIndex={0} role="region" aria-label={fieldLabel(resource, 'lines')}>
        <table className={data.table}>
          <caption className={printable.visuallyHidden}>{fieldLabel(resource, 'lines')}</caption>
          <thead>
            <tr>
              <th scope="col" className={data.th}>{t('purchasing.lines.item')}</th>
              <th scope="col" className={data.numericHead}>{fieldLabel(resource, 'lines.quantity')}</th>
              <th scope="col" className={data.th}>{fieldLabel(resource, 'lines.unit')}</th>
              <th scope="col" className={data.numericHead}>{fieldLabel(resource, 'lines.unitPrice')}</th>
              <th scope="col" className={data.numericHead}>{t('purchasing.lines.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.id}>
                <td className={data.td}>{index + 1}. {line.description}</td>
                <td className={data.numericCell}>{line.quantity}</td>
                <td className={data.td}>{line.unit}</td>
                <td className={data.numericCell}>{formatMoney(line.unitPrice)}</td>
                <td className={data.numericCell}>{money(lineAmount(line.quantity, line.unitPrice))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={css.totals}>
        <p className={data.totalLine} style={{ margin: 0, fontWeight: 400 }}><span>{t('purchasing.document.subtotal')}:</span><span>{formatMoney(subtotal)}</span></p>
        <p className={data.totalLine} style={{ margin: 0, fontWeight: 400 }}><span>{fieldLabel(resource, 'freight')}:</span><span>{money(record.freight)}</span></p>
        <p className={data.totalLine} style={{ margin: 0 }}><span>{fieldLabel(resource, 'total')}:</span><span>{money(record.total)}</span></p>
      </div>
    </article>
  );
}

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
import { PrintableDocument } from './PrintableDocument';

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
    <PrintableDocument
      label={label}
      headClassName={css.documentHead}
      head={
        <div>
          <p className={css.overline}>{t('purchasing.document.number')}</p>
          <p className={css.bigNumber}>{String(record.number ?? '')}</p>
          <p className={ui.hint} style={{ margin: 0 }}>{t('purchasing.document.xPed')}</p>
        </div>
      }
      printLabel={t('purchasing.document.print')}
      facts={[
        [
          t('purchasing.document.supplier'),
          `${supplier.data?.name ?? record._refs?.supplierId?.[0]?.label ?? none}${supplier.data?.document ? ` — ${maskCpfCnpj(supplier.data.document)}` : ''}${supplier.data?.email ? `\n${supplier.data.email}` : ''}`,
        ],
        [t('purchasing.document.issuedAt'), formatDateTime(String(record.createdAt ?? ''))],
        [fieldLabel(resource, 'expectedOn'), record.expectedOn ? formatDate(String(record.expectedOn)) : none],
        [fieldLabel(resource, 'paymentTerms'), String(record.paymentTerms ?? '') || none],
        [fieldLabel(resource, 'notes'), String(record.notes ?? '') || none],
      ]}
      linesLabel={fieldLabel(resource, 'lines')}
      columns={[
        { label: t('purchasing.lines.item') },
        { label: fieldLabel(resource, 'lines.quantity'), numeric: true },
        { label: fieldLabel(resource, 'lines.unit') },
        { label: fieldLabel(resource, 'lines.unitPrice'), numeric: true },
        { label: t('purchasing.lines.amount'), numeric: true },
      ]}
      rows={lines.map((line, index) => ({
        key: line.id,
        cells: [`${index + 1}. ${line.description}`, line.quantity, line.unit, formatMoney(line.unitPrice), money(lineAmount(line.quantity, line.unitPrice))],
      }))}
    >
      <div className={css.totals}>
        <p className={data.totalLine} style={{ margin: 0, fontWeight: 400 }}><span>{t('purchasing.document.subtotal')}:</span><span>{formatMoney(subtotal)}</span></p>
        <p className={data.totalLine} style={{ margin: 0, fontWeight: 400 }}><span>{fieldLabel(resource, 'freight')}:</span><span>{money(record.freight)}</span></p>
        <p className={data.totalLine} style={{ margin: 0 }}><span>{fieldLabel(resource, 'total')}:</span><span>{money(record.total)}</span></p>
      </div>
    </PrintableDocument>
  );
}

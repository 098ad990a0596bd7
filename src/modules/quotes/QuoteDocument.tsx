/** /cotacoes/{quoteId}/solicitacao: the printable request for quotation (number, deadline, notes, lines — no prices). */
import { formatDate } from '../../core/format/dates';
import { registerCatalogue, t } from '../../core/i18n';
import { fieldLabel } from '../../core/resources/labels';
import { PrintableDocument } from '../purchasing/PrintableDocument';
import type { SubPageProps } from '../registry/spec';
import type { QuoteLine } from './api';
import { quotesTexts } from './catalogue';

registerCatalogue(quotesTexts);

export default function QuoteDocument({ resource, record }: SubPageProps) {
  const lines = (Array.isArray(record.lines) ? record.lines : []) as QuoteLine[];
  const title = t('quotes.document.title', { number: String(record.number ?? '') });
  return (
    <PrintableDocument
      label={title}
      head={<h2 style={{ margin: 0 }}>{title}</h2>}
      printLabel={t('quotes.document.print')}
      facts={[
        [fieldLabel(resource, 'title'), String(record.title ?? '')],
        [t('quotes.document.deadline'), record.deadline ? formatDate(String(record.deadline)) : t('quotes.none')],
        [fieldLabel(resource, 'notes'), String(record.notes ?? '') || t('quotes.none')],
      ]}
      linesLabel={fieldLabel(resource, 'lines')}
      columns={[{ label: t('quotes.lines.item') }, { label: fieldLabel(resource, 'lines.quantity'), numeric: true }, { label: fieldLabel(resource, 'lines.unit') }]}
      rows={lines.map((line, index) => ({ key: line.id, cells: [`${index + 1}. ${line.description}`, line.quantity, line.unit] }))}
    />
  );
}

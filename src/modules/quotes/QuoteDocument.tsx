/** /cotacoes/{quoteId}/solicitacao: the printable request for quotation (number, deadline, notes, lines — no prices). */
import { formatDate } from '../../core/format/dates';
import { registerCatalogue, t } from '../../core/i18n';
import { fieldLabel } from '../../core/resources/labels';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import type { QuoteLine } from './api';
import { quotesTexts } from './catalogue';
import * as css from './quotes.css';
import { printable } from '../purchasing/print.css';

registerCatalogue(quotesTexts);

export default function QuoteDocument({ resource, record }: SubPageProps) {
  const lines = (Array.isArray(record.lines) ? record.lines : []) as QuoteLine[];
  const title = t('quotes.document.title', { number: String(record.number ?? '') });
  return (
    <article className={`${css.document} ${printable.sheet}`} aria-label={title}>
      <div className={data.header}>
        <h2 style={{ margin: 0 }}>{title}</h2>
        <button type="button" className={`${ui.button.secondary} ${printable.noPrint}`} onClick={() => window.print()}>{t('quotes.document.print')}</button>
      </div>
      <dl className={data.dl}>
        <dt className={data.dt}>{fieldLabel(resource, 'title')}</dt><dd className={data.dd}>{String(record.title ?? '')}</dd>
        <dt className={data.dt}>{t('quotes.document.deadline')}</dt><dd className={data.dd}>{record.deadline ? formatDate(String(record.deadline)) : t('quotes.none')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'notes')}</dt><dd className={data.dd}>{String(record.notes ?? '') || t('quotes.none')}</dd>
      </dl>
      <div className={data.tableWrap} tabIndex={0} role="region" aria-label={fieldLabel(resource, 'lines')}>
        <table className={data.table}>
          <caption className={printable.visuallyHidden}>{fieldLabel(resource, 'lines')}</caption>
          <thead>
            <tr>
              <th scope="col" className={data.th}>{t('quotes.lines.item')}</th>
              <th scope="col" className={data.numericHead}>{fieldLabel(resource, 'lines.quantity')}</th>
              <th scope="col" className={data.th}>{fieldLabel(resource, 'lines.unit')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.id}>
                <td className={data.td}>{index + 1}. {line.description}</td>
                <td className={data.numericCell}>{line.quantity}</td>
                <td className={data.td}>{line.unit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/**
 * The body of a cotação's "Dados" tab: its header fields, its lines each with the pedidos it came
 * from (`origins`), the suppliers asked (solicitações, with "Adicionar fornecedor" while the
 * cotação takes answers) and, once concluded, the ordens de compra it made. The workflow buttons
 * stay in the show page's header.
 */
import { quoteRequestWorkflow } from '../../contracts/resources/quoteRequests';
import { QUOTE_TAKES_SUPPLIERS } from '../../contracts/resources/quotes';
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { useAccess } from '../../core/resources/access';
import { fieldLabel } from '../../core/resources/labels';
import { Link } from '../../core/ui/Link';
import { StatusBadge } from '../../core/ui/StatusBadge';
import { stateOf } from '../../core/resources/workflow';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { supplierName, useQuoteRequests, type QuoteLine } from './api';
import { AwardedOrders } from './AwardedOrders';
import { quotesTexts } from './catalogue';
import * as css from './quotes.css';

registerCatalogue(quotesTexts);


export default function QuoteDetails({ resource, record, routes }: SubPageProps) {
  const { go } = useNavigation();
  const access = useAccess(resource);
  const lines = (Array.isArray(record.lines) ? record.lines : []) as QuoteLine[];
  const origins = (Array.isArray(record.origins) ? record.origins : []) as { lineId: string; orderNumber: number; quantity: number }[];
  const awards = (Array.isArray(record.awards) ? record.awards : []) as { purchaseOrderId: string | null }[];
  const requests = useQuoteRequests(record.id);
  const takesSuppliers = (QUOTE_TAKES_SUPPLIERS as readonly string[]).includes(String(record.status));
  const here = `${routes.base}/${encodeURIComponent(record.id)}`;

  const state = stateOf(resource, record);
  return (
    <div className={ui.stack}>
      <dl className={data.dl}>
        <dt className={data.dt}>{fieldLabel(resource, 'number')}</dt><dd className={data.dd}>{String(record.number ?? '')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'status')}</dt><dd className={data.dd}>{state ? <StatusBadge label={state.label} tone={state.tone} /> : null}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'title')}</dt><dd className={data.dd}>{String(record.title ?? '')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'deadline')}</dt><dd className={data.dd}>{record.deadline ? formatDate(String(record.deadline)) : t('quotes.none')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'awards')}</dt><dd className={data.dd}>{awards.length ? t('quotes.awards.count', { count: String(awards.length) }) : t('quotes.none')}</dd>
        <dt className={data.dt}>{fieldLabel(resource, 'notes')}</dt><dd className={data.dd}>{String(record.notes ?? '') || t('quotes.none')}</dd>
      </dl>

      <section className={ui.stack} aria-labelledby="quote-lines">
        <h2 id="quote-lines" style={{ margin: 0, fontSize: 18 }}>{t('quotes.lines.title')}</h2>
        <div className={data.tableWrap} tabIndex={0} role="region" aria-label={t('quotes.lines.title')}>
          <table className={data.table}>
            <thead>
              <tr>
                <th scope="col" className={data.th}>{t('quotes.lines.item')}</th>
                <th scope="col" className={data.numericHead}>{fieldLabel(resource, 'lines.quantity')}</th>
                <th scope="col" className={data.th}>{t('quotes.lines.origins')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                const from = origins.filter((origin) => origin.lineId === line.id);
                return (
                  <tr key={line.id}>
                    <td className={data.td}>{index + 1}. {line.description}</td>
                    <td className={data.numericCell}>{line.quantity} {line.unit}</td>
                    <td className={data.td}>
                      {from.length ? (
                        <ul className={css.origins}>{from.map((origin, at) => <li key={at}>{t('quotes.lines.origin', { number: String(origin.orderNumber), quantity: String(origin.quantity) })}</li>)}</ul>
                      ) : <span className={data.muted}>{t('quotes.lines.typed')}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className={ui.stack} aria-labelledby="quote-requests">
        <div className={data.header}>
          <h2 id="quote-requests" style={{ margin: 0, fontSize: 18 }}>{t('quotes.requests.title')}</h2>
          <span className={ui.row}>
            <Link href={`${here}/orcamentos`}>{t('quotes.requests.all')}</Link>
            {takesSuppliers && access('update') && (
              <button type="button" className={ui.button.secondary} onClick={() => go(`${here}/orcamentos/adicionar`)}>{t('quotes.requests.add')}</button>
            )}
          </span>
        </div>
        {requests.data && requests.data.length === 0 && <p className={data.muted} style={{ margin: 0 }}>{t('quotes.requests.none')}</p>}
        {requests.data && requests.data.length > 0 && (
          <ul className={css.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {requests.data.map((row) => (
              <li key={row.id} className={ui.row} style={{ justifyContent: 'space-between' }}>
                <Link href={`${here}/orcamentos/${encodeURIComponent(row.id)}`}>{supplierName(row)}</Link>
                <span className={ui.row}>
                  <StatusBadge {...quoteRequestWorkflow.states[row.status]} />
                  {row.status === 'answered' && <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(row.total)}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AwardedOrders awards={awards} />
    </div>
  );
}

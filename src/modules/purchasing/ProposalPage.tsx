/**
 * /ordens-de-compra/{purchaseOrderId}/proposta/{requestId}: the supplier's orçamento that became
 * this ordem, read-only (prices, quantities offered and lead times per cotação line, freight,
 * terms, validity, notes, total), inside the ordens' own area.
 */
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useQuery } from '../../core/resources/cache';
import { request } from '../../core/resources/transport';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { PageHeader } from '../registry/PageHeader';
import { supplierName, type QuoteLine, type QuoteRequestRow } from '../quotes/api';
import { quotesTexts } from '../quotes/catalogue';
import { purchasingTexts } from './catalogue';

registerCatalogue(purchasingTexts);
registerCatalogue(quotesTexts);

export default function ProposalPage({ purchaseOrderId, requestId }: { purchaseOrderId: string; requestId: string }) {
  const order = useQuery<{ quoteId: string | null }>(['purchaseOrders', purchaseOrderId], (signal) => request('pricing', `purchase-orders/${encodeURIComponent(purchaseOrderId)}`, { signal }));
  const quoteId = order.data?.quoteId ?? null;
  const quote = useQuery<{ lines: QuoteLine[] }>(quoteId ? ['quotes', quoteId] : null, (signal) => request('pricing', `quotes/${encodeURIComponent(quoteId!)}`, { signal }));
  const proposal = useQuery<QuoteRequestRow & { notes: string | null }>(quoteId ? ['quoteRequests', quoteId, requestId] : null, (signal) => request('pricing', `quotes/${encodeURIComponent(quoteId!)}/requests/${encodeURIComponent(requestId)}`, { signal }));
  const failed = order.error ?? quote.error ?? proposal.error;
  if (failed) return <Alert>{failed.message}</Alert>;
  if (order.data && !quoteId) return <Alert>{t('registry.loadFailed')}</Alert>;
  if (!quote.data || !proposal.data) return <Spinner />;
  const none = t('registry.none');
  const title = t('purchasing.proposalPage.title', { supplier: supplierName(proposal.data) });
  return (
    <section className={ui.stack} aria-labelledby="proposal-title">
      <PageHeader title={title} titleId="proposal-title" back={{ href: `/ordens-de-compra/${encodeURIComponent(purchaseOrderId)}`, label: t('purchasing.proposalPage.back') }} />
      <div className={ui.card}>
        <div className={ui.stack}>
          <div className={data.tableWrap} tabIndex={0} role="region" aria-label={t('purchasing.lines.title')}>
            <table className={data.table}>
              <thead>
                <tr>
                  <th scope="col" className={data.th}>{t('purchasing.lines.item')}</th>
                  <th scope="col" className={data.numericHead}>{t('purchasing.proposalPage.unitPrice')}</th>
                  <th scope="col" className={data.numericHead}>{t('purchasing.proposalPage.offered')}</th>
                  <th scope="col" className={data.numericHead}>{t('purchasing.proposalPage.leadTime')}</th>
                </tr>
              </thead>
              <tbody>
                {quote.data.lines.map((line, index) => {
                  const answer = proposal.data!.answers.find((item) => item.lineId === line.id);
                  return (
                    <tr key={line.id}>
                      <td className={data.td}>{index + 1}. {line.description} ({line.quantity} {line.unit})</td>
                      <td className={data.numericCell}>{answer?.unitPrice == null ? none : formatMoney(answer.unitPrice)}</td>
                      <td className={data.numericCell}>{answer?.quantity ?? none}</td>
                      <td className={data.numericCell}>{answer?.leadTimeDays ?? none}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <dl className={data.dl}>
            <dt className={data.dt}>{t('quotes.analysis.freight')}</dt><dd className={data.dd}>{proposal.data.freight == null ? none : formatMoney(proposal.data.freight)}</dd>
            <dt className={data.dt}>{t('quotes.analysis.terms')}</dt><dd className={data.dd}>{proposal.data.paymentTerms ?? none}</dd>
            <dt className={data.dt}>{t('quotes.analysis.validity')}</dt><dd className={data.dd}>{proposal.data.validUntil ? formatDate(proposal.data.validUntil) : none}</dd>
            <dt className={data.dt}>{t('quotes.answer.total')}</dt><dd className={data.dd}>{formatMoney(proposal.data.total)}</dd>
            <dt className={data.dt}>{t('purchasing.document.notes')}</dt><dd className={data.dd}>{proposal.data.notes ?? none}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}

/**
 * /cotacoes/{quoteId}/analises: the orçamentos side by side per cotação line — the lowest unit
 * price marked (a labelled mark and a thicker border, never colour alone), each offer's amount,
 * quantity and lead time — the totals per supplier (quoted, awarded, freight, terms, validity,
 * longest lead time), the choice of supplier per line (a split award), a justification where the
 * choice is not the lowest price, and "Concluir e gerar ordens de compra". One card per line: side
 * by side on a wide screen, one under the other at 390 px or in a narrow column.
 */
import { useContext, useMemo, useState } from 'react';
import { QUOTE_MESSAGES } from '../../contracts/resources/quotes';
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { RecordEventsContext } from '../../core/host/embedding';
import { registerCatalogue, t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { useAccess } from '../../core/resources/access';
import { runTransition } from '../../core/resources/workflow';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { supplierName, useQuoteRequests, type QuoteLine } from './api';
import { AwardedOrders } from './AwardedOrders';
import { quotesTexts } from './catalogue';
import { compareLines, defaultChoice, supplierSummaries, type LineComparison } from './comparison';
import * as css from './quotes.css';

registerCatalogue(quotesTexts);

type Errors = Record<string, { requestId?: string[]; justification?: string[] }>;

export default function QuoteAnalysis({ resource, record, onReload }: SubPageProps) {
  const access = useAccess(resource);
  const events = useContext(RecordEventsContext);
  const requests = useQuoteRequests(record.id);
  const lines = (Array.isArray(record.lines) ? record.lines : []) as QuoteLine[];
  const comparison = useMemo(() => compareLines(lines, requests.data ?? []), [lines, requests.data]);
  const status = String(record.status);
  const awards = (Array.isArray(record.awards) ? record.awards : []) as { lineId: string; requestId: string; purchaseOrderId: string | null; justification: string | null }[];
  const concluded = status === 'concluded';
  const deciding = status === 'analysing' && access('update') && (record._actions ?? []).includes('conclude');
  const [picked, setPicked] = useState<Record<string, string> | null>(null);
  const choice = concluded ? Object.fromEntries(awards.map((award) => [award.lineId, award.requestId])) : (picked ?? defaultChoice(comparison));
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const names = useMemo(() => new Map((requests.data ?? []).map((row) => [row.id, supplierName(row)])), [requests.data]);
  const summaries = supplierSummaries(comparison, requests.data ?? [], choice);

  if (requests.loading && !requests.data) return <Spinner />;
  if (requests.error) return <Alert>{requests.error.message}</Alert>;

  const dearer = (row: LineComparison) => {
    const offer = row.offers.find((item) => item.requestId === choice[row.line.id]);
    return Boolean(offer && row.lowest !== null && offer.unitPrice > row.lowest);
  };
  const conclude = async () => {
    const chosen = comparison.filter((row) => choice[row.line.id]);
    const missing: Errors = {};
    for (const row of chosen) if (dearer(row) && !reasons[row.line.id]?.trim()) missing[row.line.id] = { justification: [QUOTE_MESSAGES.justify] };
    if (!chosen.length) {
      notify({ type: 'error', message: QUOTE_MESSAGES.nothingAwarded });
      return;
    }
    setErrors(missing);
    if (Object.keys(missing).length) {
      notify({ type: 'error', message: t('quotes.analysis.errors') });
      return;
    }
    setBusy(true);
    try {
      const body = { awards: chosen.map((row) => ({ lineId: row.line.id, requestId: choice[row.line.id], justification: reasons[row.line.id]?.trim() || null })) };
      const saved = await runTransition(resource, {}, record, 'conclude', body);
      events.transition?.(resource.name, 'conclude', saved);
      const count = new Set(((saved.awards as { purchaseOrderId: string | null }[] | undefined) ?? []).map((award) => award.purchaseOrderId)).size;
      notify({ type: 'success', message: t('quotes.analysis.concluded', { count: String(count) }) });
      onReload?.();
    } catch (caught) {
      const failure = caught as { errors?: Record<string, string[]>; message?: string };
      // `awards.N.field` → the line of the N-th award sent.
      const byLine: Errors = {};
      for (const [key, messages] of Object.entries(failure.errors ?? {})) {
        const [, index, field] = key.split('.');
        const lineId = chosen[Number(index)]?.line.id;
        if (lineId && (field === 'requestId' || field === 'justification')) byLine[lineId] = { ...byLine[lineId], [field]: messages };
      }
      setErrors(byLine);
      notify({ type: 'error', message: failure.message ?? t('quotes.analysis.errors') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={ui.stack}>
      <h2 style={{ margin: 0, fontSize: 18 }}>{t('quotes.analysis.title')}</h2>
      {(status === 'open' || status === 'cancelled') && <p className={ui.hint} style={{ margin: 0 }}>{t('quotes.analysis.notYet')}</p>}
      {(status === 'sent' || status === 'received') && <p className={ui.hint} style={{ margin: 0 }}>{t('quotes.analysis.preview')}</p>}
      {summaries.length === 0 ? (
        <p className={data.muted} style={{ margin: 0 }}>{t('quotes.analysis.noAnswers')}</p>
      ) : (
        <>
          <div className={css.grid}>
            {comparison.map((row, index) => {
              const lineErrors = errors[row.line.id] ?? {};
              const reasonId = `reason-${row.line.id}`;
              const errorId = `award-errors-${row.line.id}`;
              const messages = [...(lineErrors.requestId ?? [])];
              const name = `award-${row.line.id}`;
              return (
                <fieldset key={row.line.id} className={css.lineCard} aria-describedby={messages.length ? errorId : undefined}>
                  <legend className={css.lineTitle}>{t('quotes.analysis.line', { index: String(index + 1), description: row.line.description, quantity: String(row.line.quantity), unit: row.line.unit })}</legend>
                  {deciding && <span className={ui.hint} id={`${name}-hint`}>{t('quotes.analysis.choose', { index: String(index + 1) })}</span>}
                  <div className={css.offers} role={deciding ? 'radiogroup' : undefined} aria-label={deciding ? t('quotes.analysis.choose', { index: String(index + 1) }) : undefined}>
                    {row.offers.map((offer) => {
                      const selected = choice[row.line.id] === offer.requestId;
                      const body = (
                        <>
                          {offer.best && <span className={css.bestMark}>★ {t('quotes.analysis.best')}</span>}
                          <span>{t('quotes.analysis.unitPrice', { price: formatMoney(offer.unitPrice) })}</span>
                          <span>{t('quotes.analysis.amount', { amount: offer.amount === null || Number.isNaN(offer.amount) ? '—' : formatMoney(offer.amount) })}</span>
                          <span className={data.muted}>{t('quotes.analysis.offered', { quantity: String(offer.quantity) })} · {offer.leadTimeDays === null ? t('quotes.analysis.noLeadTime') : t('quotes.analysis.leadTime', { days: String(offer.leadTimeDays) })}</span>
                          {!deciding && selected && concluded && <strong>{t('quotes.analysis.awardedTo', { supplier: names.get(offer.requestId) ?? '' })}</strong>}
                        </>
                      );
                      const cls = `${offer.best ? css.bestOffer : css.offer} ${selected && (deciding || concluded) ? css.chosen : ''}`;
                      return deciding ? (
                        <label key={offer.requestId} className={cls}>
                          <span className={css.supplierLine}>
                            <input type="radio" name={name} value={offer.requestId} checked={selected} onChange={() => { setPicked({ ...choice, [row.line.id]: offer.requestId }); setErrors((now) => ({ ...now, [row.line.id]: {} })); }} />
                            <span>{names.get(offer.requestId)}</span>
                          </span>
                          {body}
                        </label>
                      ) : (
                        <div key={offer.requestId} className={cls}><span className={css.supplierLine}>{names.get(offer.requestId)}</span>{body}</div>
                      );
                    })}
                    {deciding && (
                      <label className={`${css.offer} ${css.disabledOffer}`}>
                        <span className={ui.row}>
                          <input type="radio" name={name} value="" checked={!choice[row.line.id]} onChange={() => setPicked({ ...choice, [row.line.id]: '' })} />
                          <span>{t('quotes.analysis.none')}</span>
                        </span>
                      </label>
                    )}
                    {row.offers.length === 0 && !deciding && <span className={data.muted}>{t('quotes.analysis.notQuoted')}</span>}
                  </div>
                  {messages.length > 0 && <ul id={errorId} className={ui.fieldError}>{messages.map((message, at) => <li key={at}>{message}</li>)}</ul>}
                  {deciding && dearer(row) && (
                    <div className={ui.field}>
                      <label className={ui.label} htmlFor={reasonId}>{t('quotes.analysis.justification')}<span className={data.required} aria-hidden="true">*</span></label>
                      <textarea id={reasonId} className={`${ui.input} ${data.textarea}`} maxLength={500} value={reasons[row.line.id] ?? ''} required
                        aria-invalid={lineErrors.justification ? true : undefined}
                        aria-describedby={`${reasonId}-hint${lineErrors.justification ? ` ${reasonId}-errors` : ''}`}
                        onChange={(event) => { setReasons({ ...reasons, [row.line.id]: event.target.value }); setErrors((now) => ({ ...now, [row.line.id]: { ...now[row.line.id], justification: undefined } })); }} />
                      <span id={`${reasonId}-hint`} className={ui.hint}>{t('quotes.analysis.justificationHint')}</span>
                      {lineErrors.justification && <ul id={`${reasonId}-errors`} className={ui.fieldError}>{lineErrors.justification.map((message, at) => <li key={at}>{message}</li>)}</ul>}
                    </div>
                  )}
                  {concluded && awards.find((award) => award.lineId === row.line.id)?.justification && (
                    <p className={data.muted} style={{ margin: 0 }}>{t('quotes.analysis.justification')}: {awards.find((award) => award.lineId === row.line.id)?.justification}</p>
                  )}
                </fieldset>
              );
            })}
          </div>

          <section className={ui.stack} aria-labelledby="analysis-suppliers">
            <h3 id="analysis-suppliers" style={{ margin: 0, fontSize: 16 }}>{t('quotes.analysis.suppliers')}</h3>
            <ul className={css.offers} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {summaries.map((summary) => (
                <li key={summary.request.id} className={css.offer} style={{ cursor: 'default' }}>
                  <span className={css.supplierLine}>{supplierName(summary.request)}</span>
                  <dl className={css.summary}>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.items')}</dt><dd className={css.summaryValue}>{summary.quotedLines} / {lines.length}</dd>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.total')}</dt><dd className={css.summaryValue}>{formatMoney(summary.request.total)}</dd>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.awarded')}</dt><dd className={css.summaryValue}>{formatMoney(summary.awarded)}</dd>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.freight')}</dt><dd className={css.summaryValue}>{summary.request.freight === null ? t('quotes.none') : formatMoney(summary.request.freight)}</dd>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.terms')}</dt><dd className={css.summaryValue}>{summary.request.paymentTerms ?? t('quotes.none')}</dd>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.validity')}</dt><dd className={css.summaryValue}>{summary.request.validUntil ? formatDate(summary.request.validUntil) : t('quotes.none')}</dd>
                    <dt className={css.summaryTerm}>{t('quotes.analysis.maxLead')}</dt><dd className={css.summaryValue}>{summary.maxLeadTime === null ? t('quotes.none') : t('quotes.analysis.days', { days: String(summary.maxLeadTime) })}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </section>

          {deciding && (
            <div className={ui.row}>
              <button type="button" className={ui.button.primary} disabled={busy} onClick={() => void conclude()}>{t('quotes.analysis.conclude')}</button>
            </div>
          )}
        </>
      )}
      {concluded && <AwardedOrders awards={awards} />}
    </div>
  );
}

/**
 * The análise's comparison, pure: per cotação line the answered offers (unit price, quantity,
 * lead time, amount), the lowest unit price (as the server judges it: only answered solicitações,
 * priced lines), and per supplier what it quoted and what the current choice awards it.
 */
import { lineAmount, sumAmounts } from '../../contracts/money';
import type { QuoteLine, QuoteRequestRow } from './api';

export interface Offer {
  requestId: string;
  unitPrice: number;
  quantity: number;
  leadTimeDays: number | null;
  amount: number | null;
  best: boolean;
}

export interface LineComparison {
  line: QuoteLine;
  offers: Offer[];
  lowest: number | null;
}

export function compareLines(lines: readonly QuoteLine[], requests: readonly QuoteRequestRow[]): LineComparison[] {
  const answered = requests.filter((request) => request.status === 'answered');
  return lines.map((line) => {
    const offers = answered.flatMap((request) => {
      const answer = request.answers.find((item) => item.lineId === line.id && item.unitPrice !== null);
      return answer ? [{ requestId: request.id, unitPrice: answer.unitPrice!, quantity: answer.quantity, leadTimeDays: answer.leadTimeDays, amount: lineAmount(answer.quantity, answer.unitPrice), best: false }] : [];
    });
    const lowest = offers.length ? Math.min(...offers.map((offer) => offer.unitPrice)) : null;
    for (const offer of offers) offer.best = offer.unitPrice === lowest;
    return { line, offers, lowest };
  });
}

/** The default choice: each line to its lowest price (the first such supplier), none where nobody quoted. */
export function defaultChoice(comparison: readonly LineComparison[]): Record<string, string> {
  return Object.fromEntries(comparison.map(({ line, offers }) => [line.id, offers.find((offer) => offer.best)?.requestId ?? '']));
}

export interface SupplierSummary {
  request: QuoteRequestRow;
  quotedLines: number;
  awardedLines: number;
  /** Σ awarded line amounts, plus the supplier's freight when it gets any line. */
  awarded: number;
  maxLeadTime: number | null;
}

export function supplierSummaries(comparison: readonly LineComparison[], requests: readonly QuoteRequestRow[], choice: Readonly<Record<string, string>>): SupplierSummary[] {
  return requests.filter((request) => request.status === 'answered').map((request) => {
    const mine = comparison.flatMap(({ line, offers }) => offers.filter((offer) => offer.requestId === request.id).map((offer) => ({ line, offer })));
    const won = mine.filter(({ line }) => choice[line.id] === request.id);
    const leads = mine.map(({ offer }) => offer.leadTimeDays).filter((days): days is number => days !== null);
    return {
      request,
      quotedLines: mine.length,
      awardedLines: won.length,
      awarded: won.length ? sumAmounts([...won.map(({ offer }) => offer.amount), request.freight ?? 0]) : 0,
      maxLeadTime: leads.length ? Math.max(...leads) : null,
    };
  });
}

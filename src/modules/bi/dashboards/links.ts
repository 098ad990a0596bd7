/** Where a painel's numbers drill to: the lists and reports behind them, as addresses. */
import { withQuery } from '../../../core/navigation';
import { REPORT_PAGES } from '../../../contracts/reportPages';

const LISTS = { payable: '/contas-a-pagar/parcelamentos', receivable: '/contas-a-receber/parcelamentos' } as const;

/** The open parcelas of one direction due in [from, to] (the list filtered by due date and the open states). */
export function openParcelas(direction: 'payable' | 'receivable', states: readonly string[], from?: string, to?: string): string {
  const query = new URLSearchParams();
  for (const state of states) query.append('status', state);
  if (from) query.set('dueDate.from', from);
  if (to) query.set('dueDate.to', to);
  return `${LISTS[direction]}?${query}`;
}

/** The overdue parcelas of one direction (the list's own "Vencida" filter). */
export const overdueParcelas = (direction: 'payable' | 'receivable') => `${LISTS[direction]}?isOverdue=true`;

/** The DRE report of a year, opened on the drill-down of one cell (`row@column`) or filtered by a cost centre, on a basis (none: the report's default, competência). */
export const dreReport = (year: number, extra: { drill?: string; costCenterId?: string; basis?: string } = {}) => withQuery(REPORT_PAGES.dre.route, { year: String(year), ...extra });

/** The fluxo de caixa report by month over [from, to], opened on one cell's drill-down. */
export const cashFlowReport = (from: string, to: string, drill?: string) => withQuery(REPORT_PAGES.cashFlow.route, { from, to, grain: 'month', drill });

/**
 * Recurring lançamentos a pagar (rent, software, utilities): when one is approved, the next one
 * (next month, quarter or year) is created "aberto" as a copy to check and edit before it is due.
 * The copy moves dates by the interval (due dates to the next bank business day) and keeps the
 * payment data that does not change each period (PIX key, bank account); what is new every period
 * — the boleto's line, a PIX copia-e-cola (it carries an amount), the document number and PDF — is
 * left empty, and sending the copy for approval asks for it.
 */
import { addMonths, nextBusinessDay } from './brazil/businessDays';

/** How often a lançamento repeats (empty: it does not). */
export const RECURRENCES = ['monthly', 'quarterly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_LABELS: Readonly<Record<Recurrence, string>> = { monthly: 'Mensal', quarterly: 'Trimestral', yearly: 'Anual' };
const MONTHS: Readonly<Record<Recurrence, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

export const RECURRENCE_MESSAGES = {
  generated: (number: unknown) => `Gerado pela recorrência do lançamento nº ${number}: confira os valores e informe os dados de pagamento do período.`,
  untilBefore: 'O fim da recorrência não pode ser anterior à competência.',
} as const;

/** "11/2026" + n months → "02/2027". */
export function addToCompetence(competence: string, months: number): string {
  const [month, year] = competence.split('/').map(Number);
  const index = year * 12 + (month - 1) + months;
  return `${String((index % 12) + 1).padStart(2, '0')}/${Math.floor(index / 12)}`;
}

/** Competências compare as year-month: -1, 0 or 1. */
export function compareCompetence(a: string, b: string): number {
  const key = (c: string) => c.split('/').reverse().join('');
  return Math.sign(Number(key(a)) - Number(key(b)));
}

type Line = Record<string, unknown>;
export interface RecurringEntry {
  recurrence?: unknown;
  recurrenceUntil?: unknown;
  competence?: unknown;
  issueDate?: unknown;
  installments?: unknown;
  allocations?: unknown;
  [field: string]: unknown;
}

/** What each period renews: cleared on the copy. */
const RENEWED_PAYMENT_DATA: Readonly<Record<string, unknown>> = { boletoLine: null, pixPayload: null };
const only = (record: Line, keys: readonly string[]): Line => Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));
const withoutKeys = (record: Line, keys: readonly string[]): Line => Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

/**
 * The next period's lançamento, or null when the lançamento does not recur or the next competência
 * is past its end. `writable` are the declaration's writable fields (`writableFields(payables)`):
 * everything the server keeps for itself (number, status, balances, links) stays behind.
 */
export function nextRecurrence(entry: RecurringEntry, writable: readonly string[]): Line | null {
  const recurrence = entry.recurrence as Recurrence | null | undefined;
  if (!recurrence || !Object.hasOwn(MONTHS, recurrence)) return null;
  const months = MONTHS[recurrence];
  const competence = addToCompetence(String(entry.competence), months);
  if (typeof entry.recurrenceUntil === 'string' && entry.recurrenceUntil && compareCompetence(competence, entry.recurrenceUntil) > 0) return null;
  const installments = ((entry.installments as Line[] | undefined) ?? []).map((line) => {
    return { ...withoutKeys(line, ['id']), ...RENEWED_PAYMENT_DATA, dueDate: nextBusinessDay(addMonths(String(line.dueDate), months)) };
  });
  const allocations = ((entry.allocations as Line[] | undefined) ?? []).map((line) => withoutKeys(line, ['id']));
  return {
    ...only(entry, writable),
    documentNumber: null,
    documentFileId: null,
    competence,
    issueDate: addMonths(String(entry.issueDate), months),
    installments,
    allocations,
  };
}

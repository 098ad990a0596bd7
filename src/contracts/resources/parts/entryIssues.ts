/**
 * Rules across the fields of a lançamento (`entryIssues`), apart from the declarations so a list
 * does not load the holiday calendar nor the payment terms: the entry form and the server import it.
 */
import { formatDateBR, isBusinessDay, nextBusinessDay } from '../../brazil/businessDays';
import { allocationSumError, installmentsSumError } from '../../paymentTerms';
import { compareCompetence, RECURRENCE_MESSAGES } from '../../recurrence';
import { COMPETENCE, ENTRY_MESSAGES } from './financeEntry';

const notBusinessDay = (date: string, next: string) => `${formatDateBR(date)} não é dia útil: use ${formatDateBR(next)}.`;

interface EntryValues {
  competence?: unknown;
  recurrenceUntil?: unknown;
  total?: unknown;
  allocations?: unknown;
  installments?: unknown;
}

/**
 * Rules across the fields of a lançamento (field → messages): parcelas and rateio add up to the
 * total to the centavo, one line per cost centre, every due date on a business day.
 */
export function entryIssues(values: EntryValues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const total = typeof values.total === 'number' ? values.total : null;
  const installments = Array.isArray(values.installments) ? (values.installments as { amount?: number; dueDate?: string }[]) : [];
  const allocations = Array.isArray(values.allocations) ? (values.allocations as { amount?: number; costCenterId?: string }[]) : [];
  if (total !== null && installments.length) {
    const message = installmentsSumError(total, installments.map((i) => (typeof i.amount === 'number' ? i.amount : 0)));
    if (message) add('installments', message);
  }
  if (total !== null && allocations.length) {
    const message = allocationSumError(total, allocations.map((a) => (typeof a.amount === 'number' ? a.amount : 0)));
    if (message) add('allocations', message);
  }
  const seen = new Set<string>();
  allocations.forEach((allocation, index) => {
    if (!allocation.costCenterId) return;
    if (seen.has(allocation.costCenterId)) add(`allocations.${index}.costCenterId`, ENTRY_MESSAGES.duplicateCostCenter);
    seen.add(allocation.costCenterId);
  });
  installments.forEach((installment, index) => {
    if (installment.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(installment.dueDate) && !isBusinessDay(installment.dueDate)) add(`installments.${index}.dueDate`, notBusinessDay(installment.dueDate, nextBusinessDay(installment.dueDate)));
  });
  const { competence, recurrenceUntil } = values;
  if (typeof competence === 'string' && typeof recurrenceUntil === 'string' && COMPETENCE.test(competence) && COMPETENCE.test(recurrenceUntil) && compareCompetence(recurrenceUntil, competence) < 0) {
    add('recurrenceUntil', RECURRENCE_MESSAGES.untilBefore);
  }
  return errors;
}

/**
 * Payment conditions (condições de pagamento) → parcelas: '30/60/90', '10x', 'entrada + 5x',
 * 'à vista'. Amounts come from `splitAmount` (centavo-exact, the first parcelas carry the
 * leftover centavos); due dates move to the next bank business day, with a notice saying why.
 * Also the sum checks of parcelas and of the cost-centre split (rateio).
 */
import { addDays, addMonths, dueDateNotice, nextBusinessDay } from './brazil/businessDays';
import { formatMoney, splitAmount, sumAmounts } from './money';

export type PaymentCondition = { days: number[] } | { count: number; intervalMonths?: number; intervalDays?: number; entry: boolean };

export type PaymentConditionResult = { ok: true; condition: PaymentCondition } | { ok: false; message: string };

export interface Installment {
  number: number;
  /** Moved to a business day. */
  dueDate: string;
  /** As the condition gives it. */
  originalDueDate: string;
  /** Centavos. */
  amount: number;
  /** Why the due date moved (null when it did not). */
  notice: string | null;
}

export const MAX_INSTALLMENTS = 120;
export const MAX_DAYS = 3650;

export const PAYMENT_TERMS_MESSAGES = {
  unknown: 'Condição de pagamento não reconhecida. Exemplos: "30/60/90", "10x", "entrada + 5x", "à vista".',
  count: `A condição de pagamento deve ter de 1 a ${MAX_INSTALLMENTS} parcelas.`,
  days: `Os prazos devem ficar entre 0 e ${MAX_DAYS} dias.`,
  order: 'Os prazos devem ser crescentes, sem repetição (ex.: "30/60/90").',
  percent: 'Os percentuais do rateio devem somar 100%.',
} as const;

const fail = (message: string): PaymentConditionResult => ({ ok: false, message });

/** Lower case, no accents, single spaces. */
const simplify = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Reads what the user typed; case, accents and spaces do not matter. */
export function parsePaymentCondition(text: string): PaymentConditionResult {
  const value = simplify(text);
  if (/^a vista$/.test(value)) return { ok: true, condition: { days: [0] } };
  const monthly = /^(entrada ?\+ ?)?(\d{1,4}) ?(x|vezes)$/.exec(value) ?? /^(entrada ?\+ ?)(\d{1,4})$/.exec(value);
  if (monthly) {
    const entry = Boolean(monthly[1]);
    const count = Number(monthly[2]);
    if (count < 1 || count + (entry ? 1 : 0) > MAX_INSTALLMENTS) return fail(PAYMENT_TERMS_MESSAGES.count);
    return { ok: true, condition: { count, intervalMonths: 1, entry } };
  }
  const list = /^\d{1,5}(?:(?: ?[/,;] ?| )\d{1,5})*(?: ?dias?| ?dd)?$/.test(value) ? value.replace(/ ?(dias?|dd)$/, '').match(/\d+/g) : null;
  if (!list) return fail(PAYMENT_TERMS_MESSAGES.unknown);
  const days = list.map(Number);
  if (days.length > MAX_INSTALLMENTS) return fail(PAYMENT_TERMS_MESSAGES.count);
  if (days.some((d) => d > MAX_DAYS)) return fail(PAYMENT_TERMS_MESSAGES.days);
  if (days.some((d, i) => i > 0 && d <= days[i - 1])) return fail(PAYMENT_TERMS_MESSAGES.order);
  return { ok: true, condition: { days } };
}

/** Due dates as the condition gives them (before the business-day move). */
export function conditionDueDates(condition: PaymentCondition, startDate: string): string[] {
  if ('days' in condition) return condition.days.map((d) => addDays(startDate, d));
  const dates = condition.entry ? [startDate] : [];
  for (let i = 1; i <= condition.count; i++) {
    dates.push(condition.intervalDays ? addDays(startDate, i * condition.intervalDays) : addMonths(startDate, i * (condition.intervalMonths ?? 1)));
  }
  return dates;
}

/**
 * The parcelas of `total` centavos: '10x' and 'entrada + 5x' fall due monthly from one month
 * after `startDate` (the entrada on `startDate`); day lists count days from `startDate`.
 */
export function buildInstallments({ total, condition, startDate }: { total: number; condition: PaymentCondition; startDate: string }): Installment[] {
  const originals = conditionDueDates(condition, startDate);
  const amounts = splitAmount(total, originals.length);
  return originals.map((originalDueDate, i) => {
    const dueDate = nextBusinessDay(originalDueDate);
    return { number: i + 1, dueDate, originalDueDate, amount: amounts[i], notice: dueDateNotice(originalDueDate, dueDate) };
  });
}

/** 'A soma das parcelas (R$ 900,00) difere do total (R$ 1.000,00) em R$ 100,00.'; null when it adds up. */
export function installmentsSumError(total: number, amounts: readonly number[]): string | null {
  const sum = sumAmounts(amounts);
  if (sum === total) return null;
  return `A soma das parcelas (${formatMoney(sum)}) difere do total (${formatMoney(total)}) em ${formatMoney(Math.abs(sum - total))}.`;
}

/** 'O rateio (R$ …) não fecha com o total (R$ …): diferença de R$ ….'; null when it adds up. */
export function allocationSumError(total: number, amounts: readonly number[]): string | null {
  const sum = sumAmounts(amounts);
  if (sum === total) return null;
  return `O rateio (${formatMoney(sum)}) não fecha com o total (${formatMoney(total)}): diferença de ${formatMoney(Math.abs(sum - total))}.`;
}

/** Splits `total` by percentages in basis points (10000 = 100%), centavo-exact. */
export function splitByPercent(total: number, basisPoints: readonly number[]): { ok: true; amounts: number[] } | { ok: false; message: string } {
  if (!basisPoints.length || basisPoints.some((bp) => !Number.isSafeInteger(bp) || bp < 0) || basisPoints.reduce((a, b) => a + b, 0) !== 10000) {
    return { ok: false, message: PAYMENT_TERMS_MESSAGES.percent };
  }
  return { ok: true, amounts: splitAmount(total, basisPoints) };
}

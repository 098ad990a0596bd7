/** Builders of the numeric and date fields: `integer`, `money`, `percent`, `date`, `datetime`. */
import type * as z from 'zod/mini';
import type { Rule, RuleKit } from '../validation/rules';
import { formatMoney } from '../money';
import { field, type Common, type MayBeEmpty } from './field';

type NumberRule = z.core.$ZodType<number, number>;

/** Bounds of a number, each with its message (default: "Informe um número maior ou igual a 0." / "menor ou igual a …"). */
export interface Bounds {
  min?: number;
  minMessage?: string;
  max?: number;
  maxMessage?: string;
}

export interface IntegerOptions extends Common, MayBeEmpty, Bounds {
  /** Message when the value is not a whole number (default "Informe um número inteiro."). */
  message?: string;
  /** The value's own rule instead of the type's with the bounds. */
  rule?: Rule<NumberRule>;
  initial?: number;
}

/** How a bound is said in its default message: "Informe um número maior ou igual a 100.000." */
interface BoundWords {
  noun: string;
  show: (value: number) => string;
}
const WHOLE_NUMBER: BoundWords = { noun: 'um número', show: (value) => value.toLocaleString('pt-BR') };
const MONEY_AMOUNT: BoundWords = { noun: 'um valor', show: formatMoney };

/**
 * `base` with the `min` / `max` checks of `bounds` (min first). A bound without a message of its own
 * says the bound (`show`n as the field shows it): the type's message ("Informe um número inteiro.")
 * would otherwise be said for -1 too.
 */
function bounded({ z }: RuleKit, base: z.ZodMiniType<number, number>, bounds: Bounds, { noun, show }: BoundWords = WHOLE_NUMBER): NumberRule {
  const checks = [
    ...(bounds.min !== undefined ? [z.minimum(bounds.min, { error: () => bounds.minMessage ?? `Informe ${noun} maior ou igual a ${show(bounds.min!)}.` })] : []),
    ...(bounds.max !== undefined ? [z.maximum(bounds.max, { error: () => bounds.maxMessage ?? `Informe ${noun} menor ou igual a ${show(bounds.max!)}.` })] : []),
  ];
  return checks.length ? base.check(...checks) : base;
}

function integerRule(kit: RuleKit, options: IntegerOptions = {}): NumberRule {
  return options.rule?.(kit) ?? bounded(kit, kit.z.int(options.message ?? 'Informe um número inteiro.'), options);
}

/**
 * A whole number: `integer('Ordem de exibição', {min: 0, max: 100_000, optional: true})`,
 * `integer('Quantidade', {message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'A quantidade deve ser maior que zero.', initial: 1})`.
 */
export const integer = <const O extends IntegerOptions>(label: string, options?: O) => field((kit) => integerRule(kit, options), { type: 'integer', label }, options);

export interface MoneyOptions extends Common, MayBeEmpty, Bounds {
  /** The value's own rule instead of integer centavos (±9e15) with the bounds. */
  rule?: Rule<NumberRule>;
  initial?: number;
}

/**
 * Integer centavos (R$ 12,34 = 1234), any sign unless bounded: a price that may not be negative
 * is `money('Preço', {min: 0, minMessage: 'O preço não pode ser negativo.'})`; a total the
 * server computes is `money('Total', {readOnly: true})`.
 */
export const money = <const O extends MoneyOptions>(label: string, options?: O) =>
  field((kit) => options?.rule?.(kit) ?? bounded(kit, kit.money(), options ?? {}, MONEY_AMOUNT), { type: 'money', label }, options);

/** Integer basis points (12,34% = 1234), between `min` and `max` (default 0 – 10.000). */
export const percent = <const O extends Common & MayBeEmpty & { min?: number; max?: number; initial?: number }>(label: string, options?: O) =>
  field((kit) => kit.percent(options?.min, options?.max), { type: 'percent', label }, options);

/** A calendar date, `YYYY-MM-DD`. */
export const date = <const O extends Common & MayBeEmpty & { warnAfterToday?: string }>(label: string, options?: O) =>
  field((kit) => kit.date(), { type: 'date', label, ...(options?.warnAfterToday ? { warnAfterToday: options.warnAfterToday } : {}) }, options);

/** An instant (ISO 8601 with offset); today only server-managed ones (`readOnly`), so any string. */
export const datetime = <const O extends Common & MayBeEmpty>(label: string, options?: O) => field(({ z }) => z.string(), { type: 'datetime', label }, options);

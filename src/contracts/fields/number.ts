/** Builders of the numeric and date fields: `integer`, `money`, `percent`, `date`, `datetime`. */
import * as z from 'zod/mini';
import { date as dateRule, money as moneyRule, percent as percentRule } from '../documents';
import { field, type Common, type MayBeEmpty } from './field';

type NumberRule = z.core.$ZodType<number, number>;

export interface IntegerOptions extends Common, MayBeEmpty {
  min?: number;
  max?: number;
  /** The value's own rule instead of "Informe um número inteiro." with `min`/`max`. */
  rule?: NumberRule;
  initial?: number;
}

function integerRule(options: IntegerOptions = {}): NumberRule {
  if (options.rule) return options.rule;
  const base = z.int('Informe um número inteiro.');
  const checks = [...(options.min !== undefined ? [z.minimum(options.min)] : []), ...(options.max !== undefined ? [z.maximum(options.max)] : [])];
  return checks.length ? base.check(...checks) : base;
}

/** A whole number: `integer('Ordem de exibição', {min: 0, max: 100_000, optional: true})`. */
export const integer = <const O extends IntegerOptions>(label: string, options?: O) => field(integerRule(options), { type: 'integer', label }, options);

/** Integer centavos (R$ 12,34 = 1234). */
export const money = <const O extends Common & MayBeEmpty & { initial?: number }>(label: string, options?: O) => field(moneyRule(), { type: 'money', label }, options);

/** Integer basis points (12,34% = 1234), between `min` and `max` (default 0 – 10.000). */
export const percent = <const O extends Common & MayBeEmpty & { min?: number; max?: number; initial?: number }>(label: string, options?: O) =>
  field(percentRule(options?.min, options?.max), { type: 'percent', label }, options);

/** A calendar date, `YYYY-MM-DD`. */
export const date = <const O extends Common & MayBeEmpty>(label: string, options?: O) => field(dateRule(), { type: 'date', label }, options);

/** An instant (ISO 8601 with offset); today only server-managed ones (`readOnly`), so any string. */
export const datetime = <const O extends Common & MayBeEmpty>(label: string, options?: O) => field(z.string(), { type: 'datetime', label }, options);

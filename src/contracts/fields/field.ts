/**
 * What a field builder returns: the field's wire schema (zod) and its screen definition
 * (`FieldDef`), made together so they cannot disagree. `defineResource` derives a declaration's
 * `schema` and `fields` from a map of these.
 * The schema is built on first read, from a rule written against the kit (`validation/rules.ts`):
 * a screen that only shows records (a list) never builds a rule, nor loads zod.
 */
import type * as z from 'zod/mini';
import type { FieldDef, ScalarFieldDef } from '../resource';
import { ruleKit, type Rule } from '../validation/rules';
import type { optional } from '../validation/common';

export interface Field<S extends z.core.$ZodType = z.core.$ZodType, D extends FieldDef = FieldDef> {
  /** The value on the wire, before the record's base fields are added. */
  readonly schema: S;
  readonly def: D;
}

/** A field that may sit inside a `list` item (every type but `list`). */
export type ScalarField<S extends z.core.$ZodType = z.core.$ZodType> = Field<S, ScalarFieldDef>;

/** Options every builder takes. */
export interface Common {
  /** pt-BR help text under the input. */
  help?: string;
  /** Server-managed: shown, never sent nor accepted on write. */
  readOnly?: boolean;
  /** Masked in audit entries and history notes (`FieldCommon.sensitive`). */
  sensitive?: FieldDef['sensitive'];
  /** Left out of the details while empty (`FieldCommon.hiddenWhenEmpty`). */
  hiddenWhenEmpty?: boolean;
}

/** `optional: true`: may be absent, `null` clears it. Default: required. */
export interface MayBeEmpty {
  optional?: boolean;
}

/** The schema a builder answers for `options`: wrapped in `optional(nullable(…))` when optional. */
export type Maybe<S extends z.core.$ZodType, O> = O extends { optional: true } ? ReturnType<typeof optional<S>> : S;

/** The schema `rule` makes (on first read, once), made optional when asked, with `def` and the common options (undefined ones left out). */
export function field<S extends z.core.$ZodType, D extends FieldDef, O extends Common & MayBeEmpty & { initial?: unknown }>(
  rule: Rule<S>,
  def: D,
  options: O | undefined,
): Field<Maybe<S, O>, D> {
  const extra: Partial<Pick<FieldDef, 'help' | 'readOnly' | 'initial' | 'sensitive' | 'hiddenWhenEmpty'>> = {};
  if (options?.hiddenWhenEmpty) extra.hiddenWhenEmpty = true;
  if (options?.help !== undefined) extra.help = options.help;
  if (options?.sensitive !== undefined) extra.sensitive = options.sensitive;
  if (options?.readOnly !== undefined) extra.readOnly = options.readOnly;
  if (options?.initial !== undefined) extra.initial = options.initial as FieldDef['initial'];
  let schema: Maybe<S, O> | undefined;
  return {
    get schema() {
      if (schema) return schema;
      const kit = ruleKit();
      return (schema = (options?.optional ? kit.optional(rule(kit)) : rule(kit)) as Maybe<S, O>);
    },
    def: { ...def, ...extra },
  };
}

/** `field` with more screen definition (`def`); its schema is still built on first read (a spread would build it now). */
export function withDef<F extends Field>(field: F, def: Partial<Pick<FieldDef, 'wide' | 'shownWhen' | 'hiddenWhenEmpty' | 'help' | 'lineOf'>>): F {
  return {
    get schema() {
      return field.schema;
    },
    def: { ...field.def, ...def },
  } as F;
}

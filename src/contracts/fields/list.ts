/**
 * The `list` builder: an array of objects whose fields are builders of scalar types (a list
 * inside a list is a type error), e.g. `list('Contatos', {name: text('Nome'), phone: phone('Telefone', {optional: true})}, {max: 50, maxMessage: 'No máximo 50 contatos.'})`.
 */
import * as z from 'zod/mini';
import type { ScalarFieldDef } from '../resource';
import { field, type Common, type ScalarField } from './field';

export type ScalarFields = Readonly<Record<string, ScalarField>>;
type ItemShape<F extends ScalarFields> = { -readonly [K in keyof F]: F[K]['schema'] };

export interface ListOptions extends Common {
  /** At most this many items… */
  max?: number;
  /** …with this message (default: zod's own). */
  maxMessage?: string;
  /** Checks of a whole item, across its fields (`schemas.pixKeyMatchesType()`). */
  itemChecks?: readonly z.core.$ZodCheck<never>[];
}

/** The item schema and the `of` definitions of a map of scalar builders. */
function item<F extends ScalarFields>(of: F) {
  const shape = {} as ItemShape<F>;
  const defs: Record<string, ScalarFieldDef> = {};
  for (const [name, sub] of Object.entries(of) as [keyof F & string, ScalarField][]) {
    shape[name] = sub.schema as ItemShape<F>[typeof name];
    defs[name] = sub.def;
  }
  return { object: z.object(shape), defs };
}

/** A list of items with the fields `of`. */
export function list<const F extends ScalarFields, const O extends ListOptions>(label: string, of: F, options?: O) {
  const { object, defs } = item(of);
  const items = options?.itemChecks?.length ? object.check(...(options.itemChecks as z.core.$ZodCheck<z.output<typeof object>>[])) : object;
  const array = z.array(items);
  const max = options?.max;
  const schema = max === undefined ? array : array.check(options?.maxMessage === undefined ? z.maxLength(max) : z.maxLength(max, options.maxMessage));
  return field(schema, { type: 'list' as const, label, of: defs }, options);
}

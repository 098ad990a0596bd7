/**
 * The `list` builder: an array of objects whose fields are builders of scalar types (a list
 * inside a list is a type error), e.g. `list('Contatos', {name: text('Nome'), phone: phone('Telefone', {optional: true})}, {max: 50, maxMessage: 'No máximo 50 contatos.'})`.
 * Line items with identity (a child table) are `keyed`:
 * `list('Itens', {…}, {keyed: true, addLabel: 'Adicionar item', min: 1, minMessage: 'Inclua ao menos um item.'})`.
 */
import type * as z from 'zod/mini';
import type { ScalarFieldDef } from '../resource';
import type { Rule, RuleKit } from '../validation/rules';
import { field, type Common, type ScalarField } from './field';

export type ScalarFields = Readonly<Record<string, ScalarField>>;
type ItemShape<F extends ScalarFields> = { -readonly [K in keyof F]: F[K]['schema'] };

export interface ListOptions extends Common {
  /**
   * Line items with identity: each item gets a stable server-made `id` (read, and sent back to
   * change that item; `recordSchema` / `writeSchema` add it), stored as child-table rows.
   */
  keyed?: boolean;
  /** pt-BR text of the button that adds an item ("Adicionar item"). */
  addLabel?: string;
  /** At least this many items… */
  min?: number;
  /** …with this message (default: zod's own). */
  minMessage?: string;
  /** At most this many items… */
  max?: number;
  /** …with this message (default: zod's own). */
  maxMessage?: string;
  /** Checks of a whole item, across its fields (`({ brazil }) => [brazil.pixKeyMatchesType()]`). */
  itemChecks?: Rule<readonly z.core.$ZodCheck<never>[]>;
  /** May be left out of a write: an empty list (a field added after clients already wrote the record). */
  omittable?: boolean;
  /** Checks of the whole list, across its items (one principal key at most, no key twice). */
  listChecks?: Rule<readonly z.core.$ZodCheck<never>[]>;
}

/** The item schema and the `of` definitions of a map of scalar builders. */
function item<F extends ScalarFields>(of: F) {
  const defs: Record<string, ScalarFieldDef> = {};
  for (const [name, sub] of Object.entries(of) as [keyof F & string, ScalarField][]) defs[name] = sub.def;
  const object = ({ z }: RuleKit) => {
    const shape = {} as ItemShape<F>;
    for (const [name, sub] of Object.entries(of) as [keyof F & string, ScalarField][]) shape[name] = sub.schema as ItemShape<F>[typeof name];
    return z.object(shape);
  };
  return { object, defs };
}

export function list<const F extends ScalarFields, const O extends ListOptions>(label: string, of: F, options?: O) {
  const { object, defs } = item(of);
  const { min, minMessage, max, maxMessage, keyed, addLabel } = options ?? {};
  const rule = (kit: RuleKit) => {
    const { z } = kit;
    const shaped = object(kit);
    const itemChecks = options?.itemChecks?.(kit) ?? [];
    const items = itemChecks.length ? shaped.check(...(itemChecks as z.core.$ZodCheck<z.output<typeof shaped>>[])) : shaped;
    const array = z.array(items);
    const checks = [
      ...(min !== undefined ? [minMessage === undefined ? z.minLength(min) : z.minLength(min, minMessage)] : []),
      ...(max !== undefined ? [maxMessage === undefined ? z.maxLength(max) : z.maxLength(max, maxMessage)] : []),
      ...((options?.listChecks?.(kit) ?? []) as z.core.$ZodCheck<z.output<typeof items>[]>[]),
    ];
    const checked = checks.length ? array.check(...checks) : array;
    return options?.omittable ? z.optional(checked) : checked;
  };
  return field(rule, { type: 'list' as const, label, ...(keyed ? { keyed } : {}), ...(addLabel !== undefined ? { addLabel } : {}), of: defs }, options);
}

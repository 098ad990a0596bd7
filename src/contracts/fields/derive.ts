/** A declaration's `schema` (z.object) and `fields` (definitions) derived from its builders. */
import type * as z from 'zod/mini';
import type { FieldDef } from '../resource';
import { ruleKit } from '../validation/rules';
import type { Field } from './field';

export type FieldMap = Readonly<Record<string, Field>>;
/** The zod shape of a builder map. */
export type ShapeOf<F extends FieldMap> = { -readonly [K in keyof F]: F[K]['schema'] };

/**
 * Throws when an entry is not a builder's result (a bare definition or schema). `schema` is
 * built on first read (the fields' rules with it), once.
 */
export function deriveFields<F extends FieldMap>(owner: string, builders: F) {
  const fields = {} as { [K in keyof F & string]: FieldDef };
  for (const [name, built] of Object.entries(builders) as [keyof F & string, Field][]) {
    if (!built || typeof built !== 'object' || !('def' in built) || !('schema' in built)) {
      throw new Error(`${owner}.${name}: declare the field with a builder of contracts/fields (text(…), reference(…)…)`);
    }
    fields[name] = built.def;
  }
  let schema: z.ZodMiniObject<ShapeOf<F>> | undefined;
  const shape = () => {
    const built = {} as ShapeOf<F>;
    for (const [name, field] of Object.entries(builders) as [keyof F & string, Field][]) built[name] = field.schema as ShapeOf<F>[typeof name];
    return built;
  };
  return {
    get schema() {
      return (schema ??= ruleKit().z.object(shape()));
    },
    fields,
  };
}

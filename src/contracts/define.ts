/**
 * `defineResource`: a declaration states each field ONCE, with a builder of `./fields`; the
 * declaration's `schema` (z.object) and `fields` (screen definitions) are derived from them, so
 * every generic reader (server routes, screens, imports, tests) gets the usual
 * `ResourceDeclaration`. Column, filter, sort-free section, search, tab, unique and title field
 * names are checked against the declared field names at compile time.
 */
import { deriveFields, type FieldMap, type ShapeOf } from './fields/derive';
import type { AnyResource, ResourceDeclaration } from './resource';

/** What a declaration file writes: the declaration with builders in `fields` and no `schema`. */
export type ResourceInput<F extends FieldMap> = Omit<ResourceDeclaration<ShapeOf<F>>, 'schema' | 'fields'> & {
  /** Every field, in form order, each from a builder: `name: text('Nome', {max: 160})`. */
  fields: F;
};

/**
 * The declaration with `schema` and `fields` derived from the builders. The result is also an
 * `AnyResource` (TypeScript sees the field-name parameter as invariant).
 */
export function defineResource<const F extends FieldMap>(input: ResourceInput<F>): ResourceDeclaration<ShapeOf<F>> & AnyResource {
  if ('schema' in input) throw new Error(`${input.name}: declare the fields with builders (contracts/fields); the schema is derived`);
  const derived = deriveFields(input.name, input.fields);
  // `schema` stays a getter, built on first read with the rules' kit (validation/rules.ts), and not
  // enumerable: a spread of the declaration (a list item shown as a record) does not build it.
  return Object.defineProperty({ ...input, fields: derived.fields }, 'schema', { get: () => derived.schema, enumerable: false }) as unknown as ResourceDeclaration<ShapeOf<F>> & AnyResource;
}

/**
 * Field builders: one per field type, each returning the field's zod schema AND its screen
 * definition, so a declaration states every field once (`defineResource` derives `schema` and
 * `fields` from them). A reference is always an id string on the wire and a `reference` on the
 * screen; a list item's fields are builders too.
 *
 * ```ts
 * fields: {
 *   name: text('Nome', {max: 160}),
 *   categoryId: reference('Departamento', 'categories', {optional: true}),
 *   kind: enumOf('Tipo', PRODUCT_KINDS, {product: 'Produto', service: 'Serviço'}),
 *   price: money('Preço de referência'),
 *   isActive: boolean('Ativo', {initial: true}),
 * }
 * ```
 */
export type { Common, Field, MayBeEmpty, ScalarField } from './field';
export { city, cep, cnpj, cpf, cpfCnpj, email, lengthOnly, longText, phone, pixKey, richText, text, uf, type TextOptions, type ValueOptions } from './text';
export { date, datetime, integer, money, percent, type Bounds, type IntegerOptions, type MoneyOptions } from './number';
export { boolean, enumList, enumOf, scopes, type OptionLabels } from './choice';
export { file, reference, references, tree } from './links';
export { list, type ListOptions, type ScalarFields } from './list';
export { deriveFields, type FieldMap, type ShapeOf } from './derive';

import * as z from 'zod/mini';
import type { AnyResource, FieldDef, ScalarFieldDef } from '../../../src/contracts/resource';
import type { Row } from '../../../src/core/resources/useList';

/** Candidates of a text field with its own format (codes, digits, months…): the first its schema accepts wins. */
const TEXT_CANDIDATES = ['texto', '1234', '1', '341', '2025-06', '06/2025', '12345678', 'texto-1'];

/** Values of each field type, in order of preference. */
function candidates(def: FieldDef): unknown[] {
  switch (def.type) {
    case 'text':
    case 'longText':
    case 'richText':
      return TEXT_CANDIDATES;
    case 'email':
      return ['ana@example.com'];
    case 'integer':
      return [3];
    case 'money':
      return [123456];
    case 'percent':
      return [1234];
    case 'date':
      return ['2025-06-26'];
    case 'datetime':
      return ['2025-06-26T12:00:00.000Z'];
    case 'boolean':
      return [true];
    case 'enum':
      return def.multiple ? [[def.options[0]]] : [def.options[0]];
    case 'reference':
    case 'tree':
    case 'file':
      return ['r1'];
    case 'references':
      return [['r1']];
    case 'cpf':
      return ['12345678909'];
    case 'cnpj':
    case 'cpfCnpj':
      return ['12345678000195'];
    case 'cep':
      return ['01310930'];
    case 'phone':
      return ['11987654321'];
    case 'scopes':
      return [['read']];
    case 'pixKey':
      // a CPF key: the first PIX key type (`cpf`) is what a sample `type` enum gets
      return ['12345678909'];
    case 'uf':
      return ['SP'];
    case 'city':
      return ['3550308'];
    case 'list':
      return [];
  }
}

const accepts = (schema: z.core.$ZodType | undefined, value: unknown) => !schema || z.safeParse(schema, value).success;

/** A value of a field that its schema (when given) accepts; list items built the same way per item field. */
export function sample(def: FieldDef, schema?: z.core.$ZodType): unknown {
  if (def.type === 'list') {
    const item = unwrapArrayItem(schema);
    const shape = (item as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape;
    const value: Record<string, unknown> = Object.fromEntries(Object.entries(def.of).map(([name, sub]) => [name, sample(sub as ScalarFieldDef, shape?.[name])]));
    // Checks across the item's fields (a parcela paid by boleto needs its line): another option of a choice may pass.
    for (const [name, sub] of Object.entries(def.of)) {
      if (accepts(item, value) || sub.type !== 'enum') continue;
      value[name] = sub.options.find((option) => accepts(item, { ...value, [name]: option })) ?? value[name];
    }
    return [value];
  }
  const options = candidates(def);
  return options.find((value) => accepts(schema, value)) ?? options[0];
}

function unwrapArrayItem(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  const def = (schema as { _zod?: { def?: { type?: string; element?: z.core.$ZodType; innerType?: z.core.$ZodType } } } | undefined)?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'array') return def.element;
  if (def.innerType) return unwrapArrayItem(def.innerType);
  return undefined;
}

/** A full record of a declaration, with `_refs` labels for its references. */
export function sampleRecord(resource: AnyResource, overrides: Record<string, unknown> = {}): Row {
  const record: Row = { id: 'rec-1', version: 1, createdAt: '2025-06-01T12:00:00.000Z', updatedAt: '2025-06-02T12:00:00.000Z', _refs: {} };
  for (const [name, def] of Object.entries(resource.fields)) {
    record[name] = sample(def, resource.schema.shape[name] as z.core.$ZodType);
    if (def.type === 'reference' || def.type === 'references' || def.type === 'tree') record._refs![name] = [{ id: 'r1', label: 'Referência Um' }];
  }
  // A numbered title (an ordem de compra's number) is a number; any other, a recognisable text.
  record[resource.titleField] = resource.fields[resource.titleField]?.type === 'integer' ? 42 : `Registro de ${resource.name}`;
  return { ...record, ...overrides };
}

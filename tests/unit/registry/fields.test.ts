/**
 * Field builders and `defineResource`: one declaration per field gives both the wire schema and
 * the screen definition; names used elsewhere in the declaration are checked at compile time
 * (the `@ts-expect-error` lines fail `npm run typecheck` if they stop being errors).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineResource } from '../../../src/contracts/define';
import { boolean, enumOf, integer, list, money, reference, text } from '../../../src/contracts/fields';
import { recordSchema, writeSchema } from '../../../src/contracts/resourceSchemas';

const base = {
  name: 'demo',
  api: 'identity',
  path: 'demo',
  route: { base: '/demo', idParam: 'demoId' },
  permission: 'demo',
  labels: { one: 'Demo', many: 'Demos', gender: 'm' },
} as const;

const demo = defineResource({
  ...base,
  titleField: 'name',
  fields: {
    name: text('Nome', { max: 10 }),
    categoryId: reference('Departamento', 'categories', { optional: true }),
    kind: enumOf('Tipo', ['a', 'b'] as const, { a: 'A', b: 'B' }),
    price: money('Preço'),
    isActive: boolean('Ativo', { initial: true }),
    lines: list('Linhas', { productId: reference('Produto', 'products', { required: 'Escolha o produto.' }) }, { max: 2, maxMessage: 'No máximo 2 linhas.' }),
  },
  list: { columns: [{ field: 'name' }, { field: 'createdAt' }], defaultSort: 'name', searchFields: ['name'] },
  form: { sections: [{ key: 'general', title: 'Geral', fields: ['name', 'categoryId'] }] },
});

describe('field builders', () => {
  it('derive the schema and the definitions from one declaration, in order', () => {
    expect(Object.keys(demo.schema.shape)).toEqual(['name', 'categoryId', 'kind', 'price', 'isActive', 'lines']);
    expect(Object.keys(demo.fields)).toEqual(Object.keys(demo.schema.shape));
    expect(demo.fields.categoryId).toEqual({ type: 'reference', label: 'Departamento', resource: 'categories' });
    expect(demo.fields.isActive).toEqual({ type: 'boolean', label: 'Ativo', initial: true });
    expect(demo.fields.lines).toEqual({ type: 'list', label: 'Linhas', of: { productId: { type: 'reference', label: 'Produto', resource: 'products' } } });
  });

  it('make a reference an id string on the wire', () => {
    const schema = demo.schema.shape.categoryId;
    expect(z.safeParse(schema, 'cat-1').success).toBe(true);
    expect(z.safeParse(schema, null).success).toBe(true);
    expect(z.safeParse(schema, 12).success).toBe(false);
    expect(z.safeParse(schema, 'x'.repeat(65)).success).toBe(false);
  });

  it('keep the rules and messages of each option', () => {
    const name = z.safeParse(demo.schema.shape.name, '  ');
    expect(name.success ? [] : name.error.issues.map((i) => i.message)).toEqual(['Preencha este campo.']);
    expect(z.parse(demo.schema.shape.name, '  Ana  ')).toBe('Ana');
    const messages = (value: unknown) => {
      const result = z.safeParse(demo.schema.shape.lines, value);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages([{ productId: '' }])).toEqual(['Escolha o produto.']);
    expect(messages([{ productId: 'p' }, { productId: 'q' }, { productId: 'r' }])).toEqual(['No máximo 2 linhas.']);
  });

  it('build keyed line items with bounds, initial values and read-only fields', () => {
    const keyed = defineResource({
      ...base,
      titleField: 'title',
      fields: {
        title: text('Título'),
        status: enumOf('Situação', ['draft', 'sent'] as const, { draft: 'Rascunho', sent: 'Enviado' }, { readOnly: true }),
        lines: list(
          'Itens',
          {
            quantity: integer('Quantidade', { message: 'Informe uma quantidade inteira.', min: 1, minMessage: 'Maior que zero.', initial: 1 }),
            unit: enumOf('Unidade', ['UN', 'CX'] as const, { UN: 'Unidade', CX: 'Caixa' }, { initial: 'UN' }),
            unitPrice: money('Preço', { min: 0, minMessage: 'O preço não pode ser negativo.' }),
          },
          { keyed: true, addLabel: 'Adicionar item', min: 1, minMessage: 'Inclua ao menos um item.', max: 2, maxMessage: 'No máximo 2 itens.' },
        ),
        total: money('Total', { readOnly: true }),
      },
      list: { columns: [{ field: 'title' }, { field: 'createdBy' }], defaultSort: 'title', searchFields: ['title'], filters: [{ field: 'createdBy' }] },
      form: { sections: [{ key: 'general', title: 'Geral', fields: ['title', 'lines', 'total'] }] },
    });
    expect(keyed.fields.lines).toEqual({
      type: 'list',
      label: 'Itens',
      keyed: true,
      addLabel: 'Adicionar item',
      of: {
        quantity: { type: 'integer', label: 'Quantidade', initial: 1 },
        unit: { type: 'enum', label: 'Unidade', options: ['UN', 'CX'], optionLabels: { UN: 'Unidade', CX: 'Caixa' }, initial: 'UN' },
        unitPrice: { type: 'money', label: 'Preço' },
      },
    });
    expect(keyed.fields.status.readOnly).toBe(true);
    expect(keyed.fields.total).toEqual({ type: 'money', label: 'Total', readOnly: true });
    const messages = (value: unknown) => {
      const result = z.safeParse(keyed.schema.shape.lines, value);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    const line = { quantity: 1, unit: 'UN', unitPrice: 0 };
    expect(messages([line])).toEqual([]);
    expect(messages([])).toEqual(['Inclua ao menos um item.']);
    expect(messages([line, line, line])).toEqual(['No máximo 2 itens.']);
    expect(messages([{ ...line, quantity: 1.5, unitPrice: -1 }])).toEqual(['Informe uma quantidade inteira.', 'O preço não pode ser negativo.']);
    expect(messages([{ ...line, quantity: 0 }])).toEqual(['Maior que zero.']);
    // Keyed items take the server-made id; read-only fields are never written.
    expect(z.safeParse(writeSchema(keyed), { title: 'T', lines: [{ ...line, id: 'item-1' }] }).success).toBe(true);
    expect(z.safeParse(writeSchema(keyed), { title: 'T', lines: [line], total: 5 }).success).toBe(false);
    expect(z.safeParse(recordSchema(keyed), { id: 'r', version: 0, createdAt: 'x', updatedAt: 'x', createdBy: 'u', title: 'T', status: 'draft', lines: [{ ...line, id: 'item-1' }], total: 0 }).success).toBe(true);
  });

  it('refuse a field written without a builder', () => {
    expect(() =>
      defineResource({
        ...base,
        titleField: 'name',
        // @ts-expect-error a bare definition is not a field: use a builder
        fields: { name: { type: 'text', label: 'Nome' } },
        form: { sections: [] },
      }),
    ).toThrow(/builder/);
  });

  it('check the names a declaration uses at compile time', () => {
    const fields = { name: text('Nome') };
    const form = { sections: [] };
    // @ts-expect-error unknown title field
    defineResource({ ...base, fields, form, titleField: 'nome' });
    // @ts-expect-error unknown column
    defineResource({ ...base, fields, form, titleField: 'name', list: { columns: [{ field: 'nome' }], defaultSort: 'name', searchFields: [] } });
    // @ts-expect-error unknown search field
    defineResource({ ...base, fields, form, titleField: 'name', list: { columns: [], defaultSort: 'name', searchFields: ['nome'] } });
    // @ts-expect-error unknown filter
    defineResource({ ...base, fields, form, titleField: 'name', list: { columns: [], defaultSort: 'name', searchFields: [], filters: [{ field: 'nome' }] } });
    // @ts-expect-error unknown section field
    defineResource({ ...base, fields, titleField: 'name', form: { sections: [{ key: 'g', title: 'G', fields: ['nome'] }] } });
    // @ts-expect-error a schema is derived, never written
    expect(() => defineResource({ ...base, fields, form, titleField: 'name', schema: z.object({ name: z.string() }) })).toThrow(/derived/);
    // @ts-expect-error an option without a label
    enumOf('Tipo', ['a', 'b'] as const, { a: 'A' });
    // @ts-expect-error a list inside a list
    list('Fora', { inner: list('Dentro', { name: text('Nome') }) });
    expect(true).toBe(true);
  });
});

/**
 * Produtos (/produtos, with /midias and /variantes): the catalogue's items. Price in centavos;
 * media are stored files (commons `files`: ids, uploaded in 64 KB chunks) with a caption and an
 * order; variants are rows of SKU, name, attributes and their own price. API: cart `products`.
 */
import { PRODUCT_UNITS, UNIT_LABELS } from './parts/units';
import type * as z from 'zod/mini';
import { type Rule } from '../validation/rules';
import { defineResource } from '../define';
import { boolean, enumOf, file, lengthOnly, list, money, reference, text } from '../fields';
import { IMAGE_TYPES } from '../files';
import { activationActions, deleteAction, notes } from './parts/common';

export { PRODUCT_UNITS };
export const PRODUCT_KINDS = ['product', 'service'] as const;

const sku = (): Rule<z.ZodMiniString<string>> => ({ z }) => z.string().check(z.trim(), z.minLength(1, 'Informe o SKU.'), z.maxLength(60), z.regex(/^[0-9A-Za-z][0-9A-Za-z.\-_/]*$/, 'Use letras, números, ponto, hífen, sublinhado ou barra.'));
const gtin = (): Rule<z.ZodMiniString<string>> => ({ z }) => z.string().check(z.regex(/^(\d{8}|\d{12,14})$/, 'Código de barras inválido (GTIN de 8, 12, 13 ou 14 dígitos).'));

export const products = defineResource({
  name: 'products',
  api: 'cart',
  path: 'products',
  route: { base: '/produtos', idParam: 'productId' },
  permission: 'products',
  labels: { one: 'Produto', many: 'Produtos', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Nome', { max: 160 }),
    sku: text('SKU', { rule: sku() }),
    kind: enumOf('Tipo', PRODUCT_KINDS, { product: 'Produto', service: 'Serviço' }),
    categoryId: reference('Departamento', 'categories', { optional: true }),
    brand: text('Marca', { optional: true, rule: lengthOnly(80) }),
    unit: enumOf('Unidade', PRODUCT_UNITS, UNIT_LABELS),
    price: money('Preço de referência'),
    barcode: text('Código de barras (GTIN)', { rule: gtin(), optional: true }),
    ncm: text('NCM', { rule: ({ z }) => z.string().check(z.regex(/^\d{8}$/, 'NCM inválido (8 dígitos).')), optional: true }),
    isActive: boolean('Ativo', { initial: true }),
    description: notes('Descrição', 8000),
    media: list(
      'Mídias',
      {
        fileId: file('Imagem', { accept: IMAGE_TYPES, required: 'Envie o arquivo.' }),
        caption: text('Legenda', { optional: true, rule: lengthOnly(160) }),
        isCover: boolean('Capa'),
      },
      { max: 30, maxMessage: 'No máximo 30 mídias.', addLabel: 'Adicionar mídia' },
    ),
    variants: list(
      'Variantes',
      {
        sku: text('SKU', { rule: sku() }),
        name: text('Nome'),
        attributes: text('Atributos', { optional: true, rule: lengthOnly(240), help: 'Ex.: Cor: azul; Tamanho: M' }),
        barcode: text('Código de barras (GTIN)', { rule: gtin(), optional: true }),
        price: money('Preço', { optional: true }),
        isActive: boolean('Ativa', { initial: true }),
      },
      { max: 500, maxMessage: 'No máximo 500 variantes.', addLabel: 'Adicionar variante' },
    ),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'sku', sortable: true }, { field: 'categoryId' }, { field: 'unit' }, { field: 'price', sortable: true }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'sku', 'brand', 'barcode'],
    filters: [{ field: 'categoryId' }, { field: 'kind' }, { field: 'unit' }, { field: 'isActive' }, { field: 'price' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Produto', fields: ['name', 'sku', 'kind', 'categoryId', 'brand', 'isActive'] },
      { key: 'commercial', title: 'Dados comerciais e fiscais', fields: ['unit', 'price', 'barcode', 'ncm'] },
      { key: 'description', title: 'Descrição', fields: ['description'] },
      { key: 'media', title: 'Mídias', fields: ['media'] },
      { key: 'variants', title: 'Variantes', fields: ['variants'] },
    ],
  },
  tabs: [
    { path: 'midias', label: 'Mídias', field: 'media' },
    { path: 'variantes', label: 'Variantes', field: 'variants' },
  ],
  unique: [{ fields: ['sku'], message: 'Já existe um produto com este SKU.' }],
  actions: [...activationActions('Inativar os produtos selecionados?'), deleteAction('Excluir os produtos selecionados?')],
});

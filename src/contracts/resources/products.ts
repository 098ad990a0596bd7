/**
 * Produtos (/produtos, with /midias and /variantes): the catalogue's items. Price in centavos;
 * media are stored files (commons `files`: ids, uploaded in 64 KB chunks) with a caption and an
 * order; variants are rows of SKU, name, attributes and their own price. API: cart `products`.
 */
import * as z from 'zod/mini';
import { IMAGE_TYPES } from '../files';
import { money } from '../documents';
import { defineResource, optional, requiredText } from '../resource';
import { deleteAction, notes } from './parts/common';

export const PRODUCT_UNITS = ['UN', 'CX', 'PCT', 'KG', 'G', 'L', 'ML', 'M', 'M2', 'M3', 'H', 'SV'] as const;
export const PRODUCT_KINDS = ['product', 'service'] as const;

const sku = () => z.string().check(z.trim(), z.minLength(1, 'Informe o SKU.'), z.maxLength(60), z.regex(/^[0-9A-Za-z][0-9A-Za-z.\-_/]*$/, 'Use letras, números, ponto, hífen, sublinhado ou barra.'));
const gtin = () => z.string().check(z.regex(/^(\d{8}|\d{12,14})$/, 'Código de barras inválido (GTIN de 8, 12, 13 ou 14 dígitos).'));

export const productMediaItem = z.object({
  fileId: z.string().check(z.minLength(1, 'Envie o arquivo.'), z.maxLength(64)),
  caption: optional(z.string().check(z.maxLength(160))),
  isCover: z.boolean(),
});

export const productVariantItem = z.object({
  sku: sku(),
  name: requiredText(120),
  attributes: optional(z.string().check(z.maxLength(240))),
  barcode: optional(gtin()),
  price: optional(money()),
  isActive: z.boolean(),
});

export const products = defineResource({
  name: 'products',
  api: 'cart',
  path: 'products',
  route: { base: '/produtos', idParam: 'productId' },
  permission: 'products',
  labels: { one: 'Produto', many: 'Produtos', gender: 'm' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(160),
    sku: sku(),
    kind: z.enum(PRODUCT_KINDS),
    categoryId: optional(z.string().check(z.maxLength(64))),
    brand: optional(z.string().check(z.maxLength(80))),
    unit: z.enum(PRODUCT_UNITS),
    price: money(),
    barcode: optional(gtin()),
    ncm: optional(z.string().check(z.regex(/^\d{8}$/, 'NCM inválido (8 dígitos).'))),
    isActive: z.boolean(),
    description: notes(8000),
    media: z.array(productMediaItem).check(z.maxLength(30, 'No máximo 30 mídias.')),
    variants: z.array(productVariantItem).check(z.maxLength(500, 'No máximo 500 variantes.')),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    sku: { type: 'text', label: 'SKU' },
    kind: { type: 'enum', label: 'Tipo', options: PRODUCT_KINDS, optionLabels: { product: 'Produto', service: 'Serviço' } },
    categoryId: { type: 'reference', label: 'Departamento', resource: 'categories' },
    brand: { type: 'text', label: 'Marca' },
    unit: {
      type: 'enum',
      label: 'Unidade',
      options: PRODUCT_UNITS,
      optionLabels: { UN: 'Unidade', CX: 'Caixa', PCT: 'Pacote', KG: 'Quilograma', G: 'Grama', L: 'Litro', ML: 'Mililitro', M: 'Metro', M2: 'Metro quadrado', M3: 'Metro cúbico', H: 'Hora', SV: 'Serviço' },
    },
    price: { type: 'money', label: 'Preço de referência' },
    barcode: { type: 'text', label: 'Código de barras (GTIN)' },
    ncm: { type: 'text', label: 'NCM' },
    isActive: { type: 'boolean', label: 'Ativo', initial: true },
    description: { type: 'longText', label: 'Descrição' },
    media: {
      type: 'list',
      label: 'Mídias',
      of: {
        fileId: { type: 'file', label: 'Imagem', accept: IMAGE_TYPES },
        caption: { type: 'text', label: 'Legenda' },
        isCover: { type: 'boolean', label: 'Capa' },
      },
    },
    variants: {
      type: 'list',
      label: 'Variantes',
      of: {
        sku: { type: 'text', label: 'SKU' },
        name: { type: 'text', label: 'Nome' },
        attributes: { type: 'text', label: 'Atributos', help: 'Ex.: Cor: azul; Tamanho: M' },
        barcode: { type: 'text', label: 'Código de barras (GTIN)' },
        price: { type: 'money', label: 'Preço' },
        isActive: { type: 'boolean', label: 'Ativa', initial: true },
      },
    },
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
  actions: [deleteAction('Excluir os produtos selecionados?')],
});

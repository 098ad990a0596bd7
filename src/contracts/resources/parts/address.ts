/**
 * An address as a `list` item (persons, companies): CEP with the postal-code lookup filling
 * street, district, UF and municipality (IBGE code), number and complement typed by hand.
 */
import { cep, city, enumOf, list, text, uf } from '../../fields';
import type { FieldDef } from '../../resource';

export const ADDRESS_TYPES = ['main', 'billing', 'delivery', 'other'] as const;

export const addresses = (max = 50) =>
  list(
    'Endereços',
    {
      type: enumOf('Tipo', ADDRESS_TYPES, { main: 'Principal', billing: 'Cobrança', delivery: 'Entrega', other: 'Outro' }),
      cep: cep('CEP', { lookup: { street: 'street', district: 'district', city: 'city', state: 'state' } }),
      street: text('Logradouro', { max: 160, required: 'Informe o logradouro.' }),
      number: text('Número', { max: 20, required: 'Informe o número (ou S/N).' }),
      complement: text('Complemento', { max: 80, optional: true, trim: false }),
      district: text('Bairro', { max: 80, required: 'Informe o bairro.' }),
      state: uf('UF'),
      city: city('Município', 'state'),
    },
    { max, maxMessage: `No máximo ${max} endereços.`, addLabel: 'Adicionar endereço' },
  );

/** The screen definition alone (input tests). */
export const addressesField: FieldDef = addresses().def;

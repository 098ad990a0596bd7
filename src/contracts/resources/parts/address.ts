/**
 * An address as a `list` item (persons, companies): CEP with the postal-code lookup filling
 * street, district, UF and municipality (IBGE code), number and complement typed by hand.
 */
import * as z from 'zod/mini';
import { schemas } from '../../brazil';
import { optional, requiredText, type FieldDef } from '../../resource';

export const ADDRESS_TYPES = ['main', 'billing', 'delivery', 'other'] as const;

export const addressItem = z.object({
  type: z.enum(ADDRESS_TYPES),
  cep: schemas.cep(),
  street: requiredText(160, 'Informe o logradouro.'),
  number: requiredText(20, 'Informe o número (ou S/N).'),
  complement: optional(z.string().check(z.maxLength(80, 'Use no máximo 80 caracteres.'))),
  district: requiredText(80, 'Informe o bairro.'),
  state: schemas.uf(),
  city: schemas.ibgeCity(),
});
export type Address = z.infer<typeof addressItem>;

export const addressesField: FieldDef = {
  type: 'list',
  label: 'Endereços',
  of: {
    type: { type: 'enum', label: 'Tipo', options: ADDRESS_TYPES, optionLabels: { main: 'Principal', billing: 'Cobrança', delivery: 'Entrega', other: 'Outro' } },
    cep: { type: 'cep', label: 'CEP', lookup: { street: 'street', district: 'district', city: 'city', state: 'state' } },
    street: { type: 'text', label: 'Logradouro' },
    number: { type: 'text', label: 'Número' },
    complement: { type: 'text', label: 'Complemento' },
    district: { type: 'text', label: 'Bairro' },
    state: { type: 'uf', label: 'UF' },
    city: { type: 'city', label: 'Município', stateField: 'state' },
  },
};

export const addressList = (max = 50) => z.array(addressItem).check(z.maxLength(max, `No máximo ${max} endereços.`));

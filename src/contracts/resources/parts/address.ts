/**
 * An address as a `list` item (persons, companies): CEP with the postal-code lookup filling
 * street, district, UF and municipality (IBGE code), number and complement typed by hand.
 */
import { cep, city, enumOf, list, text, uf } from '../../fields';
import type { FieldDef } from '../../resource';

export const ADDRESS_TYPES = ['main', 'billing', 'delivery', 'other'] as const;

/**
 * A list of addresses. `partial`: street, number and district may be left empty — a supplier or
 * customer is often known by CEP, city and UF only (a spreadsheet with just those columns imports).
 */
export const addresses = (max = 50, options: { partial?: boolean } = {}) =>
  list(
    'Endereços',
    {
      type: enumOf('Tipo', ADDRESS_TYPES, { main: 'Principal', billing: 'Cobrança', delivery: 'Entrega', other: 'Outro' }),
      cep: cep('CEP', { lookup: { street: 'street', district: 'district', city: 'city', state: 'state', number: 'number', complement: 'complement' } }),
      street: options.partial ? text('Logradouro', { max: 160, optional: true }) : text('Logradouro', { max: 160, required: 'Informe o logradouro.' }),
      number: options.partial ? text('Número', { max: 20, optional: true }) : text('Número', { max: 20, required: 'Informe o número (ou S/N).' }),
      complement: text('Complemento', { max: 80, optional: true, trim: false }),
      district: options.partial ? text('Bairro', { max: 80, optional: true }) : text('Bairro', { max: 80, required: 'Informe o bairro.' }),
      state: uf('UF'),
      city: city('Município', 'state'),
    },
    { max, maxMessage: `No máximo ${max} endereços.`, addLabel: 'Adicionar endereço' },
  );

/**
 * What a CNPJ typed in fills on a record with these field names (persons, companies): razão
 * social, nome fantasia, e-mail, telefone and, while `addresses` is empty, its main address.
 */
export const COMPANY_LOOKUP_TARGETS = { name: 'name', tradeName: 'tradeName', email: 'email', phone: 'phone', addresses: { field: 'addresses', item: { type: 'main' } } } as const;

/** The screen definition alone (input tests). */
export const addressesField: FieldDef = addresses().def;

/**
 * The person record (Clientes & Fornecedores) shared by `persons` and its two views
 * `customers` and `suppliers`. One person (one CPF/CNPJ per organisation) can be customer and
 * supplier at once; `kind` (PF/PJ) follows the document (11 digits → PF, 14 → PJ), so it is
 * server-managed and never disagrees with it.
 */
import * as z from 'zod/mini';
import { schemas } from '../../brazil';
import { optional, requiredText, type ColumnDef, type FieldDef, type FilterDef, type SectionDef } from '../../resource';
import { addressesField, addressList } from './address';
import { notes, shortText } from './common';
import { contactList, contactsField } from './contact';
import { bankDataField, bankDataList, pixKeyList, pixKeysField } from './payment';

export const PERSON_KINDS = ['PF', 'PJ'] as const;
export const DUPLICATE_DOCUMENT_MESSAGE = 'Já existe um cadastro com este CPF/CNPJ nesta organização.';

export const personShape = {
  document: schemas.cpfCnpj(),
  kind: z.enum(PERSON_KINDS),
  name: requiredText(160),
  tradeName: shortText(160),
  isCustomer: z.boolean(),
  isSupplier: z.boolean(),
  stateRegistration: optional(schemas.stateRegistration()),
  stateRegistrationUf: optional(schemas.uf()),
  municipalRegistration: optional(schemas.municipalRegistration()),
  email: optional(schemas.email()),
  phone: optional(schemas.phone()),
  isActive: z.boolean(),
  contacts: contactList(),
  addresses: addressList(),
  bankAccounts: bankDataList(),
  pixKeys: pixKeyList(),
  notes: notes(),
};
type PersonField = keyof typeof personShape;

export const personFields: { readonly [K in PersonField]: FieldDef } = {
  document: { type: 'cpfCnpj', label: 'CPF/CNPJ', help: 'CNPJ numérico ou alfanumérico.' },
  kind: { type: 'enum', label: 'Tipo de pessoa', options: PERSON_KINDS, optionLabels: { PF: 'Pessoa física', PJ: 'Pessoa jurídica' }, readOnly: true },
  name: { type: 'text', label: 'Nome / Razão social' },
  tradeName: { type: 'text', label: 'Nome fantasia' },
  isCustomer: { type: 'boolean', label: 'Cliente' },
  isSupplier: { type: 'boolean', label: 'Fornecedor' },
  stateRegistration: { type: 'text', label: 'Inscrição estadual', help: 'Somente números, ou ISENTO.' },
  stateRegistrationUf: { type: 'uf', label: 'UF da inscrição estadual' },
  municipalRegistration: { type: 'text', label: 'Inscrição municipal' },
  email: { type: 'email', label: 'E-mail' },
  phone: { type: 'phone', label: 'Telefone' },
  isActive: { type: 'boolean', label: 'Ativo', initial: true },
  contacts: contactsField,
  addresses: addressesField,
  bankAccounts: bankDataField,
  pixKeys: pixKeysField,
  notes: { type: 'longText', label: 'Observações' },
};

const SECTIONS: readonly SectionDef<PersonField>[] = [
  { key: 'identification', title: 'Identificação', fields: ['document', 'kind', 'name', 'tradeName', 'isActive'] },
  { key: 'roles', title: 'Papéis', fields: ['isCustomer', 'isSupplier'] },
  { key: 'tax', title: 'Inscrições', fields: ['stateRegistration', 'stateRegistrationUf', 'municipalRegistration'] },
  { key: 'contact', title: 'Contato', fields: ['email', 'phone', 'contacts'] },
  { key: 'addresses', title: 'Endereços', fields: ['addresses'] },
  { key: 'payment', title: 'Dados de pagamento', fields: ['bankAccounts', 'pixKeys'] },
  { key: 'notes', title: 'Observações', fields: ['notes'] },
];

const COLUMNS: readonly ColumnDef<PersonField>[] = [
  { field: 'name', sortable: true },
  { field: 'document', width: '13rem' },
  { field: 'kind', sortable: true },
  { field: 'isCustomer' },
  { field: 'isSupplier' },
  { field: 'phone' },
  { field: 'isActive' },
];

const FILTERS: readonly FilterDef<PersonField>[] = [
  { field: 'kind' },
  { field: 'isCustomer' },
  { field: 'isSupplier' },
  { field: 'isActive' },
  { field: 'stateRegistrationUf' },
  { field: 'createdAt' },
];

/** The shape, field definitions, sections, list and uniqueness of persons, without `omit` (a view's fixed flag). */
export function personParts<O extends PersonField = never>(omit?: O) {
  type F = Exclude<PersonField, O>;
  const keep = (field: string) => field !== omit;
  const shape = Object.fromEntries(Object.entries(personShape).filter(([k]) => keep(k))) as Omit<typeof personShape, O>;
  const fields = Object.fromEntries(Object.entries(personFields).filter(([k]) => keep(k))) as { readonly [K in F]: FieldDef };
  return {
    schema: z.object(shape),
    fields,
    form: { sections: SECTIONS.map((s) => ({ ...s, fields: s.fields.filter(keep) as F[] })).filter((s) => s.fields.length > 0) },
    list: {
      columns: COLUMNS.filter((c) => keep(c.field)) as ColumnDef<F>[],
      defaultSort: 'name',
      searchFields: ['name', 'tradeName', 'document', 'email'] as F[],
      filters: FILTERS.filter((f) => keep(f.field)) as FilterDef<F>[],
    },
    unique: [{ fields: ['document'] as F[], message: DUPLICATE_DOCUMENT_MESSAGE }],
  };
}

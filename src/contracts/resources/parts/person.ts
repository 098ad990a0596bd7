/**
 * The person record (Clientes & Fornecedores) shared by `persons` and its two views
 * `customers` and `suppliers`. One person (one CPF/CNPJ per organisation) can be customer and
 * supplier at once; `kind` (PF/PJ) follows the document (11 digits → PF, 14 → PJ), so it is
 * server-managed and never disagrees with it.
 */
import { boolean, cpfCnpj, email, enumOf, phone, text, uf } from '../../fields';
import type { ColumnDef, FilterDef, SectionDef } from '../../resource';
import { addresses, COMPANY_LOOKUP_TARGETS } from './address';
import { notes } from './common';
import { contacts } from './contact';
import { bankData, pixKeys } from './payment';

export const PERSON_KINDS = ['PF', 'PJ'] as const;
export const DUPLICATE_DOCUMENT_MESSAGE = 'Já existe um cadastro com este CPF/CNPJ nesta organização.';

export const personFields = {
  document: cpfCnpj('CPF/CNPJ', { help: 'CNPJ numérico ou alfanumérico.', kindField: 'kind', companyLookup: COMPANY_LOOKUP_TARGETS }),
  kind: enumOf('Tipo de pessoa', PERSON_KINDS, { PF: 'Pessoa física', PJ: 'Pessoa jurídica' }, { readOnly: true }),
  name: text('Nome / Razão social', { max: 160 }),
  tradeName: text('Nome fantasia', { max: 160, optional: true }),
  isCustomer: boolean('Cliente'),
  isSupplier: boolean('Fornecedor'),
  stateRegistration: text('Inscrição estadual', { rule: ({ brazil }) => brazil.stateRegistration(), optional: true, help: 'Somente números, ou ISENTO.' }),
  stateRegistrationUf: uf('UF da inscrição estadual', { optional: true }),
  municipalRegistration: text('Inscrição municipal', { rule: ({ brazil }) => brazil.municipalRegistration(), optional: true }),
  email: email('E-mail', { optional: true }),
  phone: phone('Telefone', { optional: true }),
  isActive: boolean('Ativo', { initial: true }),
  contacts: contacts(),
  addresses: addresses(50, { partial: true }),
  bankAccounts: bankData(),
  pixKeys: pixKeys(),
  notes: notes('Observações'),
};
type PersonField = keyof typeof personFields;

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
  { field: 'document', width: '208px' },
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

/** The fields, sections, list and uniqueness of persons, without `omit` (a view's fixed flag). */
export function personParts<O extends PersonField = never>(omit?: O) {
  type F = Exclude<PersonField, O>;
  const keep = (field: string) => field !== omit;
  const fields = Object.fromEntries(Object.entries(personFields).filter(([k]) => keep(k))) as Omit<typeof personFields, O>;
  return {
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

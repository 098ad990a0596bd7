/**
 * Empresas of the organisation (the CNPJs of the group: matriz, filiais…), under their type:
 * /empresas/{companyTypeId} and /gestao-de-empresas/{companyTypeId} (same records, two
 * entries of the spec). API: companies `company-types/{companyTypeId}/companies`.
 */
import * as z from 'zod/mini';
import { schemas } from '../brazil';
import { defineResource, optional, requiredText } from '../resource';
import { addressesField, addressList } from './parts/address';
import { deleteAction, shortText } from './parts/common';
import { contactList, contactsField } from './parts/contact';

export const companies = defineResource({
  name: 'companies',
  api: 'companies',
  path: 'company-types/{companyTypeId}/companies',
  route: { base: '/empresas/{companyTypeId}', idParam: 'companyId' },
  permission: 'companies',
  parent: { resource: 'companyTypes', param: 'companyTypeId' },
  labels: { one: 'Empresa', many: 'Empresas', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(160),
    tradeName: shortText(160),
    cnpj: schemas.cnpj(),
    stateRegistration: optional(schemas.stateRegistration()),
    stateRegistrationUf: optional(schemas.uf()),
    municipalRegistration: optional(schemas.municipalRegistration()),
    email: optional(schemas.email()),
    phone: optional(schemas.phone()),
    isActive: z.boolean(),
    addresses: addressList(),
    contacts: contactList(),
  }),
  fields: {
    name: { type: 'text', label: 'Razão social' },
    tradeName: { type: 'text', label: 'Nome fantasia' },
    cnpj: { type: 'cnpj', label: 'CNPJ', help: 'Numérico ou alfanumérico.' },
    stateRegistration: { type: 'text', label: 'Inscrição estadual', help: 'Somente números, ou ISENTO.' },
    stateRegistrationUf: { type: 'uf', label: 'UF da inscrição estadual' },
    municipalRegistration: { type: 'text', label: 'Inscrição municipal' },
    email: { type: 'email', label: 'E-mail' },
    phone: { type: 'phone', label: 'Telefone' },
    isActive: { type: 'boolean', label: 'Ativa', initial: true },
    addresses: addressesField,
    contacts: contactsField,
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'tradeName', sortable: true }, { field: 'cnpj' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'tradeName', 'cnpj'],
    filters: [{ field: 'isActive' }, { field: 'stateRegistrationUf' }],
  },
  form: {
    sections: [
      { key: 'identification', title: 'Identificação', fields: ['name', 'tradeName', 'cnpj', 'isActive'] },
      { key: 'tax', title: 'Inscrições', fields: ['stateRegistration', 'stateRegistrationUf', 'municipalRegistration'] },
      { key: 'contact', title: 'Contato', fields: ['email', 'phone', 'contacts'] },
      { key: 'addresses', title: 'Endereços', fields: ['addresses'] },
    ],
  },
  unique: [{ fields: ['cnpj'], message: 'Já existe uma empresa com este CNPJ nesta organização.' }],
  actions: [deleteAction('Excluir as empresas selecionadas?')],
});

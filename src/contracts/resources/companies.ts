/**
 * Empresas of the organisation (the CNPJs of the group: matriz, filiais…), under their type:
 * /empresas/{companyTypeId} and /gestao-de-empresas/{companyTypeId} (same records, two
 * entries of the spec). API: companies `company-types/{companyTypeId}/companies`.
 */
import { defineResource } from '../define';
import { boolean, cnpj, email, phone, text, uf } from '../fields';
import { addresses, COMPANY_LOOKUP_TARGETS } from './parts/address';
import { activationActions, deleteAction } from './parts/common';
import { contacts } from './parts/contact';

export const companies = defineResource({
  name: 'companies',
  api: 'companies',
  path: 'company-types/{companyTypeId}/companies',
  route: { base: '/empresas/{companyTypeId}', idParam: 'companyId' },
  permission: 'companies',
  parent: { resource: 'companyTypes', param: 'companyTypeId' },
  labels: { one: 'Empresa', many: 'Empresas', gender: 'f' },
  titleField: 'name',
  fields: {
    name: text('Razão social', { max: 160 }),
    tradeName: text('Nome fantasia', { max: 160, optional: true }),
    cnpj: cnpj('CNPJ', { help: 'Numérico ou alfanumérico.', companyLookup: COMPANY_LOOKUP_TARGETS }),
    stateRegistration: text('Inscrição estadual', { rule: ({ brazil }) => brazil.stateRegistration(), optional: true, help: 'Somente números, ou ISENTO.' }),
    stateRegistrationUf: uf('UF da inscrição estadual', { optional: true }),
    municipalRegistration: text('Inscrição municipal', { rule: ({ brazil }) => brazil.municipalRegistration(), optional: true }),
    email: email('E-mail', { optional: true }),
    phone: phone('Telefone', { optional: true }),
    isActive: boolean('Ativa', { initial: true }),
    addresses: addresses(),
    contacts: contacts(),
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
  actions: [...activationActions('Inativar as empresas selecionadas?'), deleteAction('Excluir as empresas selecionadas?')],
});

/**
 * Clientes & Fornecedores (/cadastros): every person of the organisation, customer, supplier or
 * both (flags). Customers (/clientes) and suppliers (/fornecedores) are VIEWS over these same
 * records (see customers.ts, suppliers.ts). API: companies `persons`. A second person with the
 * same CPF/CNPJ in the organisation is a 409 on `document`.
 */
import { defineResource } from '../define';
import { activationActions, deleteAction } from './parts/common';
import { personParts } from './parts/person';

export const persons = defineResource({
  name: 'persons',
  api: 'companies',
  path: 'persons',
  route: { base: '/cadastros', idParam: 'personId' },
  permission: 'persons',
  labels: { one: 'Cadastro', many: 'Clientes & Fornecedores', gender: 'm' },
  titleField: 'name',
  ...personParts(),
  actions: [...activationActions('Inativar os cadastros selecionados?'), deleteAction('Excluir os cadastros selecionados?')],
});

/**
 * Clientes (/clientes): the persons with `isCustomer` — a view, not a table. Decision: a
 * separate declaration (own permission `customers`, own API path `customers`, own screens)
 * over the `persons` records with a fixed filter: the server lists/reads/updates/deletes only
 * persons where isCustomer is true and creates persons with isCustomer true; the flag itself
 * is not a field here (a customer can still be marked supplier). A document that already
 * belongs to a person of the organisation is the usual 409 (mark that person as customer in
 * /cadastros instead). API: companies `customers`.
 */
import { defineResource } from '../define';
import { activationActions, deleteAction } from './parts/common';
import { personParts } from './parts/person';

export const customers = defineResource({
  name: 'customers',
  api: 'companies',
  path: 'customers',
  route: { base: '/clientes', idParam: 'customerId' },
  permission: 'customers',
  labels: { one: 'Cliente', many: 'Clientes', gender: 'm' },
  titleField: 'name',
  viewOf: { resource: 'persons', where: { isCustomer: true } },
  ...personParts('isCustomer'),
  actions: [...activationActions('Inativar os clientes selecionados?'), deleteAction('Excluir os clientes selecionados?')],
});

/**
 * Fornecedores (/fornecedores): the persons with `isSupplier` — a view over `persons`, like
 * customers.ts (fixed filter isSupplier = true, set on create). Bank data and PIX keys are
 * what payments to the supplier use. API: companies `suppliers`.
 */
import { defineResource } from '../define';
import { activationActions, deleteAction } from './parts/common';
import { personParts } from './parts/person';

export const suppliers = defineResource({
  name: 'suppliers',
  api: 'companies',
  path: 'suppliers',
  route: { base: '/fornecedores', idParam: 'supplierId' },
  permission: 'suppliers',
  labels: { one: 'Fornecedor', many: 'Fornecedores', gender: 'm' },
  titleField: 'name',
  viewOf: { resource: 'persons', where: { isSupplier: true } },
  ...personParts('isSupplier'),
  actions: [...activationActions('Inativar os fornecedores selecionados?'), deleteAction('Excluir os fornecedores selecionados?')],
});

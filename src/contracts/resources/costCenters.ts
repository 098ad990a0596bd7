/** Centros de custos (/configuracoes/centros-de-custos): a tree (parent → children). API: finance `cost-centers`. */
import { defineResource } from '../define';
import { activationActions, deleteAction } from './parts/common';
import { CODE_TAKEN, treeFields } from './parts/tree';

export const costCenters = defineResource({
  name: 'costCenters',
  api: 'finance',
  path: 'cost-centers',
  route: { base: '/configuracoes/centros-de-custos', idParam: 'costCenterId' },
  permission: 'costCenters',
  labels: { one: 'Centro de custos', many: 'Centros de Custos', gender: 'm' },
  titleField: 'name',
  fields: treeFields,
  list: {
    columns: [{ field: 'code', sortable: true, width: '160px' }, { field: 'name', sortable: true }, { field: 'parentId' }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name'],
    filters: [{ field: 'parentId' }, { field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Centro de custos', fields: ['code', 'name', 'parentId', 'isActive', 'description'] }] },
  unique: [{ fields: ['code'], message: CODE_TAKEN }],
  actions: [...activationActions('Inativar os centros de custos selecionados?'), deleteAction('Excluir os centros de custos selecionados? Centros com lançamentos ou filhos não podem ser excluídos.')],
});

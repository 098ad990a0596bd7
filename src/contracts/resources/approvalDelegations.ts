/**
 * Substituições de aprovadores (/configuracoes/substituicoes-de-aprovadores): while a user is away,
 * a substitute decides in their place (DOMAIN "a substitute approver can be set for a date
 * range"), both dates included; the decision records on whose behalf it was made. API:
 * approvals `delegations`.
 */
import { defineResource } from '../define';
import { date, reference, text } from '../fields';
import { deleteAction } from './parts/common';

export const approvalDelegations = defineResource({
  name: 'approvalDelegations',
  api: 'approvals',
  path: 'delegations',
  route: { base: '/configuracoes/substituicoes-de-aprovadores', idParam: 'delegationId' },
  permission: 'approvalQueues',
  labels: { one: 'Substituição de aprovador', many: 'Substituições de Aprovadores', gender: 'f' },
  titleField: 'reason',
  fields: {
    userId: reference('Aprovador', 'users', { required: 'Escolha o aprovador.' }),
    substituteId: reference('Substituto', 'users', { required: 'Escolha o substituto.' }),
    startsOn: date('De'),
    endsOn: date('Até'),
    reason: text('Motivo', { max: 240, optional: true, trim: false }),
  },
  list: {
    columns: [{ field: 'userId' }, { field: 'substituteId' }, { field: 'startsOn', sortable: true }, { field: 'endsOn', sortable: true }, { field: 'reason' }],
    defaultSort: '-startsOn',
    searchFields: ['reason'],
    filters: [{ field: 'userId' }, { field: 'substituteId' }, { field: 'startsOn' }],
  },
  form: { sections: [{ key: 'general', title: 'Substituição', fields: ['userId', 'substituteId', 'startsOn', 'endsOn', 'reason'] }] },
  actions: [deleteAction('Excluir as substituições selecionadas?')],
});

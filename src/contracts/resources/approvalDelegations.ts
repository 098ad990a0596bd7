/**
 * Substituições de aprovadores (/configuracoes/substituicoes-de-aprovadores): while a user is away,
 * a substitute decides in their place (DOMAIN "a substitute approver can be set for a date
 * range"), both dates included; the decision records on whose behalf it was made. API:
 * approvals `delegations`.
 */
import * as z from 'zod/mini';
import { date } from '../documents';
import { defineResource } from '../resource';
import { deleteAction, notes } from './parts/common';

const userId = (message: string) => z.string().check(z.minLength(1, message), z.maxLength(64));

export const approvalDelegations = defineResource({
  name: 'approvalDelegations',
  api: 'approvals',
  path: 'delegations',
  route: { base: '/configuracoes/substituicoes-de-aprovadores', idParam: 'delegationId' },
  permission: 'approvalQueues',
  labels: { one: 'Substituição de aprovador', many: 'Substituições de Aprovadores', gender: 'f' },
  titleField: 'reason',
  schema: z.object({
    userId: userId('Escolha o aprovador.'),
    substituteId: userId('Escolha o substituto.'),
    startsOn: date(),
    endsOn: date(),
    reason: notes(240),
  }),
  fields: {
    userId: { type: 'reference', label: 'Aprovador', resource: 'users' },
    substituteId: { type: 'reference', label: 'Substituto', resource: 'users' },
    startsOn: { type: 'date', label: 'De' },
    endsOn: { type: 'date', label: 'Até' },
    reason: { type: 'text', label: 'Motivo' },
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

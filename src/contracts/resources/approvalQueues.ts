/**
 * Filas de aprovação (/configuracoes/filas-de-aprovacao, with the sub-pages etapas and gatilhos):
 * per resource (pedidos now; cotações, ordens de compra, lançamentos and pagamentos plug in the
 * same way), the triggers that pick the queue and the stages in order, each with its approvers
 * (users and/or user groups) and the minimum number of approvals (N of M). The active queue of
 * lowest priority whose triggers match a submitted record takes it; a queue without triggers
 * takes every record of its resource. API: approvals `queues`.
 */
import * as z from 'zod/mini';
import { money } from '../documents';
import { defineResource, idList, optional, requiredText } from '../resource';
import { deleteAction, notes } from './parts/common';

/** Resources that plug into the approval service (declarations with `workflow.approval`). */
export const APPROVAL_RESOURCES = ['orders'] as const;
export const APPROVAL_RESOURCE_LABELS: Readonly<Record<string, string>> = { orders: 'Pedidos' };

const id = () => optional(z.string().check(z.maxLength(64)));

export const approvalStage = z.object({
  name: requiredText(80, 'Dê um nome à etapa.'),
  minApprovals: z.int('Informe um número inteiro.').check(z.minimum(1, 'Ao menos uma aprovação.'), z.maximum(50)),
  approverUserIds: idList(50),
  approverGroupIds: idList(20),
});

export const approvalTrigger = z.object({
  minAmount: optional(money().check(z.minimum(0))),
  maxAmount: optional(money().check(z.minimum(0))),
  costCenterId: id(),
  departmentId: id(),
  supplierId: id(),
});

export const approvalQueues = defineResource({
  name: 'approvalQueues',
  api: 'approvals',
  path: 'queues',
  route: { base: '/configuracoes/filas-de-aprovacao', idParam: 'approvalId' },
  permission: 'approvalQueues',
  labels: { one: 'Fila de aprovação', many: 'Filas de Aprovação', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    resource: z.enum(APPROVAL_RESOURCES),
    priority: z.int('Informe um número inteiro.').check(z.minimum(0), z.maximum(100_000)),
    isActive: z.boolean(),
    description: notes(1000),
    stages: z.array(approvalStage).check(z.minLength(1, 'Inclua ao menos uma etapa.'), z.maxLength(10, 'No máximo 10 etapas.')),
    triggers: z.array(approvalTrigger).check(z.maxLength(50, 'No máximo 50 gatilhos.')),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    resource: { type: 'enum', label: 'Aprova', options: APPROVAL_RESOURCES, optionLabels: APPROVAL_RESOURCE_LABELS, initial: 'orders' },
    priority: { type: 'integer', label: 'Prioridade', help: 'Quando mais de uma fila se aplica, vale a de menor número.', initial: 100 },
    isActive: { type: 'boolean', label: 'Ativa', initial: true },
    description: { type: 'longText', label: 'Descrição' },
    stages: {
      type: 'list',
      label: 'Etapas',
      keyed: true,
      addLabel: 'Adicionar etapa',
      of: {
        name: { type: 'text', label: 'Etapa' },
        minApprovals: { type: 'integer', label: 'Aprovações necessárias', initial: 1 },
        approverUserIds: { type: 'references', label: 'Aprovadores', resource: 'users' },
        approverGroupIds: { type: 'references', label: 'Perfis aprovadores', resource: 'userGroups' },
      },
    },
    triggers: {
      type: 'list',
      label: 'Gatilhos',
      addLabel: 'Adicionar gatilho',
      help: 'A fila vale para um registro quando algum gatilho combina com ele (todas as condições preenchidas do gatilho). Sem gatilhos, vale para todos.',
      of: {
        minAmount: { type: 'money', label: 'Valor a partir de' },
        maxAmount: { type: 'money', label: 'Valor até' },
        costCenterId: { type: 'reference', label: 'Centro de custos', resource: 'costCenters' },
        departmentId: { type: 'reference', label: 'Departamento', resource: 'departments' },
        supplierId: { type: 'reference', label: 'Fornecedor', resource: 'suppliers' },
      },
    },
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'resource' }, { field: 'priority', sortable: true, width: '8rem' }, { field: 'isActive' }],
    defaultSort: 'priority',
    searchFields: ['name'],
    filters: [{ field: 'resource' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Fila de aprovação', fields: ['name', 'resource', 'priority', 'isActive', 'description'] },
      { key: 'stages', title: 'Etapas', fields: ['stages'] },
      { key: 'triggers', title: 'Gatilhos', fields: ['triggers'] },
    ],
  },
  tabs: [
    { path: 'etapas', label: 'Etapas', field: 'stages' },
    { path: 'gatilhos', label: 'Gatilhos', field: 'triggers' },
  ],
  unique: [{ fields: ['name'], message: 'Já existe uma fila com este nome.' }],
  actions: [deleteAction('Excluir as filas selecionadas? As aprovações em andamento continuam com as etapas que tinham.')],
});

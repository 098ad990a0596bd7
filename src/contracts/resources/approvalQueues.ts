/**
 * Filas de aprovação (/configuracoes/filas-de-aprovacao, with the sub-pages etapas and gatilhos):
 * per resource (pedidos now; cotações, ordens de compra, lançamentos and pagamentos plug in the
 * same way), the triggers that pick the queue and the stages in order, each with its approvers
 * (users and/or user groups) and the minimum number of approvals (N of M). The active queue of
 * lowest priority whose triggers match a submitted record takes it; a queue without triggers
 * takes every record of its resource. API: approvals `queues`.
 */
import { defineResource } from '../define';
import { boolean, enumOf, integer, list, money, reference, references, text } from '../fields';
import { withDef, type Field } from '../fields/field';
import { activationActions, deleteAction, notes } from './parts/common';

/** Resources that plug into the approval service (declarations with `workflow.approval`). */
export const APPROVAL_RESOURCES = ['orders', 'purchaseOrders', 'invoices', 'payables', 'payableInstallments', 'bankAccountChanges'] as const;
export const APPROVAL_RESOURCE_LABELS: Readonly<Record<string, string>> = {
  orders: 'Pedidos',
  purchaseOrders: 'Ordens de compra',
  invoices: 'Faturamentos divergentes',
  payables: 'Lançamentos a pagar',
  payableInstallments: 'Pagamentos',
  bankAccountChanges: 'Alterações de dados bancários',
};

export type ApprovalResource = (typeof APPROVAL_RESOURCES)[number];
export type TriggerCondition = 'amount' | 'costCenterId' | 'departmentId' | 'supplierId';

/**
 * What a trigger can compare for each kind: its approval plug's `amount` and `dimensions`
 * (tests/unit/contracts/approval-conditions.test.ts checks they agree). Any other condition could
 * never match, and the queue would silently not apply (a change of bank data auto-approved under a
 * queue with "Valor a partir de"): the form hides it and the API refuses it.
 */
export const APPROVAL_TRIGGER_CONDITIONS: Readonly<Record<ApprovalResource, readonly TriggerCondition[]>> = {
  orders: ['amount', 'costCenterId', 'departmentId'],
  purchaseOrders: ['amount', 'costCenterId', 'departmentId', 'supplierId'],
  invoices: ['amount', 'supplierId'],
  payables: ['amount', 'supplierId'],
  payableInstallments: ['amount', 'supplierId'],
  bankAccountChanges: [],
};

const NOT_COMPARED = 'Não se aplica ao que esta fila aprova: deixe em branco.';
const kindsComparing = (condition?: TriggerCondition) =>
  APPROVAL_RESOURCES.filter((kind) => (condition ? APPROVAL_TRIGGER_CONDITIONS[kind].includes(condition) : APPROVAL_TRIGGER_CONDITIONS[kind].length > 0));
/** A trigger's condition, offered only for the kinds that can compare it. */
const comparedBy = <F extends Field>(condition: TriggerCondition, field: F): F =>
  withDef(field, { shownWhen: { field: 'resource', values: kindsComparing(condition), of: 'record', emptyWhenHidden: NOT_COMPARED } });

/** A stage: its approvers (users and/or user groups) and how many of them must approve (N of M). */
const STAGE = {
  name: text('Etapa', { max: 80, required: 'Dê um nome à etapa.' }),
  minApprovals: integer('Aprovações necessárias', { min: 1, minMessage: 'Ao menos uma aprovação.', max: 50, initial: 1 }),
  approverUserIds: references('Aprovadores', 'users', { max: 50 }),
  approverGroupIds: references('Perfis aprovadores', 'userGroups', { max: 20 }),
};

/** A trigger: the queue takes a record when every condition filled in matches it. */
const TRIGGER = {
  minAmount: comparedBy('amount', money('Valor a partir de', { min: 0, optional: true })),
  maxAmount: comparedBy('amount', money('Valor até', { min: 0, optional: true })),
  costCenterId: comparedBy('costCenterId', reference('Centro de custos', 'costCenters', { optional: true })),
  departmentId: comparedBy('departmentId', reference('Departamento', 'departments', { optional: true })),
  supplierId: comparedBy('supplierId', reference('Fornecedor', 'suppliers', { optional: true })),
};


export const approvalQueues = defineResource({
  name: 'approvalQueues',
  api: 'approvals',
  path: 'queues',
  route: { base: '/configuracoes/filas-de-aprovacao', idParam: 'approvalId' },
  permission: 'approvalQueues',
  labels: { one: 'Fila de aprovação', many: 'Filas de Aprovação', gender: 'f' },
  titleField: 'name',
  fields: {
    name: text('Nome'),
    resource: enumOf('Aprova', APPROVAL_RESOURCES, APPROVAL_RESOURCE_LABELS, { initial: 'orders' }),
    priority: integer('Prioridade', { min: 0, max: 100_000, help: 'Quando mais de uma fila se aplica, vale a de menor número.', initial: 100 }),
    isActive: boolean('Ativa', { initial: true }),
    description: notes('Descrição', 1000),
    stages: list('Etapas', STAGE, { keyed: true, addLabel: 'Adicionar etapa', min: 1, minMessage: 'Inclua ao menos uma etapa.', max: 10, maxMessage: 'No máximo 10 etapas.' }),
    // A kind with nothing to compare (a change of bank data) has no triggers: its queue takes every record.
    triggers: withDef(
      list('Gatilhos', TRIGGER, {
        addLabel: 'Adicionar gatilho',
        help: 'A fila vale para um registro quando algum gatilho combina com ele (todas as condições preenchidas do gatilho). Sem gatilhos, vale para todos.',
        max: 50,
        maxMessage: 'No máximo 50 gatilhos.',
      }),
      { shownWhen: { field: 'resource', values: kindsComparing(), emptyWhenHidden: 'Esta fila aprova sem gatilhos: ela vale para todos os registros.' } },
    ),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'resource' }, { field: 'priority', sortable: true, width: '128px' }, { field: 'isActive' }],
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
  actions: [...activationActions('Inativar as filas selecionadas? As aprovações em andamento continuam com as etapas que tinham.'), deleteAction('Excluir as filas selecionadas? As aprovações em andamento continuam com as etapas que tinham.')],
});

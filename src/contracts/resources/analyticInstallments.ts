/**
 * Analítico (/bi/relatorios/analitico, issue 26): every parcela, a pagar and a receber, with every
 * dimension — lançamento, fornecedor or cliente, categoria, centros de custos, conta, competência,
 * vencimento, última baixa, situação and the amounts in centavos — as a registry list, read-only:
 * the lists' server-side paging, sort, search, filters, saved columns, totals and CSV/XLSX exports.
 * Reads the parcelas' own rows (server/bi/analytic.ts); nothing is written here (no create, edit
 * nor delete: the parcela is changed on its own page). Permission: the reports' (`financeReports`).
 */
import { defineResource } from '../define';
import { boolean, date, enumOf, integer, money, reference, text } from '../fields';
import { stateLabels } from '../workflow';
import { payableInstallmentWorkflow, PAYABLE_INSTALLMENT_STATES, receivableInstallmentWorkflow } from './installments';
import { COST_CENTERS_OF_ENTRY } from './parts/financeEntry';

/** A parcela's states, both directions (aberta and cancelada are shared). */
export const ANALYTIC_STATES = [...PAYABLE_INSTALLMENT_STATES, 'received'] as const;
const STATE_LABELS = { ...stateLabels(PAYABLE_INSTALLMENT_STATES, payableInstallmentWorkflow), received: receivableInstallmentWorkflow.states.received.label };

const shown = { readOnly: true } as const;
const maybe = { readOnly: true, optional: true } as const;

export const analyticInstallments = defineResource({
  name: 'analyticInstallments',
  api: 'financeReporting',
  path: 'analytic-installments',
  route: { base: '/bi/relatorios/analitico', idParam: 'installmentId' },
  permission: 'financeReports',
  labels: { one: 'Parcela', many: 'Analítico de parcelas', gender: 'f' },
  titleField: 'description',
  fields: {
    direction: enumOf('Tipo', ['payable', 'receivable'], { payable: 'A pagar', receivable: 'A receber' }, shown),
    entryNumber: integer('Lançamento nº', shown),
    number: integer('Parcela', shown),
    description: text('Descrição', shown),
    supplierId: reference('Fornecedor', 'suppliers', maybe),
    customerId: reference('Cliente', 'customers', maybe),
    expenseCategoryId: reference('Categoria de despesa', 'expenseCategories', maybe),
    revenueCategoryId: reference('Categoria de receita', 'revenueCategories', maybe),
    costCenterIds: COST_CENTERS_OF_ENTRY,
    bankAccountId: reference('Conta financeira', 'bankAccounts', maybe),
    competence: date('Competência', shown),
    dueDate: date('Vencimento', shown),
    lastPaidOn: date('Última baixa', maybe),
    status: enumOf('Situação', ANALYTIC_STATES, STATE_LABELS, shown),
    isOverdue: boolean('Vencida', shown),
    amount: money('Valor', shown),
    paidAmount: money('Valor baixado', shown),
    openBalance: money('Saldo em aberto', shown),
  },
  list: {
    columns: [
      { field: 'dueDate', sortable: true, width: '128px' },
      { field: 'direction' },
      { field: 'description', sortable: true },
      { field: 'supplierId' },
      { field: 'customerId' },
      { field: 'expenseCategoryId' },
      { field: 'revenueCategoryId' },
      { field: 'costCenterIds' },
      { field: 'bankAccountId' },
      { field: 'competence', sortable: true },
      { field: 'lastPaidOn', sortable: true },
      { field: 'status' },
      { field: 'amount', sortable: true },
      { field: 'paidAmount', sortable: true },
      { field: 'openBalance', sortable: true },
    ],
    defaultSort: 'dueDate',
    searchFields: ['description'],
    filters: [
      { field: 'direction' }, { field: 'status' }, { field: 'dueDate' }, { field: 'competence' }, { field: 'lastPaidOn' }, { field: 'supplierId' }, { field: 'customerId' },
      { field: 'expenseCategoryId' }, { field: 'revenueCategoryId' }, { field: 'costCenterIds' }, { field: 'bankAccountId' }, { field: 'isOverdue' }, { field: 'amount' },
    ],
    totals: { sum: ['amount', 'paidAmount', 'openBalance'] },
  },
  form: {
    sections: [
      { key: 'installment', title: 'Parcela', fields: ['direction', 'entryNumber', 'number', 'description', 'supplierId', 'customerId', 'status', 'isOverdue'] },
      { key: 'dimensions', title: 'Dimensões', fields: ['expenseCategoryId', 'revenueCategoryId', 'costCenterIds', 'bankAccountId'] },
      { key: 'dates', title: 'Datas', fields: ['competence', 'dueDate', 'lastPaidOn'] },
      { key: 'amounts', title: 'Valores', fields: ['amount', 'paidAmount', 'openBalance'] },
    ],
  },
  // Born of the lançamentos: no create nor delete of its own (and no field to edit).
  bornOf: 'payables',
});

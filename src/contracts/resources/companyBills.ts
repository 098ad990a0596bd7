/**
 * Faturas (/configuracoes/faturas-de-empresas): consolidated bills a supplier sends the
 * organisation every period (corporate card, telecom, utilities…), with closing and due dates
 * and the total in centavos; the payables of the period hang from them. A workflow: aberta →
 * fechada (no new lançamentos join it) → paga (the server's, when its lançamentos are paid);
 * cancelada from aberta or fechada. Paid and cancelled bills are read-only; none is deleted once
 * it left aberta. API: finance `company-bills`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { date, enumOf, money, reference, text } from '../fields';
import { notes } from './parts/common';
import { defineWorkflow, stateLabels } from '../workflow';

export const COMPANY_BILL_STATUSES = ['open', 'closed', 'paid', 'cancelled'] as const;
export type CompanyBillState = (typeof COMPANY_BILL_STATUSES)[number];

export const companyBillWorkflow = defineWorkflow<CompanyBillState>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Aberta', tone: 'info', phase: 'open' },
    closed: { label: 'Fechada', tone: 'neutral', phase: 'open' },
    paid: { label: 'Paga', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelada', tone: 'danger', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'close', label: 'Fechar fatura', verb: 'fechar', from: ['open'], to: 'closed', scope: 'update', confirm: 'Fechar esta fatura? Novos lançamentos não poderão ser incluídos nela.' },
    { name: 'cancel', label: 'Cancelar fatura', verb: 'cancelar', from: ['open', 'closed'], to: 'cancelled', scope: 'update', confirm: 'Cancelar esta fatura?', tone: 'danger' },
  ],
});

export const companyBills = defineResource({
  name: 'companyBills',
  api: 'finance',
  path: 'company-bills',
  route: { base: '/configuracoes/faturas-de-empresas', idParam: 'companyBillId' },
  permission: 'companyBills',
  labels: { one: 'Fatura', many: 'Faturas', gender: 'f' },
  titleField: 'description',
  fields: {
    description: text('Descrição'),
    supplierId: reference('Fornecedor', 'suppliers', { required: 'Escolha o fornecedor.' }),
    number: text('Número da fatura', { max: 40, optional: true, trim: false }),
    referenceMonth: text('Mês de referência', { rule: ({ z }) => z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês de referência (AAAA-MM).')), help: 'AAAA-MM, ex.: 2025-06' }),
    closingDate: date('Fechamento'),
    dueDate: date('Vencimento'),
    amount: money('Valor total'),
    bankAccountId: reference('Conta de pagamento', 'bankAccounts', { optional: true }),
    status: enumOf('Situação', COMPANY_BILL_STATUSES, stateLabels(COMPANY_BILL_STATUSES, companyBillWorkflow), { readOnly: true }),
    notes: notes('Observações'),
  },
  list: {
    columns: [{ field: 'description', sortable: true }, { field: 'supplierId' }, { field: 'referenceMonth', sortable: true }, { field: 'dueDate', sortable: true }, { field: 'amount', sortable: true }, { field: 'status', sortable: true }],
    defaultSort: '-dueDate',
    searchFields: ['description', 'number'],
    filters: [{ field: 'supplierId' }, { field: 'status' }, { field: 'dueDate' }, { field: 'amount' }, { field: 'bankAccountId' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Fatura', fields: ['description', 'supplierId', 'number', 'referenceMonth', 'status'] },
      { key: 'values', title: 'Datas e valor', fields: ['closingDate', 'dueDate', 'amount', 'bankAccountId'] },
      { key: 'notes', title: 'Observações', fields: ['notes'] },
    ],
  },
  workflow: companyBillWorkflow,
});

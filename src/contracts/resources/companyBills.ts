/**
 * Faturas (/configuracoes/faturas-de-empresas): consolidated bills a supplier sends the
 * organisation every period (corporate card, telecom, utilities…), with closing and due dates
 * and the total in centavos; the payables of the period hang from them. Status changes are the
 * server's (closing, payment); here: open/closed and cancel. API: finance `company-bills`.
 */
import * as z from 'zod/mini';
import { date, money } from '../documents';
import { defineResource, optional, requiredText } from '../resource';
import { deleteAction, notes } from './parts/common';

export const COMPANY_BILL_STATUSES = ['open', 'closed', 'paid', 'cancelled'] as const;

export const companyBills = defineResource({
  name: 'companyBills',
  api: 'finance',
  path: 'company-bills',
  route: { base: '/configuracoes/faturas-de-empresas', idParam: 'companyBillId' },
  permission: 'companyBills',
  labels: { one: 'Fatura', many: 'Faturas', gender: 'f' },
  titleField: 'description',
  schema: z.object({
    description: requiredText(120),
    supplierId: z.string().check(z.minLength(1, 'Escolha o fornecedor.'), z.maxLength(64)),
    number: optional(z.string().check(z.maxLength(40, 'Use no máximo 40 caracteres.'))),
    referenceMonth: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês de referência (AAAA-MM).')),
    closingDate: date(),
    dueDate: date(),
    amount: money(),
    bankAccountId: optional(z.string().check(z.maxLength(64))),
    status: z.enum(COMPANY_BILL_STATUSES),
    notes: notes(),
  }),
  fields: {
    description: { type: 'text', label: 'Descrição' },
    supplierId: { type: 'reference', label: 'Fornecedor', resource: 'suppliers' },
    number: { type: 'text', label: 'Número da fatura' },
    referenceMonth: { type: 'text', label: 'Mês de referência', help: 'AAAA-MM, ex.: 2025-06' },
    closingDate: { type: 'date', label: 'Fechamento' },
    dueDate: { type: 'date', label: 'Vencimento' },
    amount: { type: 'money', label: 'Valor total' },
    bankAccountId: { type: 'reference', label: 'Conta de pagamento', resource: 'bankAccounts' },
    status: { type: 'enum', label: 'Situação', options: COMPANY_BILL_STATUSES, optionLabels: { open: 'Aberta', closed: 'Fechada', paid: 'Paga', cancelled: 'Cancelada' }, readOnly: true },
    notes: { type: 'longText', label: 'Observações' },
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
  actions: [
    { name: 'close', label: 'Fechar fatura', scope: 'update', row: true, confirm: 'Fechar esta fatura? Novos lançamentos não poderão ser incluídos nela.' },
    { name: 'cancel', label: 'Cancelar fatura', scope: 'update', row: true, confirm: 'Cancelar esta fatura?', tone: 'danger' },
  ],
});

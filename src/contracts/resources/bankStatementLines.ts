/**
 * Extrato de movimentações of a bank account (/contas-financeiras/{bankAccountId}/extrato-de-movimentacoes):
 * the statement lines imported from OFX files (server/finance/ofx) and those typed by hand, with
 * the account's running balance after each line (the latest saldo de conta on or before the
 * line's date — else the opening balance — plus the lines since; server/finance/statementLines.ts).
 * A hand line is an entrada or a saída (`direction`) of a positive `value`; the server keeps the
 * signed amount the conciliação reads, so a hand line is reconcilable like an imported one.
 * Imported lines are the bank's and are never edited; a hand line is edited or deleted only
 * while it is not reconciled (409 with the reason otherwise).
 * API: finance `bank-accounts/{bankAccountId}/statement-lines`.
 */
import { defineResource } from '../define';
import { date, enumOf, money, text } from '../fields';
import { defineWorkflow, stateLabels } from '../workflow';
import { deleteAction } from './parts/common';

export const STATEMENT_DIRECTIONS = ['in', 'out'] as const;
export const STATEMENT_LINE_STATES = ['open', 'reconciled'] as const;
export const STATEMENT_LINE_SOURCES = ['ofx', 'manual'] as const;

export const STATEMENT_LINE_MESSAGES = {
  imported: 'Linhas importadas do extrato do banco não são alteradas nem excluídas.',
  reconciled: 'Esta linha já foi conciliada: desfaça a conciliação antes de alterá-la ou excluí-la.',
} as const;

/**
 * A line is reconciled and undone only by the conciliação (server/finance/reconciliation.ts: its
 * routes check their own permission and lock the group), as the system transitions of the lines'
 * own service — so each change writes the line's history (with the baixas in its input) and audit.
 * Deleting stays the storage's rule (imported or reconciled lines are refused with their reason).
 */
export const statementLineWorkflow = defineWorkflow<(typeof STATEMENT_LINE_STATES)[number]>({
  field: 'status',
  initial: 'open',
  states: {
    open: { label: 'Não conciliada', tone: 'warning', phase: 'open' },
    // Read-only until undone: the line's page offers no "Editar" that the server would refuse.
    reconciled: { label: 'Conciliada', tone: 'success', phase: 'done', locked: 'all', lockedRefusal: STATEMENT_LINE_MESSAGES.reconciled },
  },
  transitions: [
    { name: 'match', label: 'Conciliar', verb: 'conciliar', from: ['open'], to: 'reconciled', scope: 'update', system: true },
    { name: 'unmatch', label: 'Desfazer conciliação', verb: 'desfazer a conciliação de', from: ['reconciled'], to: 'open', scope: 'update', system: true },
  ],
  deletable: ['open', 'reconciled'],
});


export const bankStatementLines = defineResource({
  name: 'bankStatementLines',
  api: 'finance',
  path: 'bank-accounts/{bankAccountId}/statement-lines',
  route: { base: '/contas-financeiras/{bankAccountId}/extrato-de-movimentacoes', idParam: 'bankStatementLineId' },
  permission: 'bankAccounts',
  parent: { resource: 'bankAccounts', param: 'bankAccountId' },
  labels: { one: 'Movimentação', many: 'Extrato de movimentações', gender: 'f' },
  titleField: 'memo',
  fields: {
    postedOn: date('Data'),
    memo: text('Descrição', { max: 255, required: 'Descreva a movimentação, como no extrato do banco.' }),
    direction: enumOf('Tipo', STATEMENT_DIRECTIONS, { in: 'Entrada (crédito)', out: 'Saída (débito)' }, { tones: { in: 'success', out: 'danger' } }),
    value: money('Valor', { min: 1, minMessage: 'Informe um valor maior que zero.', help: 'Sempre positivo: o tipo diz se entrou ou saiu.' }),
    document: text('Documento', { max: 40, optional: true, help: 'Número do documento ou cheque, como no extrato.' }),
    balance: money('Saldo', { readOnly: true, help: 'Saldo da conta depois desta linha: o saldo de conta mais recente (ou o saldo inicial) mais as linhas desde então.' }),
    status: enumOf('Situação', STATEMENT_LINE_STATES, stateLabels(STATEMENT_LINE_STATES, statementLineWorkflow), { readOnly: true, tones: { open: 'warning', reconciled: 'success' } }),
    source: enumOf('Origem', STATEMENT_LINE_SOURCES, { ofx: 'Extrato importado (OFX)', manual: 'Lançada à mão' }, { readOnly: true }),
  },
  list: {
    columns: [{ field: 'postedOn', sortable: true }, { field: 'memo' }, { field: 'document' }, { field: 'direction' }, { field: 'value', sortable: true }, { field: 'balance' }, { field: 'status' }, { field: 'source' }],
    defaultSort: '-postedOn',
    searchFields: ['memo', 'document'],
    filters: [{ field: 'postedOn' }, { field: 'direction' }, { field: 'status' }, { field: 'source' }],
  },
  form: { sections: [{ key: 'general', title: 'Movimentação', fields: ['postedOn', 'direction', 'value', 'memo', 'document'] }] },
  actions: [deleteAction('Excluir as movimentações selecionadas? Linhas importadas ou conciliadas não são excluídas.')],
  workflow: statementLineWorkflow,
});

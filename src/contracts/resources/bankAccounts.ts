/**
 * Contas financeiras (/contas-financeiras): the organisation's bank accounts (and cash boxes)
 * that payments leave from and receipts arrive at; each holds CNAB convênios
 * (bankAccountAgreements, /contas-financeiras/{bankAccountId}/convenios). The holder (razão
 * social + CNPJ) is what the CNAB file header carries. Opening balance in centavos at a date; the
 * current and projected balances are the server's (server/finance/balances.ts).
 * API: finance `bank-accounts`. Rule across fields (server): `bankId`, `agency`, `account` and
 * `accountDigit` are required unless `type` is `cash`.
 *
 * Our PIX keys (`pixKeys`, migration 0044): the keys this account receives on, each valid for its
 * type, none twice, at most one principal. A parcela a receber paid by PIX chooses one of the keys
 * of its receiving account (server/finance/receipts.ts): nobody types where a customer's money goes.
 * Once the account exists, its bank data, holder and keys (`BANK_DATA_FIELDS`) change only through
 * an approved "Alteração de dados bancários" (bankAccountChanges, the account's "Alterações" tab):
 * a PUT that changes one is a 409, and the form shows them read-only (`changedThrough`); the change's
 * approval applies it (docs/decisions.md, "Dual control of a conta financeira's bank data").
 * A new account with bank data or PIX keys is created inactive with an "abertura" of them, and its
 * approval activates it (server/finance/bankAccountOpening.ts); `bankDataStatus` (the server's) says
 * whether that still waits, or was cancelled (then the account is deleted and made again).
 */
import { defineResource } from '../define';
import { boolean, date, enumOf, money, text } from '../fields';
import { withDef } from '../fields/field';
import { BANK_DATA_FIELDS, bankDataFields } from './parts/bankData';
import { activationActions, deleteAction, notes } from './parts/common';

export { BANK_ACCOUNT_KINDS } from './parts/bankData';

/** Where an account's bank data stand (server/finance/bankAccountOpening.ts). */
const BANK_DATA_STATUSES = ['approved', 'awaitingApproval', 'openingCancelled'] as const;

export const BANK_DATA_NOTE = 'Dados bancários, titular e chaves PIX de uma conta existente mudam por uma alteração aprovada: use a aba "Alterações de dados".';

export const bankAccounts = defineResource({
  name: 'bankAccounts',
  api: 'finance',
  path: 'bank-accounts',
  route: { base: '/contas-financeiras', idParam: 'bankAccountId' },
  permission: 'bankAccounts',
  labels: { one: 'Conta financeira', many: 'Contas Financeiras', gender: 'f' },
  titleField: 'name',
  fields: {
    name: text('Nome da conta', { max: 80, help: 'Como a conta aparece nas listas (ex.: Itaú — Pagamentos).' }),
    ...bankDataFields(),
    openingBalance: money('Saldo inicial'),
    openingBalanceDate: date('Data do saldo inicial'),
    currentBalance: money('Saldo atual', { readOnly: true, help: 'Saldo inicial mais as baixas e recebimentos lançados nesta conta até hoje.' }),
    projectedBalance: money('Saldo projetado', { readOnly: true, help: 'Saldo atual mais as parcelas em aberto desta conta (a receber menos a pagar).' }),
    isActive: boolean('Ativa', { initial: true, help: 'Uma conta nova com dados bancários ou chaves PIX fica inativa até a aprovação da sua abertura (aba "Alterações de dados"), quando há fila para alterações de dados bancários.' }),
    // The server's; shown once the account exists (a new one has none yet).
    bankDataStatus: withDef(
      enumOf('Situação dos dados bancários', BANK_DATA_STATUSES, { approved: 'Aprovados', awaitingApproval: 'Abertura aguardando aprovação', openingCancelled: 'Abertura cancelada' }, { readOnly: true, tones: { approved: 'success', awaitingApproval: 'warning', openingCancelled: 'danger' } }),
      { shownWhen: { field: 'bankDataStatus', values: BANK_DATA_STATUSES } },
    ),
    notes: notes('Observações'),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'type', sortable: true }, { field: 'bankId' }, { field: 'agency' }, { field: 'account' }, { field: 'currentBalance' }, { field: 'projectedBalance' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'agency', 'account', 'holderName'],
    filters: [{ field: 'type' }, { field: 'bankId' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Conta', fields: ['name', 'type', 'isActive', 'bankDataStatus'] },
      { key: 'bank', title: 'Dados bancários', fields: ['bankId', 'agency', 'agencyDigit', 'account', 'accountDigit'] },
      { key: 'holder', title: 'Titular', fields: ['holderName', 'holderDocument'] },
      { key: 'pix', title: 'Recebimento por PIX', fields: ['pixKeys'] },
      { key: 'balance', title: 'Saldos', fields: ['openingBalance', 'openingBalanceDate', 'currentBalance', 'projectedBalance'] },
      { key: 'notes', title: 'Observações', fields: ['notes'] },
    ],
  },
  tabs: [
    { path: 'extrato-de-movimentacoes', label: 'Extrato', resource: 'bankStatementLines' },
    { path: 'convenios', label: 'Convênios', resource: 'bankAccountAgreements' },
    { path: 'alteracoes', label: 'Alterações de dados', resource: 'bankAccountChanges' },
  ],
  changedThrough: { resource: 'bankAccountChanges', fields: BANK_DATA_FIELDS, note: BANK_DATA_NOTE },
  actions: [...activationActions('Inativar as contas selecionadas?', { bankDataStatus: ['approved'] }), deleteAction('Excluir as contas selecionadas? Contas com movimentação não podem ser excluídas.')],
});

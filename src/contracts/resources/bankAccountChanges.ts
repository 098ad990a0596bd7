/**
 * Alterações de dados bancários (/contas-financeiras/{bankAccountId}/alteracoes): a proposed change
 * of a conta financeira's bank data, holder and PIX keys — dual control of where payments leave from
 * and where customers pay us. The account's own form shows those fields read-only once it exists
 * (bankAccounts `changedThrough`); a change starts from the account's current values
 * (`startsFromParent`), is sent to its approval queue ("Alterações de dados bancários" in
 * /configuracoes/filas-de-aprovacao) and, once approved, the server writes it onto the account as a
 * system update with the account's own rules, history and audit (server/finance/bankAccountChanges.ts).
 * Nobody approves a change they proposed, in person or as a substitute (the approval service).
 * With no queue for it, the submit approves and applies it at once, as an edit did before.
 * One change at a time per account: a second submit while one waits is a 409.
 * A new account's bank data go through the same approval: it is created inactive with an
 * "abertura", a change sent at once whose "before" is empty; its approval activates the account
 * (server/finance/bankAccountOpening.ts).
 * `differences` is the server's: each changed datum, before → after (before: the account's values
 * when the change was last saved or sent).
 * API: finance `bank-accounts/{bankAccountId}/changes`.
 */
import { defineResource } from '../define';
import { enumOf, integer, list, longText, reference, text } from '../fields';
import { withDef } from '../fields/field';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { BANK_DATA_FIELDS, bankDataFields } from './parts/bankData';
import { deleteAction } from './parts/common';

export const BANK_ACCOUNT_CHANGE_STATES = ['draft', 'awaitingApproval', 'applied', 'rejected', 'cancelled'] as const;
export type BankAccountChangeState = (typeof BANK_ACCOUNT_CHANGE_STATES)[number];

export const BANK_ACCOUNT_CHANGE_MESSAGES = {
  onePending: (number: number) => `A alteração nº ${number} desta conta aguarda aprovação: decida-a ou cancele-a antes de enviar outra.`,
  nothingChanged: 'Nada muda: os dados propostos são os que a conta já tem.',
  applied: 'Alteração aplicada à conta.',
  /** The reason of a new account's "abertura" (server/finance/bankAccountOpening.ts). */
  openingReason: 'Abertura da conta: dados bancários, titular e chaves PIX com que ela foi cadastrada.',
  /** Why a change still open was cancelled: its account was deleted. */
  accountDeleted: 'A conta financeira foi excluída.',
  /** An activation refused while the account's opening is not approved. */
  openingPending: 'Os dados bancários desta conta ainda não foram aprovados (aba "Alterações de dados"): ela só pode ser ativada depois que a abertura for aprovada.',
  /** An activation refused for good: the abertura was cancelled, so the data will never be approved. */
  openingCancelled: 'A abertura desta conta foi cancelada e os seus dados bancários nunca foram aprovados: ela não pode ser ativada. Cadastre a conta de novo; esta, sem movimentação, pode ser excluída.',
} as const;

export const bankAccountChangeWorkflow = defineWorkflow<BankAccountChangeState>({
  field: 'status',
  initial: 'draft',
  states: {
    draft: { label: 'Rascunho', tone: 'neutral', phase: 'draft' },
    awaitingApproval: { label: 'Aguardando aprovação', tone: 'warning', phase: 'open', locked: 'all' },
    applied: { label: 'Aplicada', tone: 'success', phase: 'done', locked: 'all' },
    rejected: { label: 'Recusada', tone: 'danger', phase: 'draft' },
    cancelled: { label: 'Cancelada', tone: 'neutral', phase: 'void', locked: 'all' },
  },
  transitions: [
    {
      name: 'submit',
      label: 'Enviar para aprovação',
      verb: 'enviar',
      from: ['draft', 'rejected'],
      to: 'awaitingApproval',
      scope: 'update',
      tone: 'primary',
      confirm: 'Enviar esta alteração para aprovação? A conta só muda quando ela for aprovada.',
    },
    { name: 'approve', label: 'Aprovar', verb: 'aprovar', from: ['awaitingApproval'], to: 'applied', scope: 'approve', system: true },
    { name: 'reject', label: 'Recusar', verb: 'recusar', from: ['awaitingApproval'], to: 'rejected', scope: 'approve', input: reasonInput, system: true },
    {
      name: 'cancel',
      label: 'Cancelar alteração',
      verb: 'cancelar',
      from: ['draft', 'rejected', 'awaitingApproval'],
      to: 'cancelled',
      scope: 'update',
      input: reasonInput,
      tone: 'danger',
      confirm: 'Cancelar esta alteração? A conta fica como está.',
    },
  ],
  approval: {
    submit: 'submit',
    approve: 'approve',
    reject: 'reject',
    noun: 'A alteração de dados bancários',
    watched: [],
    restartFrom: [],
  },
});

export const bankAccountChanges = defineResource({
  name: 'bankAccountChanges',
  api: 'finance',
  path: 'bank-accounts/{bankAccountId}/changes',
  route: { base: '/contas-financeiras/{bankAccountId}/alteracoes', idParam: 'bankAccountChangeId' },
  permission: 'bankAccounts',
  parent: { resource: 'bankAccounts', param: 'bankAccountId' },
  labels: { one: 'Alteração de dados bancários', many: 'Alterações de dados bancários', gender: 'f' },
  titleField: 'number',
  fields: {
    number: integer('Número', { rule: ({ z }) => z.int(), readOnly: true }),
    // Whose data change: the approver reads it in the document, beside the reason (once the change
    // exists: a new one's form is under its account already).
    bankAccountId: withDef(reference('Conta financeira', 'bankAccounts', { readOnly: true }), { shownWhen: { field: 'status', values: BANK_ACCOUNT_CHANGE_STATES } }),
    ...bankDataFields(),
    reason: longText('Motivo da alteração', { max: 500, required: 'Diga por que os dados mudam.', help: 'Quem aprova lê este motivo (ex.: conta encerrada no banco, nova agência).' }),
    status: enumOf('Situação', BANK_ACCOUNT_CHANGE_STATES, stateLabels(BANK_ACCOUNT_CHANGE_STATES, bankAccountChangeWorkflow), { readOnly: true }),
    differences: list('Antes → depois', { field: text('Dado'), before: text('Antes'), after: text('Depois') }, { readOnly: true }),
  },
  list: {
    columns: [{ field: 'number', sortable: true, width: '96px' }, { field: 'status' }, { field: 'reason' }, { field: 'createdBy' }, { field: 'createdAt', sortable: true }],
    defaultSort: '-number',
    searchFields: ['number', 'reason'],
    filters: [{ field: 'status' }],
  },
  form: {
    sections: [
      { key: 'reason', title: 'Alteração', fields: ['bankAccountId', 'reason'] },
      { key: 'differences', title: 'Antes → depois', fields: ['differences'] },
      { key: 'bank', title: 'Dados bancários propostos', fields: ['type', 'bankId', 'agency', 'agencyDigit', 'account', 'accountDigit'] },
      { key: 'holder', title: 'Titular', fields: ['holderName', 'holderDocument'] },
      { key: 'pix', title: 'Recebimento por PIX', fields: ['pixKeys'] },
    ],
  },
  actions: [deleteAction('Excluir as alterações selecionadas? Só um rascunho é excluído; uma alteração enviada é cancelada.')],
  workflow: bankAccountChangeWorkflow,
  numbering: { field: 'number' },
  startsFromParent: BANK_DATA_FIELDS,
});

/**
 * Arquivos de remessa (/arquivos-de-remessa/remessas-geradas; the fila at /arquivos-de-remessa/fila):
 * a CNAB 240 payment file for one bank account and convênio, generated from the authorised
 * parcelas of that account (server/finance/remittances). DOMAIN "Arquivo de remessa":
 * gerando (the job) → gerado → enviado → processado (a retorno of it imported) | cancelado (the parcelas
 * go back to autorizada). Processada as soon as a retorno naming any of its payments is accepted —
 * even one that only schedules them (agendado) or rejects them all (the rejected parcelas go back
 * to the fila as autorizadas): the bank has the file, so it can no longer be cancelled nor marked
 * sent; later retornos of it (an agendado's confirmation) are still applied. A parcela is in at most one live remessa; the NSA comes from the
 * convênio, incremented atomically; generating again with the same `Idempotency-Key` answers the
 * same file byte for byte. The file is kept with its SHA-256 and downloaded as an attachment.
 * Everything but the notes is the server's. API: finance `remittances` (POST = generate).
 */
import { defineResource } from '../define';
import { date, enumOf, integer, list, money, reference, text } from '../fields';
import { withDef } from '../fields/field';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';
import { CNAB_LAYOUTS, CNAB_LAYOUT_LABELS } from './bankAccountAgreements';
import { notes } from './parts/common';
import { REMITTANCE_OUTCOME_LABELS, REMITTANCE_OUTCOMES } from './parts/remittanceOutcomes';

export const REMITTANCE_STATES = ['generating', 'generated', 'sent', 'processed', 'cancelled', 'failed'] as const;
export type RemittanceState = (typeof REMITTANCE_STATES)[number];

/** Formas de lançamento a remessa writes (server/finance/cnab/forms.ts has their FEBRABAN codes). */
export const REMITTANCE_FORMS = ['creditSameBank', 'ted', 'pixKey', 'pixQrCode', 'boletoSameBank', 'boletoOtherBank', 'collection'] as const;
export const REMITTANCE_FORM_LABELS = {
  creditSameBank: 'Crédito em conta',
  ted: 'TED',
  pixKey: 'PIX (chave)',
  pixQrCode: 'PIX (QR Code)',
  boletoSameBank: 'Boleto do próprio banco',
  boletoOtherBank: 'Boleto de outro banco',
  collection: 'Contas e tributos (código de barras)',
} as const;

export { ANSWERED_OUTCOMES, isAnswered, REMITTANCE_OUTCOME_LABELS, REMITTANCE_OUTCOMES, WAITING_OUTCOMES } from './parts/remittanceOutcomes';

export const remittanceWorkflow = defineWorkflow<RemittanceState>({
  field: 'status',
  // `generating`: the request took the parcelas and wrote the file; the job (server/finance/
  // remittances/job.ts) moves them into it in steps, then offers the file (`generated`, with its
  // SHA-256) — or, when a step is refused for good, `failed` with the reason, its parcelas free again.
  initial: 'generating',
  states: {
    generating: { label: 'Gerando', tone: 'info', phase: 'open', locked: 'all' },
    generated: { label: 'Gerada', tone: 'info', phase: 'open' },
    sent: { label: 'Enviada ao banco', tone: 'warning', phase: 'open' },
    processed: { label: 'Processada', tone: 'success', phase: 'done', locked: 'all' },
    cancelled: { label: 'Cancelada', tone: 'neutral', phase: 'void', locked: 'all' },
    failed: { label: 'Falhou', tone: 'danger', phase: 'void', locked: 'all' },
  },
  transitions: [
    { name: 'markSent', label: 'Marcar como enviada', verb: 'marcar como enviada', from: ['generated'], to: 'sent', scope: 'update', confirm: 'Confirmar que este arquivo foi enviado ao banco?', tone: 'primary' },
    {
      name: 'cancel', label: 'Cancelar remessa', verb: 'cancelar', from: ['generated', 'sent'], to: 'cancelled', scope: 'update', input: reasonInput, tone: 'danger',
      confirm: 'Cancelar esta remessa? As parcelas sem retorno voltam para autorizadas; não envie este arquivo ao banco.',
    },
    // The retorno's import (server/finance/remittances/returns.ts), under the remessa's row lock.
    { name: 'process', label: 'Processar retorno', verb: 'processar', from: ['generated', 'sent'], to: 'processed', scope: 'update', system: true },
    // The job's (server/finance/remittances/job.ts): the file offered, or the generation failed for good.
    { name: 'finish', label: 'Arquivo gerado', verb: 'concluir', from: ['generating'], to: 'generated', scope: 'update', system: true },
    { name: 'fail', label: 'Falha na geração', verb: 'interromper', from: ['generating'], to: 'failed', scope: 'update', system: true },
  ],
});

const ITEM = {
  installmentId: reference('Parcela', 'payableInstallments'),
  supplierId: reference('Fornecedor', 'suppliers'),
  paymentForm: enumOf('Forma de lançamento', REMITTANCE_FORMS, REMITTANCE_FORM_LABELS),
  reference: text('Seu número'),
  paymentDate: date('Data do pagamento'),
  amount: money('Valor'),
  outcome: enumOf('Retorno', REMITTANCE_OUTCOMES, REMITTANCE_OUTCOME_LABELS),
  occurrences: text('Ocorrências', { optional: true }),
};

export const remittances = defineResource({
  name: 'remittances',
  api: 'finance',
  path: 'remittances',
  route: { base: '/arquivos-de-remessa/remessas-geradas', idParam: 'remittanceId' },
  permission: 'remittanceFiles',
  labels: { one: 'Remessa', many: 'Remessas geradas', gender: 'f' },
  titleField: 'fileName',
  fields: {
    number: integer('Número', { readOnly: true }),
    fileName: text('Arquivo', { readOnly: true }),
    bankAccountId: reference('Conta financeira', 'bankAccounts', { readOnly: true }),
    agreementName: text('Convênio', { readOnly: true }),
    layout: enumOf('Layout CNAB 240', CNAB_LAYOUTS, CNAB_LAYOUT_LABELS, { readOnly: true }),
    fileSequence: integer('NSA (nº sequencial do arquivo)', { readOnly: true }),
    paymentCount: integer('Pagamentos', { readOnly: true }),
    processedCount: integer('Parcelas incluídas no arquivo', { readOnly: true }),
    // Only a remessa that failed has a reason to show.
    failureReason: withDef(text('Motivo da falha', { readOnly: true, optional: true }), { shownWhen: { field: 'status', values: ['failed'] } }),
    total: money('Valor total', { readOnly: true }),
    paidCount: integer('Pagos', { readOnly: true }),
    rejectedCount: integer('Rejeitados', { readOnly: true }),
    sha256: text('SHA-256 do arquivo', { readOnly: true, optional: true, hiddenWhenEmpty: true }),
    status: enumOf('Situação', REMITTANCE_STATES, stateLabels(REMITTANCE_STATES, remittanceWorkflow), { readOnly: true }),
    items: list('Parcelas da remessa', ITEM, { keyed: true, readOnly: true }),
    notes: notes('Observações'),
  },
  list: {
    columns: [
      { field: 'number', sortable: true, width: '96px' },
      { field: 'fileName' },
      { field: 'createdAt', sortable: true },
      { field: 'bankAccountId' },
      { field: 'fileSequence', width: '96px' },
      { field: 'paymentCount', width: '112px' },
      { field: 'total', sortable: true },
      { field: 'status' },
    ],
    defaultSort: '-number',
    searchFields: ['fileName', 'agreementName'],
    filters: [{ field: 'status' }, { field: 'bankAccountId' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'file', title: 'Arquivo', fields: ['number', 'fileName', 'bankAccountId', 'agreementName', 'layout', 'fileSequence', 'status', 'sha256', 'failureReason'] },
      { key: 'totals', title: 'Pagamentos', fields: ['paymentCount', 'processedCount', 'total', 'paidCount', 'rejectedCount'] },
      { key: 'items', title: 'Parcelas da remessa', fields: ['items'] },
      { key: 'notes', title: 'Observações', fields: ['notes'] },
    ],
  },
  workflow: remittanceWorkflow,
  numbering: { field: 'number' },
});

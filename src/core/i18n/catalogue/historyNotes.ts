/**
 * What the status history says of a transition besides from → to, by resource and transition:
 * `workflow.history.note.<resource>.<transition>`, and `….elsewhere` when the transition ended in
 * another state than its declared `to` (a partial baixa keeps the parcela autorizada). Filled from
 * the input the history row recorded; `{name:money}` shows centavos as "R$ 200,00". Registered by
 * the history timeline (show pages), not with the core.
 */
export const historyNotes = {
  'workflow.history.note.payableInstallments.settle': 'Baixa de {amount:money}',
  'workflow.history.note.payableInstallments.settle.elsewhere': 'Baixa parcial de {amount:money}',
  'workflow.history.note.payableInstallments.reverse': 'Estorno da baixa de {amount:money}',
  'workflow.history.note.receivableInstallments.settle': 'Recebimento de {amount:money}',
  'workflow.history.note.receivableInstallments.settle.elsewhere': 'Recebimento parcial de {amount:money}',
  'workflow.history.note.receivableInstallments.reverse': 'Estorno do recebimento de {amount:money}',
} as const;

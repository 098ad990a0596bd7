/** pt-BR texts of the finance area (contas a pagar / a receber, the queues). */
export const finance = {
  'finance.payables': 'Contas a Pagar',
  'finance.receivables': 'Contas a Receber',
  'finance.tabs.entries': 'Lançamentos',
  'finance.tabs.installments': 'Parcelas',
  'finance.tabs.requesterQueue': 'Fila do solicitante',
  'finance.tabs.paymentQueue': 'Fila de pagamentos',
  'finance.tabs.installmentsQueued': 'Parcelas na fila',
  'finance.tabs.installmentsAuthorized': 'Parcelas autorizadas',
  'finance.tabs.entriesQueued': 'Lançamentos na fila',
  'finance.tabs.entriesAuthorized': 'Lançamentos autorizados',
  'finance.generate': 'Gerar parcelas',
  'finance.installmentsSum': 'Soma das parcelas: {sum} de {total}',
  'finance.allocationsSum': 'Soma do rateio: {sum} de {total}',
  'finance.boleto.read': 'Parcela {number} — boleto lido: valor {amount}, vencimento {dueDate}, banco {bank}.',
  'finance.boleto.issue': 'Parcela {number}: {message}',
  'finance.splitByPercent': 'Ratear pelos percentuais',
};

/** pt-BR texts of the home page's "Minhas pendências" (registered by PendingSummary). */
export const home = {
  'home.pending.title': 'Minhas pendências',
  'home.pending.waiting': 'Aguardando minha aprovação: {count}',
  'home.pending.attest': 'Parcelas aguardando meu atesto: {count}',
  'home.pending.authorize': 'Pagamentos aguardando autorização: {count}',
  'home.pending.overdue': 'Contas a pagar vencidas: {count}',
  'home.pending.mine': 'Meus {many} por situação',
  'home.pending.none': 'Nenhuma pendência.',
  'home.pending.state': '{label}: {count}',
} as const;

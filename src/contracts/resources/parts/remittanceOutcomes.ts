/**
 * What the bank answered for one payment of a remessa, shown on the remessa (its payments) and on
 * the parcela (its latest payment): here, apart from the remessa's declaration, so a parcela's
 * screen does not load the remessa's.
 */
/** The bank's answers; a person who confirmed one with the bank gives the same (server/finance/remittances/answers.ts; the occurrences say so). */
export const REMITTANCE_OUTCOMES = ['pending', 'scheduled', 'paid', 'rejected', 'unknown'] as const;
/** Outcomes that end a payment (no longer live), and those still waiting for a clear answer. */
export const ANSWERED_OUTCOMES = ['paid', 'rejected'] as const;
export const WAITING_OUTCOMES = ['pending', 'scheduled', 'unknown'] as const;
export const isAnswered = (outcome: string): outcome is (typeof ANSWERED_OUTCOMES)[number] => (ANSWERED_OUTCOMES as readonly string[]).includes(outcome);
export const REMITTANCE_OUTCOME_LABELS = {
  pending: 'Aguardando retorno',
  scheduled: 'Agendado pelo banco',
  paid: 'Pago',
  rejected: 'Não pago',
  unknown: 'Ocorrência desconhecida',
} as const;


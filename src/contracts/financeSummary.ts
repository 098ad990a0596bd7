/**
 * "Minhas pendências" of finance on the home page (`GET /api/finance/summary`): parcelas waiting
 * for my atesto, payments waiting for my authorisation (not the ones I entered), overdue
 * payables. A count the caller may not act on is null (the home page leaves it out).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

export const financeSummary = z.object({
  awaitingMyAttest: z.nullable(z.int()),
  awaitingAuthorization: z.nullable(z.int()),
  overduePayables: z.nullable(z.int()),
});
export type FinanceSummary = z.infer<typeof financeSummary>;

export const financeSummaryEndpoint = defineEndpoint({ family: 'finance', method: 'GET', path: 'summary', summary: 'Minhas pendências financeiras: atesto, autorização e vencidas', answer: financeSummary });

/**
 * "Minhas pendências" of finance on the home page (`GET /api/finance/summary`): parcelas waiting
 * for my atesto, payments waiting for my authorisation (not the ones I entered), overdue
 * payables. A count the caller may not act on is null (the home page leaves it out).
 */
import * as z from 'zod/mini';

export const financeSummary = z.object({
  awaitingMyAttest: z.nullable(z.int()),
  awaitingAuthorization: z.nullable(z.int()),
  overduePayables: z.nullable(z.int()),
});
export type FinanceSummary = z.infer<typeof financeSummary>;

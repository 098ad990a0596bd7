/**
 * The painéis (issue 26 "Painéis and the home") and the role homes' figures, as data: their
 * endpoints and answers. Money in centavos. The dashboards read the BI summary tables (migration
 * 0030) and the reports (contracts/reports.ts); the home's figures are one call, each figure null
 * when the caller may not read its resource (server/bi/dashboards/home.ts).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { BASES } from './reportPages';

/** A count of records and what they add up to. */
export const figure = z.object({ count: z.int(), amount: z.number() });
export type Figure = z.infer<typeof figure>;

const account = z.object({ id: z.string(), name: z.string(), balance: z.number() });
const dueFigures = z.object({ dueToday: figure, dueWeek: figure, overdue: figure });

export const homeFigures = z.object({
  /** São Paulo's today and the last day of "the next 7 days" (the week's figures). */
  today: z.string(),
  weekEnd: z.string(),
  /** The states of a parcela still to be paid / received (the lists the figures link to). */
  openStates: z.object({ payable: z.array(z.string()), receivable: z.array(z.string()) }),
  /** Realised balance of each active account today (`bankAccounts: read`). */
  accounts: z.nullable(z.array(account)),
  /** Open parcelas a pagar due today, in the next 7 days, overdue (`payables: update`: who keeps them). */
  payables: z.nullable(dueFigures),
  /** The same a receber (`receivables: update`). */
  receivables: z.nullable(dueFigures),
  /** Parcelas in the payment queue, not entered by the caller (`paymentQueue: approve`). */
  awaitingAuthorization: z.nullable(figure),
  /** Parcelas waiting for the caller's atesto (`requesterQueue: create`). */
  awaitingMyAttest: z.nullable(figure),
  /** Approvals waiting for the caller's decision and their amount (anyone may be an approver). */
  waitingForMe: figure,
  /** The caller's own pedidos by state (`orders: create`). */
  myOrders: z.nullable(z.record(z.string(), z.int())),
  /** Approved pedidos to quote (`quotes: create`). */
  ordersToQuote: z.nullable(figure),
  /** Ordens de compra sent and not (fully) delivered, and delivered awaiting faturamento (`purchaseOrders: read`). */
  purchaseOrders: z.nullable(z.object({ awaitingDelivery: figure, awaitingInvoice: figure })),
});
export type HomeFigures = z.infer<typeof homeFigures>;

export const homeFiguresEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'home/figures', summary: 'Os números da página inicial de quem chama: saldos, vencimentos, aprovações, pedidos', answer: homeFigures });

const monthPoint = z.object({
  key: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  future: z.boolean(),
  /** Still open, by due date. */
  payable: z.number(),
  receivable: z.number(),
  /** Previsto: what falls due in the month (a receber − a pagar); realizado: the baixas (cash), null for a month to come. */
  forecast: z.number(),
  actual: z.nullable(z.number()),
});
export type MonthPoint = z.infer<typeof monthPoint>;

export const overview = z.object({
  today: z.string(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), balance: z.number(), projected: z.number() })),
  months: z.array(monthPoint),
  overdue: z.object({ payable: figure, receivable: figure }),
  openStates: z.object({ payable: z.array(z.string()), receivable: z.array(z.string()) }),
});
export type Overview = z.infer<typeof overview>;

export const overviewEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'dashboards/overview', summary: 'Painel da tesouraria: saldo por conta, a pagar e a receber por mês, vencidos, previsto × realizado', answer: overview });

const year = z.coerce.number().check(z.int('Informe um ano entre 2000 e 2100.'), z.minimum(2000, 'Informe um ano entre 2000 e 2100.'), z.maximum(2100, 'Informe um ano entre 2000 e 2100.'));

export const costCentres = z.object({
  year: z.int(),
  basis: z.enum(BASES),
  /** Per cost centre (id '' = no cost centre), on `basis`: receitas, despesas, resultado. */
  rows: z.array(z.object({ id: z.string(), name: z.string(), revenue: z.number(), expense: z.number(), result: z.number() })),
});
export type CostCentres = z.infer<typeof costCentres>;

export const costCentresEndpoint = defineEndpoint({ family: 'financeReporting', method: 'GET', path: 'dashboards/cost-centres', summary: 'Resultado do ano por centro de custos, pela competência (padrão), vencimento ou baixa', query: z.object({ year, basis: z.optional(z.enum(BASES)) }), answer: costCentres });

/** The states behind the buyers' figures (the lists they link to filter by them). */
export const BUYING_STATES = {
  /** Approved pedidos, not yet on a cotação. */
  toQuote: ['approved'],
  /** Ordens sent to the supplier, delivered in part or not at all. */
  awaitingDelivery: ['sent', 'partiallyReceived'],
  /** Ordens delivered, awaiting the supplier's faturamento. */
  awaitingInvoice: ['received'],
} as const;

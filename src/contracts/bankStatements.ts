/**
 * Bank statements (OFX) and conciliação (issue 25): what the API takes and answers, shared by
 * the server (server/finance/ofx, server/finance/reconciliation*.ts) and the screen
 * (src/modules/reconciliation). Money in integer centavos; a statement line is negative for a debit.
 */
import * as z from 'zod/mini';
import { date } from './documents';
import { countOf } from './plural';

/** Lines of one period the conciliação answers at most. */
export const VIEW_MAX_LINES = 5000;

export const STATEMENT_MAX_BYTES = 8 * 1024 * 1024;

export const STATEMENT_MESSAGES = {
  content: 'Envie o conteúdo do arquivo OFX.',
  tooLarge: 'Arquivo muito grande: um extrato tem no máximo 8 MB.',
  account: 'Conta financeira não encontrada.',
  noAccount: (bank: string, account: string) => `Nenhuma conta financeira cadastrada corresponde ao extrato (banco ${bank}, conta ${account}). Escolha a conta ou cadastre-a.`,
  manyAccounts: (account: string) => `Mais de uma conta financeira corresponde à conta ${account} do extrato: escolha a conta.`,
  otherAccount: (bank: string, account: string, name: string) => `Este extrato é da conta ${account} do banco ${bank}, não da conta "${name}": nada foi importado.`,
  manyStatements: 'O arquivo traz extratos de mais de uma conta: envie um extrato por arquivo.',
  imported: (imported: number, duplicates: number) =>
    duplicates
      ? `${countOf(imported, 'lançamento importado', 'lançamentos importados')}; ${countOf(duplicates, 'já estava importado e não foi duplicado', 'já estavam importados e não foram duplicados')}.`
      : `${countOf(imported, 'lançamento importado', 'lançamentos importados')}.`,
  lineReconciled: 'Esta linha do extrato já foi conciliada.',
  lineOpen: 'Esta linha do extrato não está conciliada.',
  lineNotFound: 'Linha do extrato não encontrada.',
  settlementsRequired: 'Escolha ao menos uma baixa.',
  settlementNotFound: 'Baixa não encontrada nesta conta (ou estornada).',
  settlementTaken: 'Uma das baixas escolhidas já foi conciliada com outra linha do extrato.',
  sum: (line: string, sum: string) => `A soma das baixas (${sum}) não confere com o valor da linha do extrato (${line}).`,
  /** N:1: several lines of the statement against one baixa; says by how much they differ. */
  linesSum: (lines: string, settlement: string, difference: string) =>
    `A soma das linhas do extrato (${lines}) não confere com o valor da baixa (${settlement}): a diferença é de ${difference}.`,
  manyToMany: 'Concilie uma linha com várias baixas ou várias linhas com uma baixa, não várias linhas com várias baixas.',
  linesRequired: 'Escolha ao menos uma linha do extrato.',
  linesNotFound: 'Linha do extrato não encontrada nesta conta.',
  otherAccounts: 'As linhas e as baixas escolhidas precisam ser da mesma conta financeira.',
  lineTaken: 'Uma das linhas escolhidas já foi conciliada.',
  direction: 'Uma linha de débito é baixa de uma parcela a pagar; uma de crédito, de uma parcela a receber.',
  installment: 'Parcela não encontrada.',
  period: 'O período termina antes de começar.',
  party: 'Escolha o fornecedor ou cliente.',
  category: 'Escolha a categoria.',
  costCenter: 'Escolha o centro de custos.',
  entryApproval: (amount: string) =>
    `Um lançamento a pagar de ${amount} entra em uma fila de aprovação: crie-o em Contas a Pagar e, depois de aprovado e autorizado, dê baixa a partir desta linha. Nada foi criado.`,
  paymentApproval: (amount: string) =>
    `O pagamento de ${amount} entra em uma fila de aprovação de pagamentos: crie o lançamento em Contas a Pagar e, depois de autorizado, dê baixa a partir desta linha. Nada foi criado.`,
  createdNote: (fitId: string) => `Criado quitado a partir da linha ${fitId} do extrato bancário.`,
} as const;

export const statementImportInput = z.strictObject({
  bankAccountId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  fileName: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do arquivo.'), z.maxLength(200, 'Use no máximo 200 caracteres.')),
  content: z.string().check(z.minLength(1, STATEMENT_MESSAGES.content), z.maxLength(Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 4, STATEMENT_MESSAGES.tooLarge)),
});
export type StatementImportInput = z.infer<typeof statementImportInput>;

export const statementImportResult = z.object({
  statementId: z.nullable(z.string()),
  bankAccountId: z.string(),
  format: z.enum(['ofx1', 'ofx2']),
  lines: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  ledgerBalance: z.nullable(z.number()),
  ledgerBalanceDate: z.nullable(z.string()),
  message: z.string(),
});
export type StatementImportResult = z.infer<typeof statementImportResult>;

export const reconciliationQuery = z.object({ from: z.optional(date()), to: z.optional(date()) });

export const statementLine = z.object({
  id: z.string(),
  fitId: z.string(),
  type: z.string(),
  postedOn: z.string(),
  amount: z.number(),
  checkNumber: z.nullable(z.string()),
  memo: z.nullable(z.string()),
  name: z.nullable(z.string()),
  status: z.enum(['open', 'reconciled']),
  version: z.number(),
  settlementIds: z.array(z.string()),
  /** Every line of this line's match (itself included; several when N:1); empty while open. */
  matchLineIds: z.array(z.string()),
});
export type StatementLine = z.infer<typeof statementLine>;

export const openSettlement = z.object({
  id: z.string(),
  installmentId: z.string(),
  direction: z.enum(['payable', 'receivable']),
  paidOn: z.string(),
  /** Signed as the statement: a payment negative, a receipt positive. */
  amount: z.number(),
  description: z.string(),
  documentNumber: z.nullable(z.string()),
  reconciled: z.boolean(),
});
export type OpenSettlement = z.infer<typeof openSettlement>;

/**
 * A suggested match: `lineId` with `settlementIds` (1:1, 1:N); an N:1 suggestion (`split`: several
 * lines adding up to one baixa) also names every line in `lineIds` (`lineId` is the first).
 */
export const matchSuggestion = z.object({
  lineId: z.string(),
  lineIds: z.optional(z.array(z.string())),
  settlementIds: z.array(z.string()),
  reason: z.enum(['amountDate', 'document', 'sum', 'split']),
});
export type MatchSuggestion = z.infer<typeof matchSuggestion>;

const chosenOption = z.object({ id: z.string(), label: z.string() });
/** A saved rule (reconciliationRules) whose text an open line's memo contains: what "Criar lançamento quitado" starts with. */
export const ruleSuggestion = z.object({
  lineId: z.string(),
  ruleId: z.string(),
  pattern: z.string(),
  party: z.nullable(chosenOption),
  category: chosenOption,
  costCenter: z.nullable(chosenOption),
});
export type RuleSuggestion = z.infer<typeof ruleSuggestion>;

export const reconciliationView = z.object({
  bankAccountId: z.string(),
  from: z.string(),
  to: z.string(),
  lines: z.array(statementLine),
  /** More lines than the screen shows (`VIEW_MAX_LINES`): a shorter period shows them all. */
  truncated: z.boolean(),
  settlements: z.array(openSettlement),
  suggestions: z.array(matchSuggestion),
  ruleSuggestions: z.array(ruleSuggestion),
  balance: z.object({
    /** The closing balance of the last statement imported up to `to`, and its date. */
    statement: z.nullable(z.number()),
    statementDate: z.nullable(z.string()),
    /** The system's realised balance on that date (or on `to`). */
    system: z.number(),
    difference: z.nullable(z.number()),
  }),
});
export type ReconciliationView = z.infer<typeof reconciliationView>;

export const matchInput = z.strictObject({ settlementIds: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1, STATEMENT_MESSAGES.settlementsRequired), z.maxLength(200)) });
const matchLineIds = z.array(z.string().check(z.maxLength(64))).check(z.minLength(1, STATEMENT_MESSAGES.linesRequired), z.maxLength(200));
/** A match group (`POST bank-statement-matches`): one line with its baixas, or several lines with one baixa. */
export const groupMatchInput = z.strictObject({ lineIds: matchLineIds, settlementIds: matchInput.shape.settlementIds });
export type GroupMatchInput = z.infer<typeof groupMatchInput>;
export const groupMatchResult = z.object({ lineIds: z.array(z.string()), status: z.enum(['open', 'reconciled']), settlementIds: z.array(z.string()) });
export type GroupMatchResult = z.infer<typeof groupMatchResult>;
/**
 * "Criar lançamento quitado" from a line with no parcela (a bank fee, a receipt): the counterparty
 * (fornecedor for a debit, cliente for a credit), the category (of expense or revenue) and the
 * cost centre; the description defaults to the line's memo.
 */
export const createSettledInput = z.strictObject({
  partyId: z.string().check(z.minLength(1, STATEMENT_MESSAGES.party), z.maxLength(64)),
  categoryId: z.string().check(z.minLength(1, STATEMENT_MESSAGES.category), z.maxLength(64)),
  costCenterId: z.string().check(z.minLength(1, STATEMENT_MESSAGES.costCenter), z.maxLength(64)),
  description: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(240, 'Use no máximo 240 caracteres.')))),
});
export type CreateSettledInput = z.infer<typeof createSettledInput>;
export const createSettledResult = z.object({ id: z.string(), status: z.enum(['open', 'reconciled']), settlementIds: z.array(z.string()), entryId: z.string(), entryNumber: z.number() });

/** Suggestions accepted at once: each line matched as by its own `match` (own transaction, own locks). */
export const BULK_MATCH_MAX = 200;
export const bulkMatchInput = z.strictObject({
  matches: z
    .array(z.strictObject({ lineId: z.string().check(z.maxLength(64)), lineIds: z.optional(matchLineIds), settlementIds: matchInput.shape.settlementIds }))
    .check(z.minLength(1, 'Escolha ao menos uma sugestão.'), z.maxLength(BULK_MATCH_MAX, `No máximo ${BULK_MATCH_MAX} linhas por vez.`)),
});
export type BulkMatchInput = z.infer<typeof bulkMatchInput>;
export const bulkMatchResult = z.object({ done: z.array(z.string()), failed: z.array(z.object({ lineId: z.string(), message: z.string() })) });
export type BulkMatchResult = z.infer<typeof bulkMatchResult>;

export const settleFromLineInput = z.strictObject({ installmentId: z.string().check(z.minLength(1, STATEMENT_MESSAGES.installment), z.maxLength(64)) });

/** Calls of the conciliação bancária (finance family; server/finance/reconciliationRoutes.ts). */
import type { BulkMatchInput, BulkMatchResult, CreateSettledInput, GroupMatchResult, ReconciliationView, StatementImportResult } from '../../contracts/bankStatements';
import { request } from '../../core/api';
import { fileBase64 } from '../finance/remittanceApi';

export const loadReconciliation = (accountId: string, query: { from?: string; to?: string }) =>
  request<ReconciliationView>('finance', `bank-accounts/${encodeURIComponent(accountId)}/reconciliation`, { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)) });

export const importStatement = async (accountId: string, file: File): Promise<StatementImportResult> =>
  request<StatementImportResult>('finance', 'bank-statements', { method: 'POST', body: { bankAccountId: accountId, fileName: file.name, content: await fileBase64(file) } });

export const matchLine = (lineId: string, settlementIds: string[]) =>
  request<{ id: string; status: string }>('finance', `bank-statement-lines/${encodeURIComponent(lineId)}/match`, { method: 'POST', body: { settlementIds } });

/** A match group: one line with its baixas or several lines with one baixa (N:1). */
export const matchGroup = (lineIds: string[], settlementIds: string[]) =>
  request<GroupMatchResult>('finance', 'bank-statement-matches', { method: 'POST', body: { lineIds, settlementIds } });

export const unmatchLine = (lineId: string) => request<{ id: string; status: string }>('finance', `bank-statement-lines/${encodeURIComponent(lineId)}/unmatch`, { method: 'POST', body: {} });

export interface OpenParcela {
  id: string;
  description: string;
  dueDate: string;
  openBalance: number;
}

/** Parcelas of the account a line may settle: a debit pays an authorised parcela a pagar, a credit receives an open parcela a receber. */
export const parcelasFor = (accountId: string, amount: number) =>
  request<OpenParcela[]>('finance', amount < 0 ? 'payable-installments' : 'receivable-installments', {
    query: { bankAccountId: accountId, status: amount < 0 ? 'authorized' : 'open', sort: 'dueDate', perPage: '100' },
  });

export const settleFromLine = (lineId: string, installmentId: string) =>
  request<{ id: string; status: string }>('finance', `bank-statement-lines/${encodeURIComponent(lineId)}/settle`, { method: 'POST', body: { installmentId } });

export const createSettled = (lineId: string, input: CreateSettledInput) =>
  request<{ id: string; status: string; entryId: string; entryNumber: number }>('finance', `bank-statement-lines/${encodeURIComponent(lineId)}/create-settled`, { method: 'POST', body: input });

export const bulkMatch = (matches: BulkMatchInput['matches']) => request<BulkMatchResult>('finance', 'bank-statement-lines/bulk-match', { method: 'POST', body: { matches } });

/** Finance's "Minhas pendências" counts (GET finance/summary), through the query cache. */
import type { FinanceSummary } from '../../contracts/financeSummary';
import { useQuery } from '../../core/resources/cache';
import { request } from '../../core/resources/transport';

export const useFinanceSummary = () => useQuery<FinanceSummary>(['finance', 'summary'], (signal) => request<FinanceSummary>('finance', 'summary', { signal, silent: true }));

/** Finance's "Minhas pendências" counts (GET finance/summary), through the query cache. */
import { financeSummaryEndpoint } from '../../contracts/financeSummary';
import { useQuery } from '../../core/resources/cache';
import { callEndpoint } from '../../core/resources/endpoint';

export const useFinanceSummary = () => useQuery(['finance', 'summary'], (signal) => callEndpoint(financeSummaryEndpoint, { signal, silent: true }));

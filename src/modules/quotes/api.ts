/**
 * What the cotação screens read besides the record itself: its solicitações (with their
 * answers, one request for all) and a few ordens de compra by id, through the query cache so
 * every write of those resources refreshes them.
 */
import type { RefLabel } from '../../contracts/resource';
import { useQuery } from '../../core/resources/cache';
import { request } from '../../core/resources/transport';

export interface Answer {
  lineId: string;
  unitPrice: number | null;
  quantity: number;
  leadTimeDays: number | null;
}

export interface QuoteRequestRow {
  id: string;
  version: number;
  supplierId: string;
  status: 'pending' | 'answered' | 'declined';
  answers: Answer[];
  freight: number | null;
  paymentTerms: string | null;
  validUntil: string | null;
  total: number;
  _refs?: Record<string, RefLabel[]>;
}

export interface QuoteLine {
  id: string;
  description: string;
  quantity: number;
  unit: string;
  productId: string | null;
}

export const supplierName = (row: Pick<QuoteRequestRow, 'supplierId' | '_refs'>): string => row._refs?.supplierId?.[0]?.label ?? row.supplierId;

/** The solicitações of a cotação (at most 100: a cotação asks a handful of suppliers). */
export function useQuoteRequests(quoteId: string) {
  const path = `quotes/${encodeURIComponent(quoteId)}/requests`;
  return useQuery<QuoteRequestRow[]>(['quoteRequests', quoteId, 'all'], (signal) => request<QuoteRequestRow[]>('pricing', path, { signal, query: { perPage: 100, sort: 'createdAt' } }));
}

/** Ordens de compra by id (number and supplier, for links). */
export function usePurchaseOrders(ids: readonly string[]) {
  return useQuery<{ id: string; number: number; _refs?: Record<string, RefLabel[]> }[]>(
    ids.length ? ['purchaseOrders', 'byIds', ...ids] : null,
    (signal) => Promise.all(ids.map((id) => request<{ id: string; number: number; _refs?: Record<string, RefLabel[]> }>('pricing', `purchase-orders/${encodeURIComponent(id)}`, { signal }))),
  );
}

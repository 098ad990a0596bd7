/** The approval service's calls (contracts/approvals.ts), through the query cache. */
import type { ApprovalSummary, FlowView, InboxItem } from '../../contracts/approvals';
import type { BulkResult } from '../../contracts/resource';
import type { PageResult } from '../../core/api';
import { invalidate, useQuery } from '../../core/resources/cache';
import { request, requestPage } from '../../core/resources/transport';

const API = 'approvals';

export const useInbox = (page: number, perPage = 25) =>
  useQuery<PageResult<InboxItem>>(['approvals', 'inbox', String(page), String(perPage)], (signal) => requestPage<InboxItem>(API, 'inbox', { page, perPage, signal, silent: true }));

export const useSummary = (enabled = true) => useQuery<ApprovalSummary>(['approvals', 'summary'], (signal) => request<ApprovalSummary>(API, 'summary', { signal, silent: true }), enabled);

export const useFlow = (id: string | undefined) => useQuery<FlowView>(id ? ['approvals', 'flow', id] : null, (signal) => request<FlowView>(API, `flows/${encodeURIComponent(id!)}`, { signal, silent: true }));

export const useRecordFlows = (resource: string, recordId: string) =>
  useQuery<FlowView[]>(['approvals', 'records', resource, recordId], (signal) => request<FlowView[]>(API, `records/${encodeURIComponent(resource)}/${encodeURIComponent(recordId)}`, { signal, silent: true }));

/** After any decision: the inbox, the summary, the flows and the decided records refresh. */
async function afterDecision(resources: readonly string[]) {
  await Promise.all([invalidate(['approvals']), ...resources.map((name) => invalidate([name]))]);
}

export async function decide(flow: Pick<FlowView, 'id' | 'resource'>, decision: 'approve' | 'reject', reason?: string): Promise<FlowView> {
  const body = decision === 'reject' ? { reason: reason ?? '' } : {};
  const view = await request<FlowView>(API, `flows/${encodeURIComponent(flow.id)}/${decision}`, { method: 'POST', body, silent: (error) => error.status === 409 || error.status === 403 || error.status === 400 });
  await afterDecision([flow.resource]);
  return view;
}

export async function decideMany(ids: string[], decision: 'approve' | 'reject', resources: readonly string[], reason?: string): Promise<BulkResult> {
  const body = decision === 'reject' ? { ids, reason: reason ?? '' } : { ids };
  const result = await request<BulkResult>(API, `bulk/${decision}`, { method: 'POST', body, silent: (error) => error.status === 400 });
  await afterDecision(resources);
  return result;
}

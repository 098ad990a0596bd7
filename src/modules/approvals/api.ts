/** The approval service's calls (contracts/approvals.ts `approvalEndpoints`), through the query cache. */
import { approvalEndpoints as calls, type FlowView } from '../../contracts/approvals';
import type { BulkResult } from '../../contracts/resource';
import { invalidate, useQuery } from '../../core/resources/cache';
import { callEndpoint, callPagedEndpoint } from '../../core/resources/endpoint';
import type { ApiError } from '../../core/resources/transport';

export const useInbox = (page: number, perPage = 25) => useQuery(['approvals', 'inbox', String(page), String(perPage)], (signal) => callPagedEndpoint(calls.inbox, { page, perPage, signal, silent: true }));

export const useDecided = (page: number, perPage = 25) => useQuery(['approvals', 'decided', String(page), String(perPage)], (signal) => callPagedEndpoint(calls.decided, { page, perPage, signal, silent: true }));

/** The first item of my inbox other than `except` (the "Próxima aprovação" after a decision), or null. */
export async function nextInInbox(except: string): Promise<string | null> {
  const page = await callPagedEndpoint(calls.inbox, { page: 1, perPage: 5, silent: true });
  return page.items.find((item) => item.id !== except)?.id ?? null;
}

export const useFlow = (id: string | undefined) => useQuery(id ? ['approvals', 'flow', id] : null, (signal) => callEndpoint(calls.flow, { params: { id: id! }, signal, silent: true }));

/** A record's flows; `version` in the key: a submit (a new version) shows its new flow without a reload. */
export const useRecordFlows = (resource: string, recordId: string, version?: number) =>
  useQuery(['approvals', 'records', resource, recordId, String(version ?? '')], (signal) => callEndpoint(calls.recordFlows, { params: { resource, recordId }, signal, silent: true }));

/** After any decision: the inbox, the summary, the flows and the decided records refresh. */
async function afterDecision(resources: readonly string[]) {
  await Promise.all([invalidate(['approvals']), ...resources.map((name) => invalidate([name]))]);
}

/** One decision: `reason` is the rejection's reason, or the approval's optional comment. */
export async function decide(flow: Pick<FlowView, 'id' | 'resource'>, decision: 'approve' | 'reject', reason?: string): Promise<FlowView> {
  const silent = (error: ApiError) => error.status === 409 || error.status === 403 || error.status === 400;
  const view =
    decision === 'reject'
      ? await callEndpoint(calls.reject, { params: { id: flow.id }, body: { reason: reason ?? '' }, silent })
      : await callEndpoint(calls.approve, { params: { id: flow.id }, body: reason ? { note: reason } : {}, silent });
  await afterDecision([flow.resource]);
  return view;
}

export async function decideMany(ids: string[], decision: 'approve' | 'reject', resources: readonly string[], reason?: string): Promise<BulkResult> {
  const silent = (error: ApiError) => error.status === 400;
  const result = decision === 'reject' ? await callEndpoint(calls.bulkReject, { body: { ids, reason: reason ?? '' }, silent }) : await callEndpoint(calls.bulkApprove, { body: { ids }, silent });
  await afterDecision(resources);
  return result;
}

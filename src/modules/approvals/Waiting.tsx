/**
 * Where a record's pending approval stands ("Aguardando Carla Compras, etapa 2 de 3"), for any
 * resource with an approval plug: under the state in its list and in its page's header (issue 27
 * §3 "Where does my pedido stand"). One call per list page (approvals `waiting`), made without
 * the approval screens' schemas and texts: this rides in the list's first chunk.
 */
import type { WaitingItem } from '../../contracts/approvals';
import type { AnyResource } from '../../contracts/resource';
import { t } from '../../core/i18n';
import { useQuery } from '../../core/resources/cache';
import { request } from '../../core/resources/transport';
import type { Row } from '../../core/resources/useList';

export const waitingText = (item: WaitingItem) =>
  item.waitingFor.length
    ? t('approvals.waiting.line', { names: item.waitingFor.join(', '), n: item.position, m: item.stages })
    : t('approvals.waiting.stage', { n: item.position, m: item.stages, stage: item.stageName });

/** The state in which the plug's records wait for their queue (its submit transition's target). */
function waitingState(resource: AnyResource): string | null {
  const workflow = resource.workflow;
  const submit = workflow?.approval && workflow.transitions.find((transition) => transition.name === workflow.approval!.submit);
  return submit ? submit.to : null;
}

/** The waiting line of each of `rows` that waits for an approval, by record id. */
export function useWaitingLines(resource: AnyResource, rows: readonly Row[]): ReadonlyMap<string, string> {
  const state = waitingState(resource);
  const field = resource.workflow?.field;
  const waiting = state && field ? rows.filter((row) => row[field] === state) : [];
  const stamp = waiting.map((row) => String(row.version ?? '')).join(',');
  const ids = waiting.map((row) => row.id).join(',');
  // Under the approvals' cache key: a decision (approvals/api.ts) refreshes it.
  const answer = useQuery<WaitingItem[]>(ids ? ['approvals', 'waiting', resource.name, ids, stamp] : null, (signal) =>
    request<WaitingItem[]>('approvals', `waiting/${encodeURIComponent(resource.name)}`, { query: { ids }, signal, silent: true }),
  );
  return new Map((answer.data ?? []).map((item) => [item.recordId, waitingText(item)]));
}

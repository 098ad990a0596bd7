/**
 * Plugs a workflow declaration with `workflow.approval` into the approval service, through its
 * storage hooks only: the submit transition routes the record (to the waiting state, or straight
 * to approved when no queue applies, saying so in the history), and an update that changes a
 * watched field in a `restartFrom` state voids the approval and routes the record again, in the
 * same write (one version, one history row).
 */
import type { AnyResource } from '../../src/contracts/resource.js';
import { findTransition, type ApprovalPlug } from '../../src/contracts/workflow.js';
import { sameValue } from '../registry/compare.js';
import { writeHistory } from '../registry/history.js';
import { columnValues } from '../registry/records.js';
import type { ResourceStorage, Values, WireRecord } from '../registry/storage.js';
import { APPROVAL_MESSAGES, factsOf, startFlow, voidFlows } from './engine.js';

export function withApprovals(resource: AnyResource, storage: ResourceStorage): ResourceStorage {
  const workflow = resource.workflow;
  const plug = workflow?.approval;
  if (!workflow || !plug) throw new Error(`${resource.name} declares no workflow.approval`);
  const waiting = findTransition(workflow, plug.submit)!.to;
  const approved = findTransition(workflow, plug.approve)!.to;
  const ownBeforeUpdate = storage.beforeUpdate;
  return {
    ...storage,
    transitions: {
      ...storage.transitions,
      async [plug.submit](trx, call, before, input) {
        // The storage's own submit hook (its checks, its values) runs first.
        const own = (await storage.transitions?.[plug.submit]?.(trx, call, before, input)) ?? {};
        const routed = await startFlow(trx, call, resource, factsOf(resource, plug, { ...before, version: before.version + 1 }));
        if (routed !== 'auto') return { ...own, to: waiting };
        const note = plug.autoNote === undefined ? APPROVAL_MESSAGES.autoApproved : plug.autoNote;
        return note ? { ...own, to: approved, note } : { ...own, to: approved };
      },
    },
    async beforeUpdate(trx, call, values, before) {
      const extra = { ...(await ownBeforeUpdate?.(trx, call, values, before)) };
      const state = String(before[workflow.field] ?? '');
      if (!plug.restartFrom.includes(state) || !watchedChanged(plug, values, before)) return extra;
      await voidFlows(trx, call, resource.name, before.id);
      const facts = factsOf(resource, plug, { ...values, id: before.id, version: before.version + 1, createdBy: before.createdBy });
      const to = (await startFlow(trx, call, resource, facts)) === 'auto' ? approved : waiting;
      const note = to === approved ? `${APPROVAL_MESSAGES.restarted} ${APPROVAL_MESSAGES.autoApproved}` : APPROVAL_MESSAGES.restarted;
      await writeHistory(trx, call, { entityType: resource.name, entityId: before.id, action: 'restart', from: state, to, input: { note }, version: before.version + 1 });
      return { ...extra, ...columnValues(resource, storage, { [workflow.field]: to }, true) };
    },
  };
}

/** Any watched field differs. */
function watchedChanged(plug: ApprovalPlug, values: Values, before: WireRecord): boolean {
  return plug.watched.some((field) => !sameValue(values[field], before[field]));
}

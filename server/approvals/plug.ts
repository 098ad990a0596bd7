/**
 * Plugs a workflow declaration with `workflow.approval` into the approval service, through its
 * storage hooks only (registry/families.ts applies it to every such declaration):
 * - the submit transition routes the record to the queue its triggers pick — the facts read from
 *   the whole record — or straight to approved when none applies, saying so in the history; a
 *   record that was in a queue before (its own earlier flow, or its `coveredBy` parent's when its
 *   watched data changed since) is never approved automatically: that earlier flow's stages apply
 *   (engine.ts `startFlow`);
 * - an update that changes a watched field in a `restartFrom` state voids the approval and routes
 *   the record again in the same write (one version, one history row showing before → after);
 *   the one who changed it may not decide on it;
 * - in a `frozenFrom` state the change is kept, named (`changedBy`) and shown before → after in the
 *   history, and the next submit goes through approval again;
 * - leaving the waiting state by anything but the approval's own outcome (a cancel) voids the
 *   running flow in the same transaction.
 */
import type { AnyResource, FieldDef } from '../../src/contracts/resource.js';
import { formatMoney } from '../../src/contracts/money.js';
import { findTransition, type ApprovalPlug } from '../../src/contracts/workflow.js';
import { maskField } from '../registry/audit-mask.js';
import { sameValue } from '../registry/compare.js';
import { writeHistory } from '../registry/history.js';
import { columnValues } from '../registry/records.js';
import type { Call, ResourceStorage, Trx, Values, WireRecord } from '../registry/storage.js';
import { HttpError } from '../errors.js';
import { APPROVAL_MESSAGES, factsOf, latestFlow, routesAhead, startFlow, voidFlows, type RouteAhead } from './engine.js';

export const CHANGE_NOTES = {
  changedAfterApproval: 'Dados alterados depois da aprovação —',
  empty: '(vazio)',
} as const;

export function withApprovals(resource: AnyResource, storage: ResourceStorage): ResourceStorage {
  const workflow = resource.workflow;
  const plug = workflow?.approval;
  if (!workflow || !plug) throw new Error(`${resource.name} declares no workflow.approval`);
  const waiting = findTransition(workflow, plug.submit)!.to;
  const approved = findTransition(workflow, plug.approve)!.to;
  const clearChange = plug.changedBy ? { [plug.changedBy]: null } : {};
  const ownBeforeUpdate = storage.beforeUpdate;
  const ownAfterTransition = storage.afterTransition;
  const ownReadAhead = storage.readAhead;
  const aheadKey = `approvalRoutes:${resource.name}`;
  return {
    ...storage,
    // A bulk submission's chunk: the queues and each record's latest flow in one read (engine.ts `routesAhead`).
    async readAhead(trx, call, records, action) {
      await ownReadAhead?.(trx, call, records, action);
      if (action === plug.submit && call.prefetched) call.prefetched.shared.set(aheadKey, await routesAhead(trx, call, resource, records.map((record) => record.id)));
    },
    transitions: {
      ...storage.transitions,
      async [plug.submit](trx, call, before, input) {
        // The storage's own submit hook (its checks, its values) runs first.
        const own = (await storage.transitions?.[plug.submit]?.(trx, call, before, input)) ?? {};
        const applies = plug.appliesWhen;
        if (applies && !applies.values.includes(String(own.values?.[applies.field] ?? before[applies.field] ?? ''))) return { ...own, values: { ...own.values, ...clearChange }, to: approved, note: applies.skipNote };
        const changedBy = plug.changedBy ? ((before[plug.changedBy] as string | null) ?? null) : null;
        const routed = await startFlow(trx, call, resource, factsOf(resource, plug, { ...before, version: before.version + 1 }), {
          changedBy,
          ahead: takeRoutes(call, aheadKey, before.id),
          covered: changedBy ? () => coveringApproval(trx, call, plug, before) : undefined,
        });
        if (routed !== 'auto') return { ...own, to: waiting };
        if (plug.noQueue) throw new HttpError(409, plug.noQueue);
        const note = plug.autoNote === undefined ? APPROVAL_MESSAGES.autoApproved : plug.autoNote;
        const values = { ...own.values, ...clearChange };
        return note ? { ...own, values, to: approved, note } : { ...own, values, to: approved };
      },
      async [plug.approve](trx, call, before, input) {
        const own = (await storage.transitions?.[plug.approve]?.(trx, call, before, input)) ?? {};
        return { ...own, values: { ...own.values, ...clearChange } };
      },
    },
    async beforeUpdate(trx, call, values, before) {
      const extra = { ...(await ownBeforeUpdate?.(trx, call, values, before)) };
      const state = String(before[workflow.field] ?? '');
      const changes = plug.watched.filter((field) => !sameValue(values[field], before[field]));
      if (!changes.length) return extra;
      const shown = describeChanges(resource, changes, before, values);
      if (plug.restartFrom.includes(state)) {
        await voidFlows(trx, call, resource.name, before.id);
        const facts = factsOf(resource, plug, { ...before, ...values, id: before.id, version: before.version + 1, createdBy: before.createdBy });
        const to = (await startFlow(trx, call, resource, facts, { changedBy: call.userId })) === 'auto' ? approved : waiting;
        const note = `${to === approved ? `${APPROVAL_MESSAGES.restarted} ${APPROVAL_MESSAGES.autoApproved}` : APPROVAL_MESSAGES.restarted} ${shown}`;
        await writeHistory(trx, call, { entityType: resource.name, entityId: before.id, action: 'restart', from: state, to, input: { note }, version: before.version + 1 });
        return { ...extra, ...columnValues(resource, storage, { [workflow.field]: to, ...clearChange }, true) };
      }
      if (plug.frozenFrom?.includes(state) && plug.changedBy) {
        await writeHistory(trx, call, { entityType: resource.name, entityId: before.id, action: 'change', from: state, to: state, input: { note: `${CHANGE_NOTES.changedAfterApproval} ${shown}` }, version: before.version + 1 });
        return { ...extra, ...columnValues(resource, storage, { [plug.changedBy]: call.userId }, true) };
      }
      return extra;
    },
    async afterTransition(trx, call, record, transition, from) {
      if (from === waiting && transition !== plug.approve && transition !== plug.reject) await voidFlows(trx, call, resource.name, record.id, ['pending']);
      await ownAfterTransition?.(trx, call, record, transition, from);
    },
  };
}

/** The record's routes read ahead with its bulk chunk, taken once (a record worked on again reads its own). */
function takeRoutes(call: Call, key: string, id: string): RouteAhead | undefined {
  const ahead = call.prefetched?.shared.get(key) as Awaited<ReturnType<typeof routesAhead>> | undefined;
  if (!ahead?.earlier.has(id)) return undefined;
  const earlier = ahead.earlier.get(id) ?? null;
  ahead.earlier.delete(id);
  return { queues: ahead.queues, earlier };
}

/** The latest approval of the parent that covered the record (its watched data changed since): its stages apply when no queue does. */
async function coveringApproval(trx: Trx, call: Call, plug: ApprovalPlug, record: WireRecord): Promise<string | null> {
  const parentId = plug.coveredBy ? record[plug.coveredBy.field] : null;
  return parentId ? latestFlow(trx, call.orgId, plug.coveredBy!.resource, String(parentId), ['approved']) : null;
}

/** "Chave PIX: a@x.com → b@y.com; Valor: R$ 10,00 → R$ 12,00" (lists by name only). */
function describeChanges(resource: AnyResource, fields: readonly string[], before: Values, after: Values): string {
  return fields
    .map((field) => {
      const def = resource.fields[field];
      const label = def?.label ?? field;
      // Lists and references by name only: the record's audit trail shows them resolved, before → after.
      if (!def || def.type === 'list' || def.type === 'reference') return label;
      return `${label}: ${shownValue(def, before[field])} → ${shownValue(def, after[field], before[field] ?? null)}`;
    })
    .join('; ');
}

function shownValue(def: FieldDef, value: unknown, was?: unknown): string {
  if (value === null || value === undefined || value === '') return CHANGE_NOTES.empty;
  // A history note is a log too: an account number or a random PIX key as "•••• 1234".
  if (def.sensitive) return String(maskField(def, value, was));
  if (def.type === 'money' && typeof value === 'number') return formatMoney(value);
  return String(value);
}

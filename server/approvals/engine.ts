/**
 * The approval service (DOMAIN "Approval queue"), shared by every workflow that declares
 * `workflow.approval` (plugged by plug.ts):
 * - `startFlow`: on submission, the active queue of lowest priority whose triggers match the record
 *   (facts read from the whole record) takes it; its stages are copied into the flow (later edits of
 *   the queue do not move a flow under way) and the first opens. No queue: approved at once — unless
 *   the record was in a queue before, whose stages then apply again.
 * - `decide`: one approver's decision on the open stage. The record is locked, then the flow (the
 *   order every writer takes), so parallel decisions are counted one after the other and the stage
 *   closes exactly once at N. Nobody decides on what they created or changed, in person or for the
 *   one they stand in for; a decision is UNIQUE per (stage, principal): N of M counts people, and
 *   the same approver clicking twice counts once. A reject ends the flow with its reason. The last
 *   approval runs the record's approve transition in the same transaction.
 * - `voidFlows`: a watched field changed after submission, or the record left the waiting state.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recordName, type AnyResource } from '../../src/contracts/resource.js';
import { findResource } from '../../src/contracts/resources/index.js';
import type { ApprovalPlug } from '../../src/contracts/workflow.js';
import { formatMoney } from '../../src/core/format/money.js';
import { saoPauloToday } from '../../src/contracts/today.js';
import { HttpError } from '../errors.js';
import type { Call, Trx, Values } from '../registry/storage.js';

/** Who acts, in which organisation, and the work to run after commit. */
export type Actor = Pick<Call, 'ctx' | 'orgId' | 'userId' | 'afterCommit'>;
import { awaitingApprovalMail, decisionMail } from './mail.js';

export const APPROVAL_MESSAGES = {
  closed: 'Esta aprovação já foi concluída.',
  ownRecord: 'Você não pode aprovar nem reprovar o que você mesmo criou.',
  ownRecordFor: (name: string) => `Você não pode decidir em nome de ${name}: o registro é de ${name}.`,
  ownChange: 'Você não pode aprovar nem reprovar uma alteração que você mesmo fez.',
  principalDecided: (name: string) => `${name} já decidiu nesta etapa: cada aprovador conta uma vez.`,
  stageDecided: 'Esta etapa já foi decidida.',
  notApprover: 'Você não é aprovador desta etapa.',
  autoApproved: 'Aprovado automaticamente: nenhuma fila de aprovação se aplica.',
  restarted: 'Aprovação reiniciada: itens, valores ou centro de custos mudaram depois do envio.',
} as const;

export interface RecordFacts {
  id: string;
  title: string;
  /** Null when the plug declares no amount. */
  amount: number | null;
  requesterId: string | null;
  version: number;
  costCenterId?: string | null;
  departmentId?: string | null;
  supplierId?: string | null;
}

interface Trigger {
  minAmount?: number | null;
  maxAmount?: number | null;
  costCenterId?: string | null;
  departmentId?: string | null;
  supplierId?: string | null;
}

/** Every filled condition of the trigger holds for the record. */
export function triggerMatches(trigger: Trigger, facts: RecordFacts): boolean {
  if ((trigger.minAmount != null || trigger.maxAmount != null) && facts.amount === null) return false;
  if (trigger.minAmount != null && facts.amount! < trigger.minAmount) return false;
  if (trigger.maxAmount != null && facts.amount! > trigger.maxAmount) return false;
  for (const key of ['costCenterId', 'departmentId', 'supplierId'] as const) if (trigger[key] && trigger[key] !== facts[key]) return false;
  return true;
}

/** The facts a plug compares with triggers, from a record's values. */
export function factsOf(resource: AnyResource, plug: ApprovalPlug, values: Values & { id: string; version: number; createdBy?: string | null }): RecordFacts {
  const derive = plug.amount ? resource.totals?.[plug.amount] : undefined;
  const facts: RecordFacts = {
    id: values.id,
    // As the record is named everywhere: "Ordem de compra nº 12", not "12", in the inbox and the e-mails.
    title: recordName(resource, values[resource.titleField] ?? ''),
    amount: plug.amount ? Number(derive ? derive(values) : (values[plug.amount] ?? 0)) : null,
    requesterId: values.createdBy ?? null,
    version: values.version,
  };
  for (const [key, field] of Object.entries(plug.dimensions ?? {})) facts[key as 'costCenterId'] = (values[field] as string | null) ?? null;
  return facts;
}

const idArray = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : []);

type StageDef = { name: string; min_approvals: number; approver_user_ids: unknown; approver_group_ids: unknown };

type RouteRow = { id: string; name: string | null; triggers: unknown; earlier: boolean };

/** The active queues of a resource (in routing order) and one record's latest flow, read ahead for a bulk chunk (`routesAhead`). */
export interface RouteAhead {
  queues: readonly RouteRow[];
  earlier: string | null;
}

/**
 * `startFlow`'s first read for many records at once (a bulk chunk's submissions): the resource's
 * active queues once, and each record's latest flow (null: none) — one statement.
 */
export async function routesAhead(trx: Trx, call: Actor, resource: AnyResource, ids: readonly string[]): Promise<{ queues: RouteRow[]; earlier: Map<string, string | null> }> {
  const rows = await sql<RouteRow & { record_id: string | null }>`SELECT id, name, triggers, earlier, record_id FROM (
      SELECT id, name, triggers, false AS earlier, NULL::text AS record_id, priority FROM approval_queues WHERE org_id = ${call.orgId} AND resource = ${resource.name} AND is_active
      UNION ALL
      (SELECT DISTINCT ON (record_id) id, NULL, NULL, true, record_id, NULL FROM approval_flows WHERE org_id = ${call.orgId} AND resource = ${resource.name} AND record_id = ANY(${ids}::text[])
        ORDER BY record_id, created_at DESC, id DESC)
    ) AS routes ORDER BY earlier, priority, name`.execute(trx);
  const earlier = new Map<string, string | null>(ids.map((id) => [id, null]));
  for (const row of rows.rows) if (row.earlier && row.record_id) earlier.set(row.record_id, row.id);
  return { queues: rows.rows.filter((row) => !row.earlier).map(({ id, name, triggers }) => ({ id, name, triggers, earlier: false })), earlier };
}

export interface RouteOptions {
  /** Who changed the record's watched data (may not decide on the flow, like its requester). */
  changedBy?: string | null;
  /** The flow of a parent that covered the record (a parcela's lançamento), asked only when the record has none of its own. */
  covered?: () => Promise<string | null>;
  /** The queues and the record's latest flow, read ahead with its bulk chunk (instead of the first read). */
  ahead?: RouteAhead;
}

/**
 * Routes a submitted record: 'pending' (a flow waits for its first stage) or 'auto' (no queue
 * applies). A record that was in a queue before is never approved automatically after a change
 * that takes it out of every queue's triggers: when none matches, the stages of its latest flow
 * (or of the flow that covered it) apply again. Queues and that latest flow come in one statement.
 */
export async function startFlow(trx: Trx, call: Actor, resource: AnyResource, facts: RecordFacts, options: RouteOptions = {}): Promise<'pending' | 'auto'> {
  const ahead = options.ahead;
  const rows = ahead
    ? { rows: [...ahead.queues, ...(ahead.earlier ? [{ id: ahead.earlier, name: null, triggers: null, earlier: true }] : [])] }
    : await sql<RouteRow>`SELECT * FROM (
      SELECT id, name, triggers, false AS earlier, priority FROM approval_queues WHERE org_id = ${call.orgId} AND resource = ${resource.name} AND is_active
      UNION ALL
      (SELECT id, NULL, NULL, true, NULL FROM approval_flows WHERE org_id = ${call.orgId} AND resource = ${resource.name} AND record_id = ${facts.id} ORDER BY created_at DESC, id DESC LIMIT 1)
    ) AS routes ORDER BY earlier, priority, name`.execute(trx);
  const queue = rows.rows.find((q) => {
    if (q.earlier) return false;
    const triggers = (typeof q.triggers === 'string' ? JSON.parse(q.triggers) : q.triggers) as Trigger[];
    return !triggers.length || triggers.some((trigger) => triggerMatches(trigger, facts));
  });
  let route: { queueId: string | null; queueName: string; stages: StageDef[] } | undefined;
  if (queue) {
    const stages = await sql<StageDef>`SELECT name, min_approvals, approver_user_ids, approver_group_ids
      FROM approval_queue_stages WHERE queue_id = ${queue.id} ORDER BY position`.execute(trx);
    if (stages.rows.length) route = { queueId: queue.id, queueName: queue.name!, stages: stages.rows };
  }
  const fallbackFlowId = route ? null : (rows.rows.find((row) => row.earlier)?.id ?? (await options.covered?.()) ?? null);
  if (fallbackFlowId) {
    const earlier = (await sql<{ queue_id: string | null; queue_name: string }>`SELECT queue_id, queue_name FROM approval_flows WHERE id = ${fallbackFlowId} AND org_id = ${call.orgId}`.execute(trx)).rows[0];
    const stages = await sql<StageDef>`SELECT name, min_approvals, approver_user_ids, approver_group_ids
      FROM approval_flow_stages WHERE flow_id = ${fallbackFlowId} ORDER BY position`.execute(trx);
    if (earlier && stages.rows.length) route = { queueId: earlier.queue_id, queueName: earlier.queue_name, stages: stages.rows };
  }
  if (!route) return 'auto';
  const now = call.ctx.clock();
  const flowId = randomUUID();
  await sql`INSERT INTO approval_flows (id, org_id, resource, record_id, record_version, record_title, amount, queue_id, queue_name, requester_id, changed_by, status, current_position, created_at)
    VALUES (${flowId}, ${call.orgId}, ${resource.name}, ${facts.id}, ${facts.version}, ${facts.title}, ${facts.amount}, ${route.queueId}, ${route.queueName}, ${facts.requesterId},
      ${options.changedBy ?? null}, 'pending', 0, ${now})`.execute(trx);
  for (const [position, stage] of route.stages.entries()) {
    await sql`INSERT INTO approval_flow_stages (id, org_id, flow_id, position, name, min_approvals, approver_user_ids, approver_group_ids, status, opened_at)
      VALUES (${randomUUID()}, ${call.orgId}, ${flowId}, ${position}, ${stage.name}, ${stage.min_approvals}, ${idArray(stage.approver_user_ids)}, ${idArray(stage.approver_group_ids)},
        ${position === 0 ? 'pending' : 'waiting'}, ${position === 0 ? now : null})`.execute(trx);
  }
  await notifyStage(trx, call, flowId, 0);
  return 'pending';
}

/** The record's latest flow (any outcome): the approval that applied to it before. */
export async function latestFlow(trx: Trx, orgId: string, resource: string, recordId: string, statuses: readonly FlowRow['status'][] = ['pending', 'approved', 'rejected', 'voided']): Promise<string | null> {
  const row = await sql<{ id: string }>`SELECT id FROM approval_flows WHERE org_id = ${orgId} AND resource = ${resource} AND record_id = ${recordId}
    AND status IN (${sql.join(statuses)}) ORDER BY created_at DESC, id DESC LIMIT 1`.execute(trx);
  return row.rows[0]?.id ?? null;
}

/** Voids the record's flows in `statuses` (a watched field changed: pending and approved; a cancel: pending). */
export async function voidFlows(trx: Trx, call: Actor, resource: string, recordId: string, statuses: readonly FlowRow['status'][] = ['pending', 'approved']): Promise<number> {
  const now = call.ctx.clock();
  const flows = await sql<{ id: string }>`UPDATE approval_flows SET status = 'voided', decided_at = ${now}
    WHERE org_id = ${call.orgId} AND resource = ${resource} AND record_id = ${recordId} AND status IN (${sql.join(statuses)}) RETURNING id`.execute(trx);
  const ids = flows.rows.map((row) => row.id);
  if (ids.length) await sql`UPDATE approval_flow_stages SET status = 'voided', closed_at = ${now} WHERE flow_id IN (${sql.join(ids)}) AND status IN ('pending', 'waiting')`.execute(trx);
  return ids.length;
}

export interface FlowRow {
  id: string;
  resource: string;
  record_id: string;
  record_title: string;
  amount: string | number | null;
  requester_id: string | null;
  changed_by: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'voided';
  current_position: number | null;
}

interface StageRow {
  id: string;
  name: string;
  min_approvals: number;
  approvals: number;
  approver_user_ids: unknown;
  approver_group_ids: unknown;
}

/**
 * Whether `userId` may decide on the stage today: as one of its approvers (directly or through a
 * user group) → `{onBehalfOf: null}`, or as the substitute of one → `{onBehalfOf: that user}`.
 * Standing in for several, the path chosen is one whose principal is not in `avoid` (the flow's
 * requester and whoever changed the record, and the principals who already decided on the stage):
 * a substitute of both the author and another approver decides for the other. Only when every
 * path is avoided is the first returned (so the refusal names why).
 */
export async function eligibility(
  trx: Trx,
  orgId: string,
  stage: Pick<StageRow, 'approver_user_ids' | 'approver_group_ids'>,
  userId: string,
  today: string,
  avoid: readonly (string | null)[] = [],
): Promise<{ onBehalfOf: string | null } | null> {
  const approvers = await stageApprovers(trx, orgId, stage);
  if (approvers.includes(userId)) return { onBehalfOf: null };
  if (!approvers.length) return null;
  const avoided = avoid.filter((id): id is string => Boolean(id));
  const delegation = await sql<{ user_id: string }>`SELECT user_id FROM approval_delegations
    WHERE org_id = ${orgId} AND substitute_id = ${userId} AND starts_on <= ${today} AND ends_on >= ${today} AND user_id IN (${sql.join(approvers)})
    ORDER BY ${avoided.length ? sql`user_id IN (${sql.join(avoided)}), ` : sql``}starts_on, user_id LIMIT 1`.execute(trx);
  return delegation.rows[0] ? { onBehalfOf: delegation.rows[0].user_id } : null;
}

/** Who a decision on the stage may not be made for: the flow's requester, whoever changed the record, and the principals who already decided on it. */
export async function avoidedPrincipals(trx: Trx, flow: Pick<FlowRow, 'requester_id' | 'changed_by'>, stageId: string): Promise<(string | null)[]> {
  const decided = await sql<{ principal_id: string }>`SELECT principal_id FROM approval_decisions WHERE flow_stage_id = ${stageId}`.execute(trx);
  return [flow.requester_id, flow.changed_by, ...decided.rows.map((row) => row.principal_id)];
}

/** Active users who approve a stage: its users and the members of its groups. */
async function stageApprovers(trx: Trx, orgId: string, stage: Pick<StageRow, 'approver_user_ids' | 'approver_group_ids'>): Promise<string[]> {
  const users = idArray(stage.approver_user_ids);
  const groups = idArray(stage.approver_group_ids);
  const members = groups.length
    ? (await sql<{ user_id: string }>`SELECT user_id FROM user_group_members WHERE org_id = ${orgId} AND group_id IN (${sql.join(groups)})`.execute(trx)).rows.map((r) => r.user_id)
    : [];
  const all = [...new Set([...users, ...members])];
  if (!all.length) return [];
  const active = await sql<{ id: string }>`SELECT id FROM users WHERE org_id = ${orgId} AND is_active AND id IN (${sql.join(all)})`.execute(trx);
  return active.rows.map((row) => row.id);
}

/** The calendar date in Brasília (delegations are date ranges). */
export const todayIn = (now: Date) => saoPauloToday(now);

export type Outcome = 'counted' | 'repeated' | 'stageApproved' | 'approved' | 'rejected';

/** What the approval service needs of the record a flow is about. */
export interface DecisionHooks {
  /** Locks the record's row and returns its version (the record first, then the flow: the order every writer takes). */
  lockRecord(flow: FlowRow): Promise<number>;
  /** Whether the caller may see the flow at all (else a refusal is a 404, like a made-up id). */
  visible(flow: FlowRow): Promise<boolean>;
  /** Runs the record's approve / reject transition (same transaction) when the flow ends. */
  finish(flow: FlowRow, approved: boolean): Promise<void>;
}

const FLOW_COLUMNS = sql`id, resource, record_id, record_title, amount, requester_id, changed_by, status, current_position`;

/**
 * One approver's decision on the flow's open stage. Rules, each refused before anything is written:
 * nobody decides on what they created or on a change they made, in person or as a substitute (the
 * principal — the absent approver a substitute stands for — is checked as well as the caller); one
 * decision per principal per stage (N of M counts people: an approver and their substitute count
 * once). Someone who may not see the flow gets 404, as for a made-up id.
 */
export async function decide(trx: Trx, call: Actor, flowId: string, decision: 'approve' | 'reject', reason: string | null, hooks: DecisionHooks): Promise<Outcome> {
  const peek = (await sql<FlowRow>`SELECT ${FLOW_COLUMNS} FROM approval_flows WHERE id = ${flowId} AND org_id = ${call.orgId}`.execute(trx)).rows[0];
  if (!peek) throw new HttpError(404, 'Aprovação não encontrada.');
  const recordVersion = await hooks.lockRecord(peek);
  const flow = (await sql<FlowRow>`SELECT ${FLOW_COLUMNS} FROM approval_flows WHERE id = ${flowId} AND org_id = ${call.orgId} FOR UPDATE`.execute(trx)).rows[0];
  const now = call.ctx.clock();
  const today = todayIn(now);
  const stage =
    flow.status === 'pending' ? (await sql<StageRow>`SELECT id, name, min_approvals, approvals, approver_user_ids, approver_group_ids FROM approval_flow_stages
      WHERE flow_id = ${flow.id} AND position = ${flow.current_position}`.execute(trx)).rows[0] : undefined;
  const allowed = stage ? await eligibility(trx, call.orgId, stage, call.userId, today, await avoidedPrincipals(trx, flow, stage.id)) : null;
  if (!allowed) {
    // A double click that lands after the approver's own decision closed the stage is a repeat, not an intrusion.
    const earlier = await sql`SELECT 1 FROM approval_decisions WHERE flow_id = ${flow.id} AND user_id = ${call.userId} LIMIT 1`.execute(trx);
    if (earlier.rows.length) return 'repeated';
    const seen = flow.requester_id === call.userId || (await approvesAnotherStage(trx, call, flow.id, today)) || (await hooks.visible(flow));
    if (!seen) throw new HttpError(404, 'Aprovação não encontrada.');
    if (flow.status !== 'pending') throw new HttpError(409, APPROVAL_MESSAGES.closed);
    if (flow.requester_id === call.userId) throw new HttpError(403, APPROVAL_MESSAGES.ownRecord);
    if (await approvesAnotherStage(trx, call, flow.id, today, flow.current_position)) throw new HttpError(409, APPROVAL_MESSAGES.stageDecided);
    throw new HttpError(403, APPROVAL_MESSAGES.notApprover);
  }
  const principal = allowed.onBehalfOf ?? call.userId;
  if (flow.requester_id === call.userId) throw new HttpError(403, APPROVAL_MESSAGES.ownRecord);
  if (flow.requester_id === principal) throw new HttpError(403, APPROVAL_MESSAGES.ownRecordFor(await userName(trx, call.orgId, principal)));
  if (flow.changed_by && (flow.changed_by === call.userId || flow.changed_by === principal)) throw new HttpError(403, APPROVAL_MESSAGES.ownChange);
  const inserted = await sql<{ id: string }>`INSERT INTO approval_decisions (id, org_id, flow_id, flow_stage_id, user_id, on_behalf_of, principal_id, decision, reason, record_version, at)
    VALUES (${randomUUID()}, ${call.orgId}, ${flow.id}, ${stage!.id}, ${call.userId}, ${allowed.onBehalfOf}, ${principal}, ${decision}, ${reason}, ${recordVersion}, ${now})
    ON CONFLICT DO NOTHING RETURNING id`.execute(trx);
  if (!inserted.rows.length) {
    const mine = await sql`SELECT 1 FROM approval_decisions WHERE flow_stage_id = ${stage!.id} AND user_id = ${call.userId}`.execute(trx);
    if (mine.rows.length) return 'repeated';
    throw new HttpError(409, APPROVAL_MESSAGES.principalDecided(await userName(trx, call.orgId, principal)));
  }
  return closeStage(trx, call, flow, stage!, decision, reason, now, hooks);
}

/** Counts the decision on the stage: a reject ends the flow; the N-th approval opens the next stage or approves the record. */
async function closeStage(trx: Trx, call: Actor, flow: FlowRow, stage: StageRow, decision: 'approve' | 'reject', reason: string | null, now: Date, hooks: DecisionHooks): Promise<Outcome> {
  if (decision === 'reject') {
    await sql`UPDATE approval_flow_stages SET status = 'rejected', closed_at = ${now} WHERE id = ${stage.id}`.execute(trx);
    await sql`UPDATE approval_flow_stages SET status = 'voided' WHERE flow_id = ${flow.id} AND status = 'waiting'`.execute(trx);
    await sql`UPDATE approval_flows SET status = 'rejected', reason = ${reason}, decided_at = ${now}, current_position = NULL WHERE id = ${flow.id}`.execute(trx);
    await hooks.finish(flow, false);
    await notifyRequester(trx, call, flow, false, reason);
    return 'rejected';
  }
  const counted = (await sql<{ approvals: number }>`UPDATE approval_flow_stages SET approvals = approvals + 1 WHERE id = ${stage.id} RETURNING approvals`.execute(trx)).rows[0];
  if (counted.approvals < stage.min_approvals) return 'counted';
  await sql`UPDATE approval_flow_stages SET status = 'approved', closed_at = ${now} WHERE id = ${stage.id}`.execute(trx);
  const next = (flow.current_position ?? 0) + 1;
  const opened = await sql`UPDATE approval_flow_stages SET status = 'pending', opened_at = ${now} WHERE flow_id = ${flow.id} AND position = ${next}`.execute(trx);
  if (Number(opened.numAffectedRows ?? 0n) > 0) {
    await sql`UPDATE approval_flows SET current_position = ${next} WHERE id = ${flow.id}`.execute(trx);
    await notifyStage(trx, call, flow.id, next);
    return 'stageApproved';
  }
  await sql`UPDATE approval_flows SET status = 'approved', decided_at = ${now}, current_position = NULL WHERE id = ${flow.id}`.execute(trx);
  await hooks.finish(flow, true);
  await notifyRequester(trx, call, flow, true, null);
  return 'approved';
}

/** Whether the caller approves a stage of the flow (only those before `before`: stages already closed). */
async function approvesAnotherStage(trx: Trx, call: Actor, flowId: string, today: string, before: number | null = null): Promise<boolean> {
  const stages = await sql<StageRow & { position: number }>`SELECT id, position, approver_user_ids, approver_group_ids FROM approval_flow_stages WHERE flow_id = ${flowId} ORDER BY position`.execute(trx);
  for (const stage of stages.rows) if ((before === null || stage.position < before) && (await eligibility(trx, call.orgId, stage, call.userId, today))) return true;
  return false;
}

async function userName(trx: Trx, orgId: string, id: string): Promise<string> {
  const row = await sql<{ name: string }>`SELECT name FROM users WHERE org_id = ${orgId} AND id = ${id}`.execute(trx);
  return row.rows[0]?.name ?? 'o solicitante';
}

// ---------------------------------------------------------------- e-mails (after commit)

/** "O pedido "Cadeiras"", "A ordem de compra nº 12": the plug's noun, else the declaration's label with its article. */
function describe(flow: Pick<FlowRow, 'resource' | 'record_title'>): string {
  const resource = findResource(flow.resource);
  const noun = resource?.workflow?.approval?.noun ?? (resource ? `${resource.labels.gender === 'f' ? 'A' : 'O'} ${resource.labels.one.toLowerCase()}` : 'O registro');
  // A numbered record's title already names it ("Ordem de compra nº 12"): "A ordem de compra nº 12".
  if (resource && flow.record_title.startsWith(`${resource.labels.one} nº `)) return `${noun}${flow.record_title.slice(resource.labels.one.length)}`;
  return `${noun} "${flow.record_title}"`;
}

async function notifyStage(trx: Trx, call: Actor, flowId: string, position: number): Promise<void> {
  const row = (await sql<StageRow & FlowRow & { stage_name: string }>`SELECT s.name AS stage_name, s.approver_user_ids, s.approver_group_ids, f.resource, f.record_title, f.amount, f.requester_id, f.changed_by
    FROM approval_flow_stages s JOIN approval_flows f ON f.id = s.flow_id WHERE s.flow_id = ${flowId} AND s.position = ${position}`.execute(trx)).rows[0];
  if (!row) return;
  const ids = (await stageApprovers(trx, call.orgId, row)).filter((id) => id !== row.requester_id && id !== row.changed_by);
  if (!ids.length) return;
  const users = (await sql<{ email: string; name: string }>`SELECT email, name FROM users WHERE org_id = ${call.orgId} AND id IN (${sql.join(ids)})`.execute(trx)).rows;
  const link = `${call.ctx.settings.publicUrl}/filas-de-aprovacao/${flowId}`;
  for (const user of users) {
    const message = awaitingApprovalMail(user.email, user.name, describe(row), row.stage_name, row.amount === null ? null : formatMoney(Number(row.amount)), link);
    call.afterCommit.push(() => call.ctx.mailer.send(message));
  }
}

async function notifyRequester(trx: Trx, call: Actor, flow: FlowRow, approved: boolean, reason: string | null): Promise<void> {
  if (!flow.requester_id) return;
  const user = (await sql<{ email: string; name: string }>`SELECT email, name FROM users WHERE org_id = ${call.orgId} AND id = ${flow.requester_id}`.execute(trx)).rows[0];
  if (!user) return;
  const message = decisionMail(user.email, user.name, describe(flow), approved, reason, `${call.ctx.settings.publicUrl}${findResource(flow.resource)?.route.base ?? ''}/${flow.record_id}`);
  call.afterCommit.push(() => call.ctx.mailer.send(message));
}

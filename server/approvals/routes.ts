/**
 * The approval service's own routes (src/contracts/approvals.ts), under the approvals family's
 * prefix beside its generated registries. Being named an approver of a stage (directly, through a
 * user group, or as a substitute today) is what lets a user decide; every decision is audited with
 * who, when, on whose behalf and the record's version.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { approvalEndpoints, type FlowView } from '../../src/contracts/approvals.js';
import { COUNT_CAP, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../src/contracts/resource.js';
import { findResource, resourceList } from '../../src/contracts/resources/index.js';
import { audit } from '../audit.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { serveEndpoint } from '../http/endpoint.js';
import { HttpError, MESSAGES } from '../errors.js';
import { hasScope } from '../identity/users.js';
import { storageByName } from '../registry/families.js';
import { linkHeader } from '../registry/query.js';
import { findRecord } from '../registry/records.js';
import type { Caller } from '../registry/service.js';
import type { Trx } from '../registry/storage.js';
import { avoidedPrincipals, decide, eligibility, todayIn, type Actor, type FlowRow, type Outcome } from './engine.js';

/** A flow's amount in centavos; null for a record that carries none (a change of bank data). */
const amountOf = (value: string | number | null) => (value === null ? null : Number(value));

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const person = (id: string | null, name: string | null) => (id ? { id, label: name ?? '' } : null);
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * The SQL condition "the caller may decide on stage `s` of flow `f` today" (approver, group member
 * or substitute). A substitute's path counts only through someone a decision may be made for — not
 * the flow's requester nor whoever changed the record, and not yet decided on the stage (engine.ts
 * `eligibility` picks the same path).
 */
function mayDecide(userId: string, orgId: string, today: string) {
  const mine = sql`ARRAY(SELECT group_id FROM user_group_members WHERE org_id = ${orgId} AND user_id = ${userId})`;
  const open = (principal: RawBuilder<unknown>) => sql`${principal} IS DISTINCT FROM f.requester_id AND ${principal} IS DISTINCT FROM f.changed_by
    AND NOT EXISTS (SELECT 1 FROM approval_decisions x WHERE x.flow_stage_id = s.id AND x.principal_id = ${principal})`;
  const absent = sql`ARRAY(SELECT d.user_id FROM approval_delegations d WHERE d.org_id = ${orgId} AND d.substitute_id = ${userId} AND d.starts_on <= ${today} AND d.ends_on >= ${today}
    AND ${open(sql.ref('d.user_id'))})`;
  const absentGroups = sql`ARRAY(SELECT m.group_id FROM user_group_members m JOIN approval_delegations d ON d.user_id = m.user_id AND d.org_id = m.org_id
    WHERE d.org_id = ${orgId} AND d.substitute_id = ${userId} AND d.starts_on <= ${today} AND d.ends_on >= ${today} AND ${open(sql.ref('d.user_id'))})`;
  return sql`(${userId} = ANY(s.approver_user_ids) OR s.approver_group_ids && ${mine} OR s.approver_user_ids && ${absent} OR s.approver_group_ids && ${absentGroups})`;
}

/**
 * The SQL condition "flow `f` at its open stage `s` waits for the caller's decision": pending, not
 * theirs nor changed by them, not yet decided by them, and theirs to decide today (the inbox, the
 * home's summary and its figures).
 */
export function waitingFor(userId: string, orgId: string, today: string) {
  return sql`f.org_id = ${orgId} AND f.status = 'pending' AND f.requester_id IS DISTINCT FROM ${userId} AND f.changed_by IS DISTINCT FROM ${userId}
    AND NOT EXISTS (SELECT 1 FROM approval_decisions d WHERE d.flow_stage_id = s.id AND d.user_id = ${userId}) AND ${mayDecide(userId, orgId, today)}`;
}

export function approvalRoutes(ctx: AppContext) {
  return async function approvals(app: FastifyInstance) {
    const caller = (request: FastifyRequest): Caller => request.auth!;
    const access = { onRequest: app.requireAccess, tags: ['Aprovações'] };
    /** One transaction of the caller's tenant; e-mails queued by the work leave after the commit. */
    const inTenant = async <T>(request: FastifyRequest, fn: (trx: Trx, actor: Actor) => Promise<T>): Promise<T> => {
      const { userId, orgId } = caller(request);
      const actor: Actor = { ctx, orgId, userId, afterCommit: [] };
      const result = await withTenant(ctx.tenantDb, orgId, (trx) => fn(trx, actor));
      for (const task of actor.afterCommit) ctx.background(task);
      return result;
    };
    const serviceOf = (name: string) => {
      if (!findResource(name) || !storageByName(name)) throw new HttpError(404, MESSAGES.notFound);
      return ctx.records(name);
    };

    // ---------------------------------------------------------------- inbox
    serveEndpoint(app, approvalEndpoints.inbox, access, async (request, reply) => {
      const query = request.query as { page?: string; perPage?: string; resource?: string };
      const page = Math.max(1, Number(query.page ?? 1));
      const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(query.perPage ?? DEFAULT_PER_PAGE)));
      const { userId, orgId } = caller(request);
      const today = todayIn(ctx.clock());
      const where = sql`${waitingFor(userId, orgId, today)} ${query.resource ? sql`AND f.resource = ${query.resource}` : sql``}`;
      const { rows, total } = await inTenant(request, async (trx) => {
        const count = await sql<{ total: string }>`SELECT count(*) AS total FROM (SELECT 1 FROM approval_flows f
          JOIN approval_flow_stages s ON s.flow_id = f.id AND s.position = f.current_position WHERE ${where} LIMIT ${COUNT_CAP}) AS m`.execute(trx);
        const rows = await sql<FlowRow & { stage_id: string; stage_name: string; approvals: number; min_approvals: number; opened_at: Date; queue_name: string; requester_name: string | null; approver_user_ids: unknown }>`
          SELECT f.id, f.resource, f.record_id, f.record_title, f.amount, f.queue_name, f.requester_id, u.name AS requester_name,
            s.id AS stage_id, s.name AS stage_name, s.approvals, s.min_approvals, s.opened_at, s.approver_user_ids
          FROM approval_flows f JOIN approval_flow_stages s ON s.flow_id = f.id AND s.position = f.current_position
          LEFT JOIN users u ON u.id = f.requester_id AND u.org_id = f.org_id
          WHERE ${where} ORDER BY s.opened_at, f.id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(trx);
        const behalf = new Map<string, { id: string; label: string } | null>();
        for (const row of rows.rows) {
          if (ids(row.approver_user_ids).includes(userId)) continue;
          const allowed = await eligibility(trx, orgId, { approver_user_ids: row.approver_user_ids, approver_group_ids: [] }, userId, today);
          if (allowed?.onBehalfOf) behalf.set(row.id, await personOf(trx, orgId, allowed.onBehalfOf));
        }
        return { rows: rows.rows.map((row) => ({ ...row, behalf: behalf.get(row.id) ?? null })), total: Number(count.rows[0].total) };
      });
      reply.header('x-total-count', String(total)).header('link', linkHeader(request.url, page, perPage, total));
      return rows.map((row) => ({
        id: row.id,
        resource: row.resource,
        recordId: row.record_id,
        title: row.record_title,
        amount: amountOf(row.amount),
        queueName: row.queue_name,
        stageId: row.stage_id,
        stageName: row.stage_name,
        approvals: row.approvals,
        minApprovals: row.min_approvals,
        requester: person(row.requester_id, row.requester_name),
        waitingSince: iso(row.opened_at)!,
        onBehalfOf: row.behalf,
      }));
    });

    // ---------------------------------------------------------------- decided by me ("Decididas por mim")
    serveEndpoint(app, approvalEndpoints.decided, access, async (request, reply) => {
      const query = request.query as { page?: string; perPage?: string; resource?: string };
      const page = Math.max(1, Number(query.page ?? 1));
      const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(query.perPage ?? DEFAULT_PER_PAGE)));
      const { userId, orgId } = caller(request);
      const where = sql`d.org_id = ${orgId} AND d.user_id = ${userId} ${query.resource ? sql`AND f.resource = ${query.resource}` : sql``}`;
      const { rows, total } = await inTenant(request, async (trx) => {
        const count = await sql<{ total: string }>`SELECT count(*) AS total FROM (SELECT 1 FROM approval_decisions d JOIN approval_flows f ON f.id = d.flow_id WHERE ${where} LIMIT ${COUNT_CAP}) AS m`.execute(trx);
        const rows = await sql<{ id: string; decision_id: string; resource: string; record_id: string; record_title: string; amount: string | null; queue_name: string; status: FlowView['status']; stage_name: string; decision: 'approve' | 'reject'; reason: string | null; at: Date; requester_id: string | null; requester_name: string | null }>`
          SELECT f.id, d.id AS decision_id, f.resource, f.record_id, f.record_title, f.amount, f.queue_name, f.status, s.name AS stage_name, d.decision, d.reason, d.at, f.requester_id, u.name AS requester_name
          FROM approval_decisions d JOIN approval_flows f ON f.id = d.flow_id JOIN approval_flow_stages s ON s.id = d.flow_stage_id
          LEFT JOIN users u ON u.id = f.requester_id AND u.org_id = f.org_id
          WHERE ${where} ORDER BY d.at DESC, d.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(trx);
        return { rows: rows.rows, total: Number(count.rows[0].total) };
      });
      reply.header('x-total-count', String(total)).header('link', linkHeader(request.url, page, perPage, total));
      return rows.map((row) => ({
        id: row.id,
        decisionId: row.decision_id,
        resource: row.resource,
        recordId: row.record_id,
        title: row.record_title,
        amount: amountOf(row.amount),
        queueName: row.queue_name,
        status: row.status,
        stageName: row.stage_name,
        decision: row.decision,
        reason: row.reason,
        decidedAt: iso(row.at)!,
        requester: person(row.requester_id, row.requester_name),
      }));
    });

    // ---------------------------------------------------------------- where records stand ("Aguardando Carla, etapa 2 de 3")
    serveEndpoint(app, approvalEndpoints.waiting, access, async (request) => {
      const { resource } = request.params as { resource: string };
      const wanted = [...new Set(String((request.query as { ids: string }).ids).split(',').map((id) => id.trim()).filter(Boolean))].slice(0, MAX_PER_PAGE);
      serviceOf(resource);
      if (!wanted.length) return [];
      const user = caller(request);
      return inTenant(request, async (trx) => {
        // Everything the caller may read of the resource, or else only what they requested.
        const mine = (await mayRead(trx, user, resource)) ? sql`` : sql`AND f.requester_id = ${user.userId}`;
        // Four queries whatever the number of records: the flows with their open stage, the decisions on those stages, the names.
        const flows = (await sql<{ id: string; record_id: string; position: number; stages: string; stage_id: string; stage_name: string; approver_user_ids: unknown; approver_group_ids: unknown }>`
          SELECT f.id, f.record_id, s.position, (SELECT count(*) FROM approval_flow_stages x WHERE x.flow_id = f.id) AS stages, s.id AS stage_id, s.name AS stage_name, s.approver_user_ids, s.approver_group_ids
          FROM approval_flows f JOIN approval_flow_stages s ON s.flow_id = f.id AND s.position = f.current_position
          WHERE f.org_id = ${user.orgId} AND f.resource = ${resource} AND f.status = 'pending' AND f.record_id IN (${sql.join(wanted)}) ${mine}`.execute(trx)).rows;
        if (!flows.length) return [];
        const decided = (await sql<{ flow_stage_id: string; principal: string }>`SELECT flow_stage_id, coalesce(on_behalf_of, user_id) AS principal FROM approval_decisions
          WHERE org_id = ${user.orgId} AND flow_stage_id IN (${sql.join(flows.map((f) => f.stage_id))})`.execute(trx)).rows;
        const users = await labels(trx, user.orgId, 'users', flows.flatMap((f) => ids(f.approver_user_ids)));
        const groups = await labels(trx, user.orgId, 'user_groups', flows.flatMap((f) => ids(f.approver_group_ids)));
        return flows.map((flow) => {
          const done = new Set(decided.filter((d) => d.flow_stage_id === flow.stage_id).map((d) => d.principal));
          return {
            recordId: flow.record_id,
            flowId: flow.id,
            position: flow.position + 1,
            stages: Number(flow.stages),
            stageName: flow.stage_name,
            waitingFor: [
              ...ids(flow.approver_user_ids).filter((uid) => !done.has(uid)).map((uid) => users.get(uid) ?? ''),
              ...ids(flow.approver_group_ids).map((gid) => groups.get(gid) ?? ''),
            ].filter(Boolean),
          };
        });
      });
    });

    // ---------------------------------------------------------------- summary (home page)
    serveEndpoint(app, approvalEndpoints.summary, access, async (request) => {
      const { userId, orgId } = caller(request);
      const today = todayIn(ctx.clock());
      return inTenant(request, async (trx) => {
        const waiting = await sql<{ total: string }>`SELECT count(*) AS total FROM approval_flows f JOIN approval_flow_stages s ON s.flow_id = f.id AND s.position = f.current_position
          WHERE ${waitingFor(userId, orgId, today)}`.execute(trx);
        const mine: Record<string, Record<string, number>> = {};
        for (const resource of resourceList.filter((r) => r.workflow && r.ownership === 'own')) {
          const storage = storageByName(resource.name);
          if (!storage) continue;
          const counts = await sql<{ state: string; total: string }>`SELECT ${sql.ref(resource.workflow!.field)} AS state, count(*) AS total FROM ${sql.table(storage.table)}
            WHERE org_id = ${orgId} AND created_by = ${userId} GROUP BY 1`.execute(trx);
          mine[resource.name] = Object.fromEntries(counts.rows.map((row) => [row.state, Number(row.total)]));
        }
        return { waitingForMe: Number(waiting.rows[0].total), mine };
      });
    });

    // ---------------------------------------------------------------- flows
    serveEndpoint(app, approvalEndpoints.flow, access, async (request) => {
      const { id } = request.params as { id: string };
      return inTenant(request, async (trx) => {
        const user = caller(request);
        const view = await loadFlow(trx, user, id);
        if (!view) throw new HttpError(404, MESSAGES.notFound);
        // Whoever may see the flow sees the document it decides on (an approver needs no read scope on the resource).
        const service = findResource(view.resource) && storageByName(view.resource) ? ctx.records(view.resource) : null;
        const call = service ? await service.recordCall(trx, user, view.recordId, { request }) : undefined;
        const record = service && call ? await findRecord(trx, call, service.storage, view.recordId) : undefined;
        if (service && call && record) await service.decorate(trx, call, [record]);
        return { ...view, record: record ? stripLinks(record) : null, recordParentId: call?.parentId || null };
      });
    });

    serveEndpoint(app, approvalEndpoints.recordFlows, access, async (request) => {
      const { resource, recordId } = request.params as { resource: string; recordId: string };
      const service = serviceOf(resource);
      return inTenant(request, async (trx) => {
        // The record must be one the caller may read (their own, or with the read scope).
        const user = caller(request);
        const ownOnly = !(await mayRead(trx, user, resource));
        const record = await findRecord(trx, await service.recordCall(trx, user, recordId, { ownOnly }), service.storage, recordId);
        if (!record) throw new HttpError(404, MESSAGES.notFound);
        const flows = await sql<{ id: string }>`SELECT id FROM approval_flows WHERE org_id = ${user.orgId} AND resource = ${resource} AND record_id = ${recordId} ORDER BY created_at DESC`.execute(trx);
        const views: FlowView[] = [];
        for (const flow of flows.rows) views.push((await loadFlow(trx, user, flow.id, true))!);
        return views;
      });
    });

    async function decideOne(request: FastifyRequest, id: string, decision: 'approve' | 'reject', reason: string | null): Promise<{ outcome: Outcome; view: FlowView }> {
      return inTenant(request, async (trx, actor) => {
        const user = caller(request);
        const recordCall = (flow: FlowRow) => serviceOf(flow.resource).recordCall(trx, user, flow.record_id, { request }, actor.afterCommit);
        const outcome = await decide(trx, actor, id, decision, reason, {
          lockRecord: async (flow) => (await findRecord(trx, await recordCall(flow), serviceOf(flow.resource).storage, flow.record_id, true))?.version ?? 0,
          visible: (flow) => mayRead(trx, user, flow.resource),
          finish: async (flow, approved) => {
            const service = serviceOf(flow.resource);
            const plug = service.workflow!.approval!;
            await service.runAction(trx, await recordCall(flow), flow.record_id, approved ? plug.approve : plug.reject, approved ? {} : { reason: reason ?? '' }, undefined, { system: true });
          },
        });
        await audit(trx, ctx.clock(), { orgId: user.orgId, actorUserId: user.userId, action: `approvals.${decision}`, entityType: 'approvalFlows', entityId: id, after: { outcome, reason } }, request);
        return { outcome, view: (await loadFlow(trx, user, id, true))! };
      });
    }

    serveEndpoint(app, approvalEndpoints.approve, access, async (request) => {
      const { id } = request.params as { id: string };
      const note = (request.body as { note?: string } | undefined)?.note?.trim();
      return (await decideOne(request, id, 'approve', note || null)).view;
    });

    serveEndpoint(app, approvalEndpoints.reject, access, async (request) => {
      const { id } = request.params as { id: string };
      return (await decideOne(request, id, 'reject', request.body.reason)).view;
    });

    for (const [decision, endpoint] of [['approve', approvalEndpoints.bulkApprove], ['reject', approvalEndpoints.bulkReject]] as const) {
      serveEndpoint(app, endpoint, access, async (request) => {
        const { ids: list, reason } = request.body as { ids: string[]; reason?: string };
        const done: string[] = [];
        const failed: { id: string; message: string }[] = [];
        for (const id of [...new Set(list)]) {
          try {
            await decideOne(request, id, decision, reason ?? null);
            done.push(id);
          } catch (error) {
            if (!(error instanceof HttpError)) request.log.error({ err: error, id }, 'bulk decision failed');
            failed.push({ id, message: error instanceof HttpError ? error.message : MESSAGES.internal });
          }
        }
        return { done, failed };
      });
    }

    // ---------------------------------------------------------------- one flow, as the caller may see it

    /** The flow, when the caller is its requester, an approver of one of its stages, or reads its resource. */
    async function loadFlow(trx: Trx, user: Caller, id: string, trusted = false): Promise<FlowView | undefined> {
      const flow = (await sql<FlowRow & { queue_name: string; reason: string | null; created_at: Date; decided_at: Date | null; requester_name: string | null; changed_by_name: string | null }>`
        SELECT f.*, u.name AS requester_name, c.name AS changed_by_name FROM approval_flows f LEFT JOIN users u ON u.id = f.requester_id AND u.org_id = f.org_id
        LEFT JOIN users c ON c.id = f.changed_by AND c.org_id = f.org_id
        WHERE f.id = ${id} AND f.org_id = ${user.orgId}`.execute(trx)).rows[0];
      if (!flow) return undefined;
      const stages = (await sql<{ id: string; position: number; name: string; status: string; min_approvals: number; approvals: number; approver_user_ids: unknown; approver_group_ids: unknown }>`
        SELECT id, position, name, status, min_approvals, approvals, approver_user_ids, approver_group_ids FROM approval_flow_stages WHERE flow_id = ${id} ORDER BY position`.execute(trx)).rows;
      const today = todayIn(ctx.clock());
      const current = stages.find((stage) => stage.position === flow.current_position);
      // The open stage's eligibility serves both the access check and `canDecide`.
      const allowedNow = current ? await eligibility(trx, user.orgId, current, user.userId, today, await avoidedPrincipals(trx, flow, current.id)) : null;
      const eligibleNow = allowedNow !== null;
      if (!trusted && !eligibleNow && flow.requester_id !== user.userId && !(await mayRead(trx, user, flow.resource))) {
        let eligible = false;
        for (const stage of stages) if (stage !== current && !eligible) eligible = (await eligibility(trx, user.orgId, stage, user.userId, today)) !== null;
        if (!eligible) return undefined;
      }
      const decisions = (await sql<{ id: string; flow_stage_id: string; user_id: string; user_name: string | null; on_behalf_of: string | null; behalf_name: string | null; decision: 'approve' | 'reject'; reason: string | null; record_version: number; at: Date }>`
        SELECT d.id, d.flow_stage_id, d.user_id, u.name AS user_name, d.on_behalf_of, b.name AS behalf_name, d.decision, d.reason, d.record_version, d.at
        FROM approval_decisions d LEFT JOIN users u ON u.id = d.user_id AND u.org_id = d.org_id LEFT JOIN users b ON b.id = d.on_behalf_of AND b.org_id = d.org_id
        WHERE d.flow_id = ${id} ORDER BY d.at`.execute(trx)).rows;
      const names = await labels(trx, user.orgId, 'users', stages.flatMap((s) => ids(s.approver_user_ids)));
      const groups = await labels(trx, user.orgId, 'user_groups', stages.flatMap((s) => ids(s.approver_group_ids)));
      // The engine's rules (engine.ts `decide`): not the requester nor whoever changed the record, in person or through the one they stand in for; once per person.
      const principal = allowedNow?.onBehalfOf ?? user.userId;
      const decided = current ? decisions.some((d) => d.flow_stage_id === current.id && (d.user_id === user.userId || (d.on_behalf_of ?? d.user_id) === principal)) : true;
      const excluded = [flow.requester_id, flow.changed_by].filter(Boolean);
      const canDecide = Boolean(current) && flow.status === 'pending' && !excluded.includes(user.userId) && !excluded.includes(principal) && !decided && eligibleNow;
      return {
        id: flow.id,
        resource: flow.resource,
        recordId: flow.record_id,
        title: flow.record_title,
        amount: amountOf(flow.amount),
        queueName: flow.queue_name,
        status: flow.status,
        reason: flow.reason,
        requester: person(flow.requester_id, flow.requester_name),
        changedBy: person(flow.changed_by, flow.changed_by_name),
        createdAt: iso(flow.created_at)!,
        decidedAt: iso(flow.decided_at),
        stages: stages.map((stage) => ({
          id: stage.id,
          position: stage.position,
          name: stage.name,
          status: stage.status as FlowView['stages'][number]['status'],
          minApprovals: stage.min_approvals,
          approvals: stage.approvals,
          approvers: ids(stage.approver_user_ids).map((uid) => ({ id: uid, label: names.get(uid) ?? '' })),
          groups: ids(stage.approver_group_ids).map((gid) => ({ id: gid, label: groups.get(gid) ?? '' })),
        })),
        decisions: decisions.map((d) => ({
          id: d.id,
          stageId: d.flow_stage_id,
          user: { id: d.user_id, label: d.user_name ?? '' },
          onBehalfOf: person(d.on_behalf_of, d.behalf_name),
          decision: d.decision,
          reason: d.reason,
          recordVersion: d.record_version,
          at: iso(d.at)!,
        })),
        canDecide,
      };
    }
  };
}

/** The record without its per-caller links and actions (the flow page decides through the approval, not the record's transitions). */
function stripLinks(record: Record<string, unknown>): Record<string, unknown> {
  const { _actions: _a, ...rest } = record;
  return rest;
}

/** The caller holds `read` on the permission of the declaration `resource`. */
async function mayRead(trx: Trx, user: Caller, resource: string): Promise<boolean> {
  const declaration = findResource(resource);
  return declaration ? hasScope(trx, { id: user.userId, orgId: user.orgId, accessLevel: user.accessLevel }, declaration.permission, 'read') : false;
}

async function labels(trx: Trx, orgId: string, table: 'users' | 'user_groups', list: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(list)];
  if (!wanted.length) return new Map();
  const rows = await sql<{ id: string; name: string }>`SELECT id, name FROM ${sql.table(table)} WHERE org_id = ${orgId} AND id IN (${sql.join(wanted)})`.execute(trx);
  return new Map(rows.rows.map((row) => [row.id, row.name]));
}

async function personOf(trx: Trx, orgId: string, id: string) {
  return { id, label: (await labels(trx, orgId, 'users', [id])).get(id) ?? '' };
}

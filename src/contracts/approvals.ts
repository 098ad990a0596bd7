/**
 * The approval service's own calls (family `approvals`, `/v1/approvals`), beside the generated
 * routes of its registries (`queues`, `delegations`):
 * | Call | Answer |
 * |---|---|
 * | `GET inbox?page&perPage&resource` | what waits for the caller's decision, oldest stage first; `Link`, `X-Total-Count` |
 * | `GET summary` | counts for the home page: waiting for me; my pedidos by state |
 * | `GET flows/{id}` | one flow: stages, decisions, whether the caller may decide now |
 * | `GET records/{resource}/{recordId}` | every flow of a record, newest first |
 * | `POST flows/{id}/approve` `{note?}` / `reject` `{reason}` | the flow after the decision; 409 closed, 403 own record or not an approver; a repeated decision counts once |
 * | `POST bulk/approve` `{ids}` / `bulk/reject` `{ids, reason}` | `BulkResult` (one transaction per flow) |
 */
import * as z from 'zod/mini';
import { reasonInput } from './workflow';

export const FLOW_STATES = ['pending', 'approved', 'rejected', 'voided'] as const;
export const STAGE_STATES = ['waiting', 'pending', 'approved', 'rejected', 'voided'] as const;
export const FLOW_STATE_LABELS: Readonly<Record<(typeof FLOW_STATES)[number], string>> = { pending: 'Em aprovação', approved: 'Aprovada', rejected: 'Reprovada', voided: 'Anulada' };
export const STAGE_STATE_LABELS: Readonly<Record<(typeof STAGE_STATES)[number], string>> = {
  waiting: 'Aguardando etapa anterior',
  pending: 'Em aprovação',
  approved: 'Aprovada',
  rejected: 'Reprovada',
  voided: 'Anulada',
};

const person = z.object({ id: z.string(), label: z.string() });

export const inboxItem = z.object({
  id: z.string(),
  resource: z.string(),
  recordId: z.string(),
  title: z.string(),
  amount: z.number(),
  queueName: z.string(),
  stageId: z.string(),
  stageName: z.string(),
  approvals: z.int(),
  minApprovals: z.int(),
  requester: z.nullable(person),
  waitingSince: z.string(),
  /** The caller decides as substitute of this approver. */
  onBehalfOf: z.nullable(person),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const decisionView = z.object({
  id: z.string(),
  stageId: z.string(),
  user: person,
  onBehalfOf: z.nullable(person),
  decision: z.enum(['approve', 'reject']),
  reason: z.nullable(z.string()),
  recordVersion: z.int(),
  at: z.string(),
});

export const stageView = z.object({
  id: z.string(),
  position: z.int(),
  name: z.string(),
  status: z.enum(STAGE_STATES),
  minApprovals: z.int(),
  approvals: z.int(),
  approvers: z.array(person),
  groups: z.array(person),
});

export const flowView = z.object({
  id: z.string(),
  resource: z.string(),
  recordId: z.string(),
  title: z.string(),
  amount: z.number(),
  queueName: z.string(),
  status: z.enum(FLOW_STATES),
  reason: z.nullable(z.string()),
  requester: z.nullable(person),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  stages: z.array(stageView),
  decisions: z.array(decisionView),
  /** The caller may approve or reject the open stage now. */
  canDecide: z.boolean(),
});
export type FlowView = z.infer<typeof flowView>;

export const approveBody = z.strictObject({ note: z.optional(z.string().check(z.maxLength(500))) });
export const rejectBody = z.strictObject(reasonInput.shape);
export const bulkApproveBody = z.strictObject({ ids: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1), z.maxLength(1000)) });
export const bulkRejectBody = z.strictObject({ ...bulkApproveBody.shape, ...reasonInput.shape });

export const approvalSummary = z.object({
  waitingForMe: z.int(),
  /** The caller's own records of each workflow resource, counted by state. */
  mine: z.record(z.string(), z.record(z.string(), z.int())),
});
export type ApprovalSummary = z.infer<typeof approvalSummary>;

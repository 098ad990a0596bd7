/**
 * The approval service's own calls (family `approvals`, `/v1/approvals`), beside the generated
 * routes of its registries (`queues`, `delegations`), declared as endpoints (endpoint.ts) at the
 * end of this file: the server serves them and the client calls them from these declarations.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { bulkResult } from './resourceSchemas';
import { REASON } from './workflow';

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
  /** Centavos; null for a record that carries no amount (a change of bank data). */
  amount: z.nullable(z.number()),
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
  /** Centavos; null for a record that carries no amount (a change of bank data). */
  amount: z.nullable(z.number()),
  queueName: z.string(),
  status: z.enum(FLOW_STATES),
  reason: z.nullable(z.string()),
  requester: z.nullable(person),
  /** Who changed the record's watched data (payee, amount, payment data) when this flow started: may not decide on it. */
  changedBy: z.nullable(person),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  stages: z.array(stageView),
  decisions: z.array(decisionView),
  /** The caller may approve or reject the open stage now. */
  canDecide: z.boolean(),
  /** The record under approval, as its read returns it (the approver sees the document inline); null when it is gone. */
  record: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  /** A nested record's parent id (an alteração's conta financeira): its page's path names it. */
  recordParentId: z.optional(z.nullable(z.string())),
});
export type FlowView = z.infer<typeof flowView>;

/** One flow the caller decided on (the "Decididas por mim" list), newest decision first. */
export const decidedItem = z.object({
  /** The flow's id (one flow may appear once per stage the caller decided). */
  id: z.string(),
  decisionId: z.string(),
  resource: z.string(),
  recordId: z.string(),
  title: z.string(),
  /** Centavos; null for a record that carries no amount (a change of bank data). */
  amount: z.nullable(z.number()),
  queueName: z.string(),
  status: z.enum(FLOW_STATES),
  stageName: z.string(),
  decision: z.enum(['approve', 'reject']),
  reason: z.nullable(z.string()),
  decidedAt: z.string(),
  requester: z.nullable(person),
});
export type DecidedItem = z.infer<typeof decidedItem>;

/** Where a record's pending approval stands: the open stage, its position among the flow's stages, who it waits for. */
export const waitingItem = z.object({
  recordId: z.string(),
  flowId: z.string(),
  position: z.int(),
  stages: z.int(),
  stageName: z.string(),
  /** The approvers (people, then profiles) of the open stage who have not decided yet. */
  waitingFor: z.array(z.string()),
});
export type WaitingItem = z.infer<typeof waitingItem>;

export const approveBody = z.strictObject({ note: z.optional(z.string().check(z.maxLength(500))) });
/** `reasonRule` of workflow.ts, written with zod itself: this contract is not a declaration's rule. */
const reason = z.string().check(z.trim(), z.minLength(REASON.min, REASON.required), z.maxLength(REASON.max, REASON.tooLong));
export const rejectBody = z.strictObject({ reason });
export const bulkApproveBody = z.strictObject({ ids: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1), z.maxLength(1000)) });
export const bulkRejectBody = z.strictObject({ ...bulkApproveBody.shape, reason });

export const approvalSummary = z.object({
  waitingForMe: z.int(),
  /** The caller's own records of each workflow resource, counted by state. */
  mine: z.record(z.string(), z.record(z.string(), z.int())),
});
export type ApprovalSummary = z.infer<typeof approvalSummary>;

// ---------------------------------------------------------------- the calls

const flowId = z.object({ id: z.string().check(z.maxLength(64)) });
const pageQuery = z.object({
  page: z.optional(z.string().check(z.regex(/^\d{1,6}$/))),
  perPage: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
  resource: z.optional(z.string().check(z.maxLength(40))),
});

export const approvalEndpoints = {
  inbox: defineEndpoint({ family: 'approvals', method: 'GET', path: 'inbox', summary: 'Aprovações que aguardam a minha decisão', query: pageQuery, answer: z.array(inboxItem), paged: true }),
  decided: defineEndpoint({ family: 'approvals', method: 'GET', path: 'decided', summary: 'Aprovações em que registrei uma decisão (a mais recente primeiro)', query: pageQuery, answer: z.array(decidedItem), paged: true }),
  waiting: defineEndpoint({
    family: 'approvals', method: 'GET', path: 'waiting/{resource}', summary: 'Onde estão as aprovações pendentes destes registros (etapa N de M, aguardando quem)',
    params: z.object({ resource: z.string().check(z.maxLength(40)) }),
    query: z.object({ ids: z.string().check(z.maxLength(2000)) }),
    answer: z.array(waitingItem),
  }),
  summary: defineEndpoint({ family: 'approvals', method: 'GET', path: 'summary', summary: 'Minhas pendências: aguardando a minha decisão e os meus registros por situação', answer: approvalSummary }),
  flow: defineEndpoint({ family: 'approvals', method: 'GET', path: 'flows/{id}', summary: 'Uma aprovação: etapas, decisões e se posso decidir agora', params: flowId, answer: flowView }),
  recordFlows: defineEndpoint({
    family: 'approvals', method: 'GET', path: 'records/{resource}/{recordId}', summary: 'As aprovações de um registro (a mais recente primeiro)',
    params: z.object({ resource: z.string().check(z.maxLength(40)), recordId: z.string().check(z.maxLength(64)) }), answer: z.array(flowView),
  }),
  approve: defineEndpoint({ family: 'approvals', method: 'POST', path: 'flows/{id}/approve', summary: 'Aprova a etapa aberta (uma decisão por pessoa; repetir não conta de novo)', params: flowId, body: z.optional(approveBody), answer: flowView }),
  reject: defineEndpoint({ family: 'approvals', method: 'POST', path: 'flows/{id}/reject', summary: 'Reprova com motivo (encerra a aprovação)', params: flowId, body: rejectBody, answer: flowView }),
  bulkApprove: defineEndpoint({ family: 'approvals', method: 'POST', path: 'bulk/approve', summary: 'Aprova em lote (uma transação por aprovação)', body: bulkApproveBody, answer: bulkResult }),
  bulkReject: defineEndpoint({ family: 'approvals', method: 'POST', path: 'bulk/reject', summary: 'Reprova em lote com um motivo', body: bulkRejectBody, answer: bulkResult }),
} as const;

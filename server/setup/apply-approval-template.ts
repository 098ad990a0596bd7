/**
 * An approval queue from a template (src/contracts/onboarding.ts `APPROVAL_TEMPLATES`): created
 * through the approval queues' record service — the same rules, unique name and audit as the
 * form — with one trigger (the amount from which it applies) and one stage approved by the members
 * of a standard profile. The queue's name is unique in the organisation, so a template used twice
 * is a 409 and nothing changes. Editable afterwards like any queue.
 */
import { sql } from 'kysely';
import { APPROVAL_TEMPLATES } from '../../src/contracts/onboarding.js';
import type { AppContext } from '../context.js';
import { HttpError, MESSAGES } from '../errors.js';
import type { Caller } from '../registry/service.js';
import type { Call } from '../registry/storage.js';

export const approvalTemplateMessages = {
  exists: (name: string) => `A fila “${name}” já existe: ajuste-a em Filas de Aprovação.`,
  noProfile: (profile: string) => `O perfil ${profile} não existe mais nesta organização: crie a fila em Filas de Aprovação, escolhendo os aprovadores.`,
} as const;

export async function applyApprovalTemplate(ctx: AppContext, caller: Caller, request: Call['request'], key: string): Promise<{ id: string; name: string }> {
  const template = APPROVAL_TEMPLATES.find((candidate) => candidate.key === key);
  if (!template) throw new HttpError(404, MESSAGES.notFound);
  const queues = ctx.records('approvalQueues');
  return queues.run(caller, { request }, async (trx, call) => {
    // The unique index is the wall (two calls at once); this says it in words first.
    const taken = (await sql`SELECT 1 FROM approval_queues WHERE org_id = ${caller.orgId} AND name = ${template.name}`.execute(trx)).rows.length > 0;
    if (taken) throw new HttpError(409, approvalTemplateMessages.exists(template.name));
    const group = (await sql<{ id: string }>`SELECT id FROM user_groups WHERE org_id = ${caller.orgId} AND name = ${template.profile} LIMIT 1`.execute(trx)).rows[0];
    if (!group) throw new HttpError(409, approvalTemplateMessages.noProfile(template.profile));
    const record = await queues.create(trx, call, {
      name: template.name,
      resource: template.resource,
      priority: 100,
      isActive: true,
      description: template.description,
      stages: [{ name: template.stage, minApprovals: 1, approverUserIds: [], approverGroupIds: [group.id] }],
      triggers: [{ minAmount: template.minAmount, maxAmount: null, costCenterId: null, departmentId: null, supplierId: null }],
    });
    return { id: record.id, name: String(record.name) };
  });
}

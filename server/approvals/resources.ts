/**
 * Storage of the approvals family's registries (`/v1/approvals`): the queues (stages as keyed rows
 * of `approval_queue_stages`: flows copy them, so their ids stay stable across edits; triggers as
 * jsonb) and the substitutes of approvers.
 */
import { approvalDelegations, approvalQueues } from '../../src/contracts/resources/index.js';
import type { FieldErrors } from '../errors.js';
import { declaredStorage } from '../registry/declared.js';
import type { Storages } from '../registry/storage.js';

export const APPROVAL_RULES = {
  noApprover: 'Escolha ao menos um aprovador ou perfil aprovador.',
  tooManyRequired: 'Não pode exigir mais aprovações do que há aprovadores.',
  amountRange: 'O valor inicial não pode ser maior que o final.',
  dateRange: 'A data final não pode ser anterior à inicial.',
  selfDelegation: 'O substituto deve ser outra pessoa.',
} as const;

type Stage = { minApprovals?: number; approverUserIds?: string[]; approverGroupIds?: string[] };
type Trigger = { minAmount?: number | null; maxAmount?: number | null };

export const approvalsStorages: Storages = {
  approvalQueues: declaredStorage(approvalQueues, 'approval_queues', {
    children: {
      stages: { table: 'approval_queue_stages', own: 'queue_id' },
    },
    validate(values) {
      const errors: FieldErrors = {};
      ((values.stages as Stage[] | undefined) ?? []).forEach((stage, index) => {
        const users = stage.approverUserIds?.length ?? 0;
        const groups = stage.approverGroupIds?.length ?? 0;
        if (!users && !groups) errors[`stages.${index}.approverUserIds`] = [APPROVAL_RULES.noApprover];
        // A group's size changes with its members: the count is checked only against named users.
        else if (!groups && (stage.minApprovals ?? 1) > users) errors[`stages.${index}.minApprovals`] = [APPROVAL_RULES.tooManyRequired];
      });
      ((values.triggers as Trigger[] | undefined) ?? []).forEach((trigger, index) => {
        if (trigger.minAmount != null && trigger.maxAmount != null && trigger.minAmount > trigger.maxAmount) errors[`triggers.${index}.maxAmount`] = [APPROVAL_RULES.amountRange];
      });
      return errors;
    },
  }),
  approvalDelegations: declaredStorage(approvalDelegations, 'approval_delegations', {
    validate(values) {
      const errors: FieldErrors = {};
      if (typeof values.startsOn === 'string' && typeof values.endsOn === 'string' && values.endsOn < values.startsOn) errors.endsOn = [APPROVAL_RULES.dateRange];
      if (values.userId && values.userId === values.substituteId) errors.substituteId = [APPROVAL_RULES.selfDelegation];
      return errors;
    },
  }),
};

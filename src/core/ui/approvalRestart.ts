/**
 * An edit that voids a record's approval (DOMAIN: editing an amount, supplier or payment data after
 * approval voids it): in one of its plug's `restartFrom` states, a change to a `watched` field sends
 * the record back to its approval queue on save. The form says so before the user types and asks
 * before saving such a change (issue 27 §3).
 */
import '../i18n/recordPageTexts';
import type { AnyResource } from '../../contracts/resource';
import { t } from '../i18n';
import { fieldLabel, resourceLabel } from '../resources/labels';
import { changedFields, type FormValues } from '../resources/values';
import type { Row } from '../resources/useList';

export interface ApprovalRestart {
  /** What the form says from the start ("Alterar itens, centro de custos ou departamento reinicia a aprovação…"). */
  notice: string;
  /** The watched fields changed so far (labels): non-empty means saving restarts the approval. */
  changed: string[];
  /** The confirmation's text for those changes. */
  question: string;
}

const list = (labels: string[]) => new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(labels);
const either = (labels: string[]) => new Intl.ListFormat('pt-BR', { type: 'disjunction' }).format(labels);

/** The record's noun in a sentence: "o pedido" (the plug's own, else the label with its article). */
function nounOf(resource: AnyResource): string {
  const declared = resource.workflow?.approval?.noun;
  const noun = declared ?? `${resource.labels.gender === 'f' ? 'A' : 'O'} ${resourceLabel(resource, 'one').toLowerCase()}`;
  return noun.charAt(0).toLowerCase() + noun.slice(1);
}

export function approvalRestart(resource: AnyResource, base: Row | null, start: FormValues, values: FormValues): ApprovalRestart | null {
  const workflow = resource.workflow;
  const plug = workflow?.approval;
  if (!workflow || !plug || !base || !plug.restartFrom.includes(String(base[workflow.field] ?? ''))) return null;
  const label = (field: string) => fieldLabel(resource, field).toLowerCase();
  const changed = changedFields(start, values).filter((field) => plug.watched.includes(field)).map(label);
  const noun = nounOf(resource);
  return {
    notice: t('workflow.restart.notice', { fields: either(plug.watched.map(label)), noun }),
    changed,
    question: t('workflow.restart.question', { fields: list(changed), noun }),
  };
}

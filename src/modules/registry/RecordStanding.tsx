/**
 * What a record is, under its page's title: its number (when the title is not already it), its
 * workflow state and, while it waits for an approval, where that stands ("Aguardando Carla
 * Compras, etapa 2 de 2"). Nothing for a record without number or workflow.
 */
import '../../core/i18n/recordPageTexts';
import type { AnyResource } from '../../contracts/resource';
import { t } from '../../core/i18n';
import type { Row } from '../../core/resources/useList';
import { stateOf } from '../../core/resources/workflow';
import { StatusBadge } from '../../core/ui/StatusBadge';
import { useWaitingLines } from '../approvals/Waiting';

export function RecordStanding({ resource, record }: { resource: AnyResource; record: Row }) {
  const waiting = useWaitingLines(resource, [record]).get(record.id);
  const numberField = resource.numbering?.field;
  const number = numberField && numberField !== resource.titleField ? record[numberField] : null;
  const state = stateOf(resource, record);
  if (number == null && !state) return null;
  return (
    <>
      {number != null && <span data-record-number>{t('registry.number', { number: String(number) })}</span>}
      {state && <StatusBadge label={state.label} tone={state.tone} />}
      {waiting && <span role="status">{waiting}</span>}
    </>
  );
}

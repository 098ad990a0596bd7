/**
 * The note a status-history row shows besides from → to (catalogue/historyNotes.ts): the
 * catalogue's text for the resource's transition, filled from the input the row recorded — the
 * estorno's recorded `amount` is the reversed baixa's. Null when there is none or a value is missing.
 */
import type { AnyResource } from '../../contracts/resource';
import { findTransition, type HistoryEntry } from '../../contracts/workflow';
import { formatMoney } from '../../contracts/money';
import { hasMessage, registerCatalogue, t } from '../i18n';
import { historyNotes } from '../i18n/catalogue/historyNotes';

registerCatalogue(historyNotes);

export function historyNote(resource: AnyResource, entry: Pick<HistoryEntry, 'action' | 'to' | 'input'>): string | null {
  const transition = resource.workflow ? findTransition(resource.workflow, entry.action) : undefined;
  if (!transition) return null;
  const key = `workflow.history.note.${resource.name}.${transition.name}`;
  const elsewhere = `${key}.elsewhere`;
  const chosen = entry.to !== transition.to && hasMessage(elsewhere) ? elsewhere : key;
  if (!hasMessage(chosen)) return null;
  const input = entry.input ?? {};
  let missing = false;
  const text = t(chosen).replace(/\{(\w+)(?::(money))?\}/g, (_, name: string, format?: string) => {
    const value = input[name];
    if (format === 'money' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string' || typeof value === 'number') {
      return format === 'money' ? formatMoney(value as number) : String(value);
    }
    missing = true;
    return '';
  });
  return missing ? null : text;
}

/**
 * What a status-history row says besides from → to: the transition's `historyNote` filled from the
 * row's recorded input ("Baixa parcial de R$ 200,00"). Apart from workflow.ts so that only the
 * history timeline (show pages) loads it.
 */
import { formatMoney } from './money';
import type { Transition } from './workflow';

/**
 * The history note a transition declares, filled from a history row's input and states (null when
 * it declares none or its input lacks a placeholder's value).
 */
export function historyNoteOf(transition: Transition | undefined, entry: { to: string; input: Record<string, unknown> | null }): string | null {
  const note = transition?.historyNote;
  if (!note) return null;
  const input = entry.input ?? {};
  const template = entry.to !== transition.to && note.elsewhere ? note.elsewhere : note.text;
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input[name];
    if (note.money?.includes(name)) {
      if (typeof value === 'number' && Number.isFinite(value)) return formatMoney(value);
    } else if (typeof value === 'string' || typeof value === 'number') return String(value);
    missing = true;
    return '';
  });
  return missing ? null : text;
}

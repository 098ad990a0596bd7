import '../../i18n/recordPageTexts';
import { t } from '../../i18n';
import { fieldLabel } from '../../resources/labels';
import { lineTarget, useReferencedLines } from '../../resources/referencedLines';
import * as ui from '../ui.css';
import type { InputProps } from './types';

/**
 * A `lineOf` field (a faturamento line's "Item da ordem"): a select of the lines of the record the
 * form's reference names ("1. Papel A4"), empty and disabled until that reference is chosen. An id
 * that is not among them (a line since removed) stays as it is, for the API to refuse by name.
 */
export function LineOfInput({ id, resource, def, value, onChange, invalid, describedBy, record }: InputProps) {
  const lineOf = def.lineOf;
  const chosen = lineOf ? record?.[lineOf.reference] : undefined;
  const lines = useReferencedLines(lineTarget(resource, lineOf), chosen, lineOf);
  if (!lineOf) return null;
  const current = typeof value === 'string' ? value : '';
  const stray = current !== '' && lines !== null && !lines.some((line) => line.id === current);
  const empty = !chosen ? t('registry.lineOf.chooseFirst', { field: fieldLabel(resource, lineOf.reference) }) : lines === null ? t('registry.lineOf.loading') : '—';
  return (
    <select id={id} className={ui.input} value={current} disabled={!chosen} aria-invalid={invalid || undefined} aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}>
      <option value="">{empty}</option>
      {lines?.map((line) => <option key={line.id} value={line.id}>{line.label}</option>)}
      {(stray || (current !== '' && lines === null)) && <option value={current}>{current}</option>}
    </select>
  );
}

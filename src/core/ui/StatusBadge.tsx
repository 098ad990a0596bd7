import type { Tone } from '../../contracts/workflow';
import * as css from './data.css';

/** A workflow state as a badge: the state's label in its tone. */
export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span className={css.badge[tone]} data-tone={tone}>
      {label}
    </span>
  );
}

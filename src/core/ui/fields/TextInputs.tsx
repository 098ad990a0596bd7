import { applyPattern } from '../../../contracts/brazil/pattern';
import type { InputProps } from './types';
import * as ui from '../ui.css';
import * as css from '../data.css';

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Digits (and the pattern's own separators) fill the pattern; anything else stays as typed, so validation names it. */
function fillPattern(pattern: string, typed: string): string {
  if (!/^[\d\s/.-]*$/.test(typed)) return typed;
  const slots = pattern.split('').filter((slot) => slot === '#').length;
  return applyPattern(pattern, typed.replace(/\D/g, '').slice(0, slots));
}

/** text (with its `pattern`, if any), email. */
export function TextInput({ id, def, value, onChange, invalid, describedBy }: InputProps) {
  const pattern = 'pattern' in def ? def.pattern : undefined;
  return (
    <input
      id={id}
      className={ui.input}
      type={def.type === 'email' ? 'email' : 'text'}
      autoComplete={def.type === 'email' ? 'email' : 'off'}
      inputMode={pattern ? 'numeric' : undefined}
      placeholder={'placeholder' in def ? def.placeholder : undefined}
      value={str(value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(pattern ? fillPattern(pattern, event.target.value) : event.target.value)}
    />
  );
}

/** longText, richText (plain text area; the server sanitises rich text). */
export function LongTextInput({ id, value, onChange, invalid, describedBy }: InputProps) {
  return (
    <textarea
      id={id}
      className={`${ui.input} ${css.textarea}`}
      value={str(value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** integer: digits (and a leading minus); anything else is kept as typed so validation names it. */
export function IntegerInput({ id, value, onChange, invalid, describedBy }: InputProps) {
  return (
    <input
      id={id}
      className={ui.input}
      inputMode="numeric"
      value={str(value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => {
        const raw = event.target.value.trim();
        onChange(raw === '' ? null : /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw);
      }}
    />
  );
}

import type { InputHTMLAttributes } from 'react';
import * as css from './ui.css';

export function Checkbox({ label, onChecked, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & { label: string; onChecked?: (checked: boolean) => void }) {
  return (
    <label className={css.checkbox}>
      <input type="checkbox" onChange={(event) => onChecked?.(event.target.checked)} {...rest} />
      <span>{label}</span>
    </label>
  );
}

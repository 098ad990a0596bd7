import type { ButtonHTMLAttributes } from 'react';
import * as css from './ui.css';

type Variant = keyof typeof css.button;

export function Button({ variant = 'primary', busy, children, disabled, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button type="button" className={css.button[variant]} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className={css.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

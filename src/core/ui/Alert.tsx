import type { ReactNode } from 'react';
import * as css from './ui.css';

/** Inline message; errors are announced assertively, the rest politely. */
export function Alert({ tone = 'error', children }: { tone?: keyof typeof css.alert; children: ReactNode }) {
  return (
    <div className={css.alert[tone]} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

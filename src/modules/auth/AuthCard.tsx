import type { ReactNode } from 'react';
import * as css from '../../core/ui/ui.css';

/** The card every login-layout screen sits in; its heading labels the region. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={css.card} aria-labelledby="auth-title">
      <div className={css.stack}>
        <h1 id="auth-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}

import { Suspense, useState, type ReactNode } from 'react';
import { Spinner } from './Spinner';
import * as css from './data.css';

/**
 * A collapsed panel of a list (`<details>`): the summary always, the body rendered — and its
 * chunk fetched — only once someone opens it, so the first list screen does not pay for it.
 */
export function LazyDetails({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={css.filters} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={css.summary}>{summary}</summary>
      {open && <Suspense fallback={<Spinner />}>{children()}</Suspense>}
    </details>
  );
}

import type { ReactNode } from 'react';
import * as styles from './loginLayout.css';

/** The sign-in screens' page: one centred column (no sidebar, no header). */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <main className={styles.loginLayout}>
      <div className={styles.loginColumn}>{children}</div>
    </main>
  );
}

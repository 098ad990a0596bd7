import type { ReactNode } from 'react';
import { useNavigation } from '../navigation';

/** Link that navigates inside the host router (a new tab with modifier keys still works). */
export function Link({ href, children, className, current }: { href: string; children: ReactNode; className?: string; current?: boolean }) {
  const { go } = useNavigation();
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        go(href);
      }}
    >
      {children}
    </a>
  );
}

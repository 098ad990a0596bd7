import type { ReactNode } from 'react';
import { useNavigation } from '../navigation';

/**
 * Link that navigates inside the host router (a new tab with modifier keys still works);
 * `onFollow` replaces the plain navigation (a row that opens its record, the sidebar's own steps).
 */
export function Link({ href, children, className, current, onFollow }: { href: string; children: ReactNode; className?: string; current?: boolean; onFollow?: () => void }) {
  const { go, href: address } = useNavigation();
  return (
    <a
      href={address ? address(href) : href}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        if (onFollow) onFollow();
        else go(href);
      }}
    >
      {children}
    </a>
  );
}

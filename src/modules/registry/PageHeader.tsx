import type { ReactNode } from 'react';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useNavigation } from '../../core/navigation';

/** Link that navigates inside the host router (new tab with modifier keys still works). */
export function NavLink({ href, children, className, current }: { href: string; children: ReactNode; className?: string; current?: boolean }) {
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

/** Title row of a registry screen: back link, heading and the screen's buttons. */
export function PageHeader({ title, back, children, titleId }: { title: string; back?: { href: string; label: string }; children?: ReactNode; titleId: string }) {
  return (
    <div className={ui.stack} style={{ gap: 4 }}>
      {back && <NavLink href={back.href} className={css.muted}>← {back.label}</NavLink>}
      <div className={css.header}>
        <h1 id={titleId} style={{ margin: 0 }}>{title}</h1>
        {children && <div className={ui.row}>{children}</div>}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link as NavLink } from '../../core/ui/Link';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';


/** Link that navigates inside the host router. */
export { NavLink };

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

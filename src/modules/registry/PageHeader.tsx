import type { ReactNode } from 'react';
import { Link as NavLink } from '../../core/ui/Link';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';


/** Link that navigates inside the host router. */
export { NavLink };

interface PageHeaderProps {
  title: string;
  back?: { href: string; label: string };
  children?: ReactNode;
  titleId: string;
  /** What the record is under its title: its number, its state, where its approval stands. */
  meta?: ReactNode;
}

/** Title row of a registry screen: back link, heading (and what the record is) and the screen's buttons. */
export function PageHeader({ title, back, children, titleId, meta }: PageHeaderProps) {
  return (
    <div className={ui.stack} style={{ gap: 4 }}>
      {back && <NavLink href={back.href} className={css.muted}>← {back.label}</NavLink>}
      <div className={css.header}>
        <div className={ui.stack} style={{ gap: 4 }}>
          <h1 id={titleId} style={{ margin: 0 }}>{title}</h1>
          {meta && <p className={`${ui.row} ${css.muted}`} style={{ margin: 0 }}>{meta}</p>}
        </div>
        {children && <div className={ui.row}>{children}</div>}
      </div>
    </div>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../i18n';
import * as css from './ui.css';

/** Modal window: labelled, focus moved inside, Escape closes, focus returns where it was. */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = root?.activeElement as HTMLElement | null;
    box.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className={css.backdrop} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div ref={box} className={css.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={css.dialogHeader}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={css.button.link} onClick={onClose}>{t('ui.close')}</button>
        </div>
        {children}
      </div>
    </div>
  );
}

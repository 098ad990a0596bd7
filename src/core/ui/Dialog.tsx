import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../i18n';
import * as css from './ui.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's own controls: a modal (`aria-modal`) never hands focus to
 * the page behind its backdrop.
 */
function keepFocusInside(event: KeyboardEvent, box: HTMLElement | null) {
  if (event.key !== 'Tab' || !box) return;
  const controls = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
  if (!controls.length) return;
  const active = (box.getRootNode() as Document | ShadowRoot).activeElement;
  const [first, last] = [controls[0], controls[controls.length - 1]];
  if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Modal window: labelled, focus moved inside and kept there, Escape closes, focus returns where it was. */
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
    <div className={css.backdrop} onKeyDown={(event) => (event.key === 'Escape' ? onClose() : keepFocusInside(event, box.current))}>
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

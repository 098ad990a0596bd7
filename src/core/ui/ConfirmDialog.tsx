import '../i18n/recordPageTexts';
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { Dialog } from './Dialog';
import * as ui from './ui.css';

/** A question with a confirm and a cancel button. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, onConfirm, onCancel, danger, busy }: { title: string; children?: ReactNode; confirmLabel?: string; cancelLabel?: string; onConfirm: () => void; onCancel: () => void; danger?: boolean; busy?: boolean }) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <div className={ui.stack}>
        {children}
        <div className={ui.row}>
          <button type="button" className={danger ? ui.button.danger : ui.button.primary} disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>{confirmLabel ?? t('registry.confirm')}</button>
          <button type="button" className={ui.button.secondary} onClick={onCancel}>{cancelLabel ?? t('registry.dismiss')}</button>
        </div>
      </div>
    </Dialog>
  );
}

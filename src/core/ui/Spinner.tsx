import { t } from '../i18n';
import * as css from './ui.css';

export function Spinner({ label = t('ui.loading') }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className={css.row}>
      <span className={css.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

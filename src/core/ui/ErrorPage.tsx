import { t } from '../i18n';
import * as css from './ui.css';

interface Props {
  status?: number;
  message?: string;
  description?: string;
  path?: string;
  onHome?: () => void;
}

/**
 * Full-page error view (spec §2 Page behaviour): not-found (404, "Page Not Found" + path) and
 * fatal errors (default 500, "Internal Server Error", with a description).
 */
export function ErrorPage({ status = 500, message, description, path, onHome }: Props) {
  const text = message ?? (status === 404 ? t('page.notFound') : t('page.serverError'));
  return (
    <main className={css.errorPage} aria-labelledby="error-title">
      <p className={css.errorStatus} aria-hidden="true">{status}</p>
      <h1 id="error-title">{text}</h1>
      {path && <p><code>{path}</code></p>}
      {description && <p>{description}</p>}
      <div className={css.row}>
        {onHome && <button type="button" className={css.button.primary} onClick={onHome}>{t('portal.notFound.back')}</button>}
        {status !== 404 && (
          <button type="button" className={css.button.secondary} onClick={() => window.location.reload()}>{t('portal.error.reload')}</button>
        )}
      </div>
    </main>
  );
}

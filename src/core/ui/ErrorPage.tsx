import type { MouseEvent } from 'react';
import { t } from '../i18n';
import * as css from './ui.css';

interface Props {
  status?: number;
  message?: string;
  description?: string;
  path?: string;
  /** Follows the way back (the portal's or the element's home). */
  onHome?: () => void;
  /** The way back as a link (the portal's "Início"); without it, a button. */
  homeHref?: string;
}

/**
 * Error view (spec §2 Page behaviour): not-found (404, "Page Not Found" + path) and fatal
 * errors (default 500, "Internal Server Error", with a description), each with a pt-BR line
 * saying what happened and the way back. It is a page's content: the portal shows it inside
 * its layout (sidebar, header), an area element inside its own box.
 */
export function ErrorPage({ status = 500, message, description, path, onHome, homeHref }: Props) {
  const notFound = status === 404;
  const text = message ?? (notFound ? t('page.notFound') : t('page.serverError'));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0 || !onHome) return;
    event.preventDefault();
    onHome();
  };
  return (
    <section className={css.errorPage} aria-labelledby="error-title">
      <p className={css.errorStatus} aria-hidden="true">{status}</p>
      <h1 id="error-title">{text}</h1>
      <p className={css.errorLine}>{notFound ? t('page.notFound.line') : t('page.serverError.line')}</p>
      {path && <p><code>{path}</code></p>}
      {description && <p>{description}</p>}
      <div className={css.errorActions}>
        {homeHref ? (
          <a href={homeHref} className={css.button.primary} onClick={follow}>{t('portal.notFound.back')}</a>
        ) : onHome && (
          <button type="button" className={css.button.primary} onClick={onHome}>{t('portal.notFound.back')}</button>
        )}
        {!notFound && (
          <button type="button" className={css.button.secondary} onClick={() => window.location.reload()}>{t('portal.error.reload')}</button>
        )}
      </div>
    </section>
  );
}

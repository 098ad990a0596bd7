import { ApiError } from '../api';
import { isChunkLoadError } from '../chunkReload';
import { t } from '../i18n';
import { ErrorPage } from '../ui/ErrorPage';
import { Spinner } from '../ui/Spinner';
import type { View } from './RouterHost';

/** The page itself for a resolved view: the route's screen, the 404 page or the fatal-error page. */
export function RouteView({ view, onHome, homeHref }: { view: View; onHome?: () => void; homeHref?: string }) {
  switch (view.kind) {
    case 'loading':
      return <Spinner />;
    case 'notFound':
      return <ErrorPage status={404} message={t('page.notFound')} path={view.location.pathname} onHome={onHome} homeHref={homeHref} />;
    case 'error': {
      const error = view.error as { status?: unknown; message?: string; description?: string };
      const status = typeof error?.status === 'number' ? error.status : 500;
      // Our own errors speak pt-BR; a browser's message (a chunk that failed to load) does not.
      const description = error?.description
        ?? (view.error instanceof ApiError ? error.message : isChunkLoadError(view.error) ? t('page.chunkError') : undefined);
      return <ErrorPage status={status} message={t('page.serverError')} description={description} onHome={onHome} homeHref={homeHref} />;
    }
    case 'route': {
      const { Component, match } = view;
      return <Component {...match.params} title={match.route.title} />;
    }
  }
}

import { t } from '../i18n';
import { ErrorPage } from '../ui/ErrorPage';
import { Spinner } from '../ui/Spinner';
import type { View } from './RouterHost';

/** The page itself for a resolved view: the route's screen, the 404 page or the fatal-error page. */
export function RouteView({ view, onHome }: { view: View; onHome?: () => void }) {
  switch (view.kind) {
    case 'loading':
      return <Spinner />;
    case 'notFound':
      return <ErrorPage status={404} message={t('page.notFound')} path={view.location.pathname} onHome={onHome} />;
    case 'error': {
      const error = view.error as { status?: unknown; message?: string; description?: string };
      const status = typeof error?.status === 'number' ? error.status : 500;
      return <ErrorPage status={status} message={t('page.serverError')} description={error?.description ?? error?.message} onHome={onHome} />;
    }
    case 'route': {
      const { Component, match } = view;
      return <Component {...match.params} title={match.route.title} />;
    }
  }
}

import { useEffect, useMemo, useState } from 'react';
import { setAppConfigUrl } from '../../core/config';
import { emit } from '../../core/elements/events';
import { createGuardDeps, runGuard } from '../../core/guard';
import { ElementRoot } from '../../core/host/ElementRoot';
import { RouterHost, type Guard, type View } from '../../core/host/RouterHost';
import { RouteView } from '../../core/host/RouteView';
import { createPortalRouter } from '../../core/router';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useVersionNotices } from '../../core/host/useVersionNotices';
import { routes } from '../routes';
import { LoginLayout, PortalShell } from './PortalShell';

export interface PortalProps {
  container?: ShadowRoot;
  configUrl?: string;
}

/** `<bo-portal>`: the whole product on the page's own URL. */
export function PortalApp({ container, configUrl }: PortalProps) {
  if (configUrl) setAppConfigUrl(configUrl);
  const [router] = useState(() => createPortalRouter(routes));
  const guard = useMemo<Guard>(() => {
    const deps = createGuardDeps({ routes });
    return (to) => runGuard(to, deps);
  }, []);
  const host = container?.host;
  useEffect(() => router.subscribe((state) => emit(host, 'bo-navigate', { path: state.location.pathname })), [router, host]);
  useEffect(() => () => router.destroy(), [router]);
  useSessionEvents(host);
  useVersionNotices();

  const render = (view: View) => {
    const page = <RouteView view={view} onHome={() => router.go('/')} />;
    if (view.kind !== 'route') return page;
    if (view.match.route.layout === 'login') return <LoginLayout>{page}</LoginLayout>;
    if (view.match.route.layout === 'portal') return <PortalShell>{page}</PortalShell>;
    return page;
  };
  return (
    <ElementRoot>
      <RouterHost router={router} guard={guard} render={render} />
    </ElementRoot>
  );
}

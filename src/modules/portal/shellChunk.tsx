import { useEffect, useState, type ReactNode } from 'react';
import type { RouteDef } from '../../core/router';

type ShellModule = typeof import('./PortalShell');

/**
 * The signed-in frame (sidebar, header, breadcrumbs, "Ir para…") is its own chunk, so a signed-out
 * visitor downloads only the login (issue 23's budget). bo-portal.ts loads it before the first
 * render when a session is stored; a sign-in asks for it at once.
 *
 * Not React.lazy: lazy suspends on its first render even when the module is already here, and the
 * first screen rendered under a suspended frame was mounted twice (a bookmarked list asked for its
 * rows twice). Once loaded, the frame renders synchronously, as a static import would.
 */
let loaded: ShellModule | undefined;
let loading: Promise<ShellModule> | undefined;

export function loadShell(): Promise<ShellModule> {
  loading ??= import('./PortalShell').then((module) => (loaded = module));
  return loading;
}

export function PortalShell({ routes, children }: { routes: readonly RouteDef[]; children: ReactNode }) {
  const [shell, setShell] = useState(loaded);
  useEffect(() => {
    if (shell) return;
    let live = true;
    void loadShell().then((module) => live && setShell(module));
    return () => {
      live = false;
    };
  }, [shell]);
  // Only right after a sign-in, for the moment the frame's chunk takes: the page comes with it.
  if (!shell) return null;
  return <shell.PortalShell routes={routes}>{children}</shell.PortalShell>;
}

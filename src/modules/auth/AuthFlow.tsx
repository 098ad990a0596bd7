import { useEffect, useState } from 'react';
import { EmbeddedContext } from '../../core/host/embedding';
import { RouterHost, type Guard } from '../../core/host/RouterHost';
import { RouteView } from '../../core/host/RouteView';
import { createEmbeddedRouter } from '../../core/router';
import { signInRoutes } from './routes';
import { SignedInContext, type SignedInHandler } from './useAfterSignIn';

const screensHandleTheirOwnSteps: Guard = async () => ({ type: 'continue' });

/** Login → (setup | code) → signed in, on its own in-memory history. */
export function AuthFlow({ onSignedIn, initialPath = '/login', embedded = true }: { onSignedIn: SignedInHandler; initialPath?: string; embedded?: boolean }) {
  const [router] = useState(() => createEmbeddedRouter(signInRoutes, initialPath));
  useEffect(() => () => router.destroy(), [router]);
  return (
    <EmbeddedContext.Provider value={embedded}>
      <SignedInContext.Provider value={onSignedIn}>
        <RouterHost router={router} guard={screensHandleTheirOwnSteps} render={(view) => <RouteView view={view} onHome={() => router.go('/login')} />} />
      </SignedInContext.Provider>
    </EmbeddedContext.Provider>
  );
}

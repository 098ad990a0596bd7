import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { logout } from '../../core/auth';
import { ElementRoot } from '../../core/host/ElementRoot';
import { openLoginWindow } from '../../core/host/loginWindow';
import { t } from '../../core/i18n';
import { safeRedirect } from '../../core/navigation';
import { sessionAtom } from '../../core/session';
import { sessionEndedAtom } from '../../core/sessionLife';
import { Button } from '../../core/ui/Button';
import * as css from '../../core/ui/ui.css';
import { SignInGate } from '../../core/host/sharedSignIn';
import { useSessionEvents } from '../../core/host/useSessionEvents';
import { useSignedIn } from '../../core/host/useSignedIn';
import { AuthFlow } from './AuthFlow';

export interface LoginElementProps {
  container?: ShadowRoot;
  redirectTo?: string;
}

/**
 * `<bo-login>`: sign-in (with two-step) for any page; optionally leaves to `redirect-to` afterwards.
 * The page's first one is the sign-in of every tag on the page; a second one waits like the tags.
 */
export function LoginElement({ container, redirectTo }: LoginElementProps) {
  const host = container?.host;
  useSessionEvents(host);
  const { loggedUser } = useAtomValue(sessionAtom);
  const [flowKey, setFlowKey] = useState(0);
  const signedIn = useSignedIn();
  // Ended (tokens dead, kept so the page and its forms stay): never "conectado"; the page's one sign-in.
  const ended = useAtomValue(sessionEndedAtom);
  return (
    <ElementRoot>
      {signedIn ? (
        <section className={css.card} aria-labelledby="bo-login-signed-in">
          <div className={css.stack}>
            <h1 id="bo-login-signed-in">{t('portal.brand')}</h1>
            {ended ? (
              <>
                <p role="status">{t('portal.loginElement.sessionEnded', { email: loggedUser!.email })}</p>
                <Button onClick={openLoginWindow}>{t('notice.button.login')}</Button>
              </>
            ) : (
              <>
                <p>{t('portal.loginElement.signedIn', { email: loggedUser!.email })}</p>
                <Button variant="secondary" onClick={() => void logout().then(() => setFlowKey((k) => k + 1))}>{t('portal.logout')}</Button>
              </>
            )}
          </div>
        </section>
      ) : (
        <SignInGate host={host} waiting>
          <AuthFlow
            key={flowKey}
            onSignedIn={() => {
              if (redirectTo) window.location.assign(safeRedirect(redirectTo));
            }}
          />
        </SignInGate>
      )}
    </ElementRoot>
  );
}

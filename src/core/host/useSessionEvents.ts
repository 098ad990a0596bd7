import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { emit } from '../elements/events';
import { sessionAtom } from '../session';
import { useSignedIn } from './useSignedIn';

/** Fires `bo-session-change` on the host whenever the signed-in user changes. */
export function useSessionEvents(host: Element | undefined) {
  const { loggedUser } = useAtomValue(sessionAtom);
  const signedIn = useSignedIn();
  useEffect(() => {
    emit(host, 'bo-session-change', { signedIn, user: signedIn ? loggedUser : null });
  }, [host, signedIn, loggedUser]);
}

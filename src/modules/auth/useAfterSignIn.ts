import { createContext, useContext } from 'react';
import { useNavigation } from '../../core/navigation';

/** A host (the portal, `<bo-login>`, the small login window) decides what "signed in" leads to. */
export type SignedInHandler = (redirectTo: string, reload: boolean) => void | Promise<void>;
export const SignedInContext = createContext<SignedInHandler | null>(null);

export function useAfterSignIn(): SignedInHandler {
  const handler = useContext(SignedInContext);
  const { go } = useNavigation();
  return handler ?? ((redirectTo, reload) => (reload ? window.location.assign(redirectTo) : go(redirectTo, { replace: true })));
}

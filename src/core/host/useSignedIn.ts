import { useAtomValue } from 'jotai';
import { sessionAtom } from '../session';

/** A full session: an Authorization token and the user it belongs to (not a pending two-step). */
export function useSignedIn(): boolean {
  const { loggedUser, accessToken, tokenType } = useAtomValue(sessionAtom);
  return Boolean(accessToken && tokenType === 'Authorization' && loggedUser);
}

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { t } from '../../core/i18n';
import { safeRedirect, useNavigation, useQuery, withQuery } from '../../core/navigation';
import { sessionAtom } from '../../core/session';
import { Spinner } from '../../core/ui/Spinner';
import { AuthCard } from './AuthCard';

/**
 * /auth/authorized and /auth/callback: landing pages of an external sign-in. Retaguarda signs
 * in with its own credentials, so these forward to redirectTo when a session exists, else to /login.
 */
export default function AuthorizedPage() {
  const { go } = useNavigation();
  const query = useQuery();
  const session = useAtomValue(sessionAtom);
  const redirectTo = safeRedirect(query.get('redirectTo'));
  useEffect(() => {
    go(session.accessToken && session.tokenType === 'Authorization' ? redirectTo : withQuery('/login', { redirectTo }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AuthCard title={t('auth.authorized.title')}>
      <Spinner />
    </AuthCard>
  );
}

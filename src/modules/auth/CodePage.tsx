import { useAtomValue } from 'jotai';
import type { TwoFactorMethod } from '../../contracts/identity';
import { verifyCode } from '../../core/account';
import { t } from '../../core/i18n';
import { safeRedirect, useNavigation, useQuery } from '../../core/navigation';
import { sessionAtom } from '../../core/session';
import { AuthCard } from './AuthCard';
import { CodeForm } from './CodeForm';
import { useAfterSignIn } from './useAfterSignIn';

/** /auth/codigo: the second step of a login, or (endpoint=usersMe) a fresh verification for account security. */
export default function CodePage() {
  const query = useQuery();
  const { go } = useNavigation();
  const finish = useAfterSignIn();
  const session = useAtomValue(sessionAtom);
  const endpoint = query.get('endpoint') === 'usersMe' ? 'usersMe' : 'auth';
  const redirectTo = safeRedirect(query.get('redirectTo'), endpoint === 'usersMe' ? '/minha-conta' : '/');

  const methods: TwoFactorMethod[] =
    endpoint === 'usersMe' && session.loggedUser
      ? methodsOf(session.loggedUser.twoFactorsSettings)
      : ([session.twoFactorIsTotpAllowedMethod && 'TOTP', session.twoFactorIsEmailAllowedMethod && 'Email'].filter(Boolean) as TwoFactorMethod[]);

  return (
    <AuthCard title={t('auth.code.title')}>
      <CodeForm
        methods={methods.length ? methods : ['TOTP', 'Email']}
        scope={endpoint}
        allowRecovery
        onSubmit={async (method, code) => {
          await verifyCode({ method, code, endpoint });
          if (endpoint === 'usersMe') go(redirectTo, { replace: true });
          else await finish(redirectTo, false);
        }}
      />
    </AuthCard>
  );
}

function methodsOf(settings: { allowedMethods: TwoFactorMethod[]; boundMethods: TwoFactorMethod[] }): TwoFactorMethod[] {
  const bound = settings.allowedMethods.filter((method) => settings.boundMethods.includes(method));
  return bound.length ? bound : settings.allowedMethods;
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { login } from '../../core/auth';
import { useSignedIn } from '../../core/host/useSignedIn';
import { t } from '../../core/i18n';
import { safeRedirect, useNavigation, useQuery, withQuery } from '../../core/navigation';
import { Button } from '../../core/ui/Button';
import { Checkbox } from '../../core/ui/Checkbox';
import { TextField } from '../../core/ui/TextField';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { AuthCard } from './AuthCard';
import { useAfterSignIn } from './useAfterSignIn';

const loginForm = z.object({
  login: z.string().check(z.trim(), z.minLength(1, t('auth.login.required'))),
  secret: z.string().check(z.minLength(1, t('auth.secret.required'))),
});

export default function LoginPage() {
  const { go } = useNavigation();
  const query = useQuery();
  const redirectTo = safeRedirect(query.get('redirectTo'));
  const finish = useAfterSignIn();
  const finished = useRef(false);
  const done = async (reload: boolean) => {
    if (finished.current) return;
    finished.current = true;
    await finish(redirectTo, reload);
  };
  // Signed in meanwhile (another element on the page, another tab): move on.
  const signedIn = useSignedIn();
  useEffect(() => {
    if (signedIn) void done(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
  const [values, setValues] = useState({ login: '', secret: '', rememberMe: false });
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({});
  const action = useAction(async () => {
    const next = await login(values);
    if (next === 'setup') go(withQuery('/auth/configurar-verificacao-em-duas-etapas', { redirectTo }));
    else if (next === 'code') go(withQuery('/auth/codigo', { redirectTo }));
    else await done(query.get('locationReload') === 'true');
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginForm.safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
      setLocalErrors(errors);
      return;
    }
    setLocalErrors({});
    void action.run();
  };
  const errorsFor = (field: string) => localErrors[field] ?? action.fieldErrors[field];

  return (
    <AuthCard title={t('auth.login.title')}>
      <p>{t('auth.login.intro')}</p>
      <form className={css.stack} onSubmit={submit} noValidate>
        <TextField
          label={t('auth.login.login')}
          name="login"
          type="email"
          autoComplete="username"
          value={values.login}
          errors={errorsFor('login')}
          onValue={(login) => setValues((v) => ({ ...v, login }))}
          autoFocus
        />
        <TextField
          label={t('auth.login.secret')}
          name="secret"
          type="password"
          autoComplete="current-password"
          value={values.secret}
          errors={errorsFor('secret')}
          onValue={(secret) => setValues((v) => ({ ...v, secret }))}
        />
        <Checkbox label={t('auth.login.rememberMe')} name="rememberMe" checked={values.rememberMe} onChecked={(rememberMe) => setValues((v) => ({ ...v, rememberMe }))} />
        <Button type="submit" busy={action.busy}>{t('auth.login.submit')}</Button>
      </form>
      <a
        href="/auth/recuperar-senha"
        onClick={(event) => {
          event.preventDefault();
          go(withQuery('/auth/recuperar-senha', { login: values.login || undefined }));
        }}
      >
        {t('auth.login.forgot')}
      </a>
    </AuthCard>
  );
}

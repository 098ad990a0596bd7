import { useState, type FormEvent } from 'react';
import { requestPasswordRecovery, resetPassword } from '../../core/account';
import { registerCatalogue, t } from '../../core/i18n';
import { account } from '../account/catalogue';
import { useNavigation, useQuery } from '../../core/navigation';
import { Alert } from '../../core/ui/Alert';
import { Button } from '../../core/ui/Button';
import { TextField } from '../../core/ui/TextField';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { AuthCard } from './AuthCard';

registerCatalogue(account);

/** /auth/recuperar-senha: ask for the e-mail link; with ?token= from that link, choose the new password. */
export default function RecoverPage() {
  const token = useQuery().get('token');
  return token ? <ResetForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const { go } = useNavigation();
  const [login, setLogin] = useState(useQuery().get('login') ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const action = useAction(async () => setMessage(await requestPasswordRecovery(login)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run();
  };
  return (
    <AuthCard title={t('auth.recover.title')}>
      <p>{t('auth.recover.intro')}</p>
      {message && <Alert tone="success">{message}</Alert>}
      <form className={css.stack} onSubmit={submit} noValidate>
        <TextField label={t('auth.login.login')} name="login" type="email" autoComplete="username" value={login} errors={action.fieldErrors.login} onValue={setLogin} autoFocus />
        <Button type="submit" busy={action.busy}>{t('auth.recover.submit')}</Button>
      </form>
      <Button variant="link" onClick={() => go('/login')}>{t('auth.backToLogin')}</Button>
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const { go } = useNavigation();
  const [secret, setSecret] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const action = useAction(async () => {
    await resetPassword(token, secret);
    setDone(true);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(secret !== confirmation);
    if (secret === confirmation) void action.run();
  };
  if (done) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <Button onClick={() => go('/login')}>{t('auth.backToLogin')}</Button>
      </AuthCard>
    );
  }
  const tokenErrors = action.fieldErrors.token;
  return (
    <AuthCard title={t('auth.reset.title')}>
      {tokenErrors && <Alert>{tokenErrors[0]}</Alert>}
      <form className={css.stack} onSubmit={submit} noValidate>
        <TextField label={t('account.password.new')} hint={t('account.password.rules')} name="newSecret" type="password" autoComplete="new-password" value={secret} errors={action.fieldErrors.newSecret} onValue={setSecret} autoFocus />
        <TextField
          label={t('account.password.confirm')}
          name="confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          errors={mismatch ? [t('account.password.mismatch')] : undefined}
          onValue={setConfirmation}
        />
        <Button type="submit" busy={action.busy}>{t('auth.reset.submit')}</Button>
      </form>
    </AuthCard>
  );
}

import { useState, type FormEvent } from 'react';
import { changePassword } from '../../core/account';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { Button } from '../../core/ui/Button';
import { TextField } from '../../core/ui/TextField';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { AccountLayout } from './AccountLayout';

const empty = { currentSecret: '', newSecret: '', confirmation: '' };

export default function ChangePasswordPage() {
  const [values, setValues] = useState(empty);
  const [mismatch, setMismatch] = useState(false);
  const action = useAction(async () => {
    await changePassword({ currentSecret: values.currentSecret, newSecret: values.newSecret });
    setValues(empty);
    notify({ type: 'success', message: t('account.password.changed') });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differs = values.newSecret !== values.confirmation;
    setMismatch(differs);
    if (!differs) void action.run();
  };
  const set = (field: keyof typeof empty) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    action.clearField(field);
    if (field === 'confirmation' || field === 'newSecret') setMismatch(false);
  };
  return (
    <AccountLayout title={t('account.password.title')}>
      <form className={css.stack} onSubmit={submit} noValidate>
        <TextField label={t('account.password.current')} name="currentSecret" type="password" autoComplete="current-password" value={values.currentSecret} errors={action.fieldErrors.currentSecret} onValue={set('currentSecret')} />
        <TextField label={t('account.password.new')} hint={t('account.password.rules')} name="newSecret" type="password" autoComplete="new-password" value={values.newSecret} errors={action.fieldErrors.newSecret} onValue={set('newSecret')} />
        <TextField label={t('account.password.confirm')} name="confirmation" type="password" autoComplete="new-password" value={values.confirmation} errors={mismatch ? [t('account.password.mismatch')] : undefined} onValue={set('confirmation')} />
        <Button type="submit" busy={action.busy}>{t('account.password.submit')}</Button>
      </form>
    </AccountLayout>
  );
}

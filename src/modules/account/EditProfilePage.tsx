import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { updateMe } from '../../core/account';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { sessionAtom } from '../../core/session';
import { Button } from '../../core/ui/Button';
import { TextField } from '../../core/ui/TextField';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { AccountLayout } from './AccountLayout';

export default function EditProfilePage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const [name, setName] = useState(loggedUser?.name ?? '');
  const action = useAction(async () => {
    await updateMe({ name });
    notify({ type: 'success', message: t('account.edit.saved') });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run();
  };
  return (
    <AccountLayout title={t('account.edit.title')}>
      <form className={css.stack} onSubmit={submit} noValidate>
        <TextField label={t('account.fields.name')} name="name" autoComplete="name" value={name} errors={action.fieldErrors.name} onValue={setName} required />
        <TextField label={t('account.fields.email')} name="email" value={loggedUser?.email ?? ''} readOnly hint={t('account.edit.emailHint')} />
        <Button type="submit" busy={action.busy}>{t('ui.save')}</Button>
      </form>
    </AccountLayout>
  );
}

import { useState, type FormEvent } from 'react';
import type { SecondStepMethod, TwoFactorMethod } from '../../contracts/identity';
import { sendEmailCode } from '../../core/account';
import { t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import { Button } from '../../core/ui/Button';
import { TextField } from '../../core/ui/TextField';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';

interface Props {
  methods: TwoFactorMethod[];
  scope: 'auth' | 'usersMe';
  onSubmit: (method: SecondStepMethod, code: string) => Promise<unknown>;
  submitLabel?: string;
  /** Offer "use a recovery code" (the login's second step and the account verification). */
  allowRecovery?: boolean;
  /** Focus the code field when shown (off where a heading takes the focus first). */
  autoFocus?: boolean;
}

/** Method choice, "send the e-mail code", and the 6-digit code field, shared by every 2FA screen. */
export function CodeForm({ methods, scope, onSubmit, submitLabel = t('auth.code.submit'), allowRecovery = false, autoFocus = true }: Props) {
  const [chosen, setMethod] = useState<TwoFactorMethod>(methods[0] ?? 'TOTP');
  const [recovery, setRecovery] = useState(false);
  const method: SecondStepMethod = recovery ? 'RecoveryCode' : chosen;
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const send = useAction(async () => {
    await sendEmailCode(scope);
    setSent(true);
  });
  const verify = useAction(() => onSubmit(method, code));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify.run();
  };

  const switchRecovery = (on: boolean) => {
    setRecovery(on);
    setCode('');
  };

  if (recovery) {
    return (
      <div className={css.stack}>
        <p>{t('auth.recoveryCode.help')}</p>
        <form className={css.stack} onSubmit={submit} noValidate>
          <TextField
            label={t('auth.recoveryCode.label')}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            code
            value={code}
            errors={verify.fieldErrors.verificationCode}
            onValue={setCode}
            autoFocus
          />
          <Button type="submit" busy={verify.busy}>{submitLabel}</Button>
        </form>
        <Button variant="link" onClick={() => switchRecovery(false)}>{t('auth.recoveryCode.back')}</Button>
      </div>
    );
  }

  return (
    <div className={css.stack}>
      {methods.length > 1 && (
        <fieldset className={css.row} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={css.label}>{t('auth.code.method')}</legend>
          {methods.map((option) => (
            <label key={option} className={css.checkbox}>
              <input type="radio" name="method" value={option} checked={chosen === option} onChange={() => setMethod(option)} />
              <span>{t(`auth.method.${option}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p>{method === 'TOTP' ? t('auth.code.totpHelp') : t('auth.code.emailHelp')}</p>
      {method === 'Email' && (
        <div className={css.stack}>
          <Button variant="secondary" busy={send.busy} onClick={() => void send.run()}>
            {sent ? t('auth.code.resend') : t('auth.code.send')}
          </Button>
          {sent && !send.error && <Alert tone="success">{t('auth.code.sent')}</Alert>}
        </div>
      )}
      <form className={css.stack} onSubmit={submit} noValidate>
        <TextField
          label={t('auth.code.label')}
          name="verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          code
          value={code}
          errors={verify.fieldErrors.verificationCode}
          onValue={setCode}
          autoFocus={autoFocus}
        />
        <Button type="submit" busy={verify.busy}>{submitLabel}</Button>
      </form>
      {allowRecovery && (
        <Button variant="link" onClick={() => switchRecovery(true)}>{t('auth.recoveryCode.use')}</Button>
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { getLoggedUser } from '../../core/session';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { Alert } from '../../core/ui/Alert';
import { Button } from '../../core/ui/Button';
import * as css from '../../core/ui/ui.css';
import * as styles from './auth.css';
import { saveFile } from '../../core/saveFile';

/**
 * The recovery codes a two-factor setup at sign-in issued, shown once before going on (the code
 * screen's "Usar um código de recuperação" needs them). Minha conta shows its own sets.
 */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the form the user just sent: say so to a screen reader and keyboard.
  useEffect(() => heading.current?.focus(), []);
  const text = [t('auth.setup.codes.fileHeader', { email: getLoggedUser()?.email ?? '' }), '', ...codes].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ type: 'success', message: t('auth.setup.codes.copied') });
    } catch {
      notify({ type: 'error', message: t('auth.setup.codes.copyFailed') });
    }
  };
  const download = () => {
    saveFile(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }), t('auth.setup.codes.fileName'));
  };
  return (
    <div className={css.stack}>
      <h2 tabIndex={-1} ref={heading} className={styles.codesTitle}>{t('auth.setup.codes.title')}</h2>
      <Alert tone="info">{t('auth.setup.codes.warning')}</Alert>
      <ol className={styles.codes} aria-label={t('auth.setup.codes.list')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className={styles.code}>{code}</li>
        ))}
      </ol>
      <div className={css.row}>
        <Button variant="secondary" onClick={() => void copy()}>{t('auth.setup.codes.copy')}</Button>
        <Button variant="secondary" onClick={download}>{t('auth.setup.codes.download')}</Button>
        <Button onClick={onDone}>{t('auth.setup.codes.done')}</Button>
      </div>
    </div>
  );
}

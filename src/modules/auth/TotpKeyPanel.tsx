import type { TotpSetupInfo } from '../../contracts/identity';
import { t } from '../../core/i18n';
import * as css from '../../core/ui/ui.css';
import * as styles from './auth.css';

/** "ABCD EFGH …": the key as people read and type it (spaces are ignored when it is typed back). */
export const groupKey = (key: string): string => key.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** Steps, QR code and the key in groups of four: the part of a TOTP setup that shows the key. */
export function TotpKeyPanel({ info }: { info: TotpSetupInfo }) {
  return (
    <div className={css.stack}>
      <ol className={styles.steps}>
        <li>{t('auth.setup.step1')}</li>
        <li>{t('auth.setup.step2')}</li>
        <li>{t('auth.setup.step3')}</li>
      </ol>
      <img className={styles.qr} src={info.qrCode} alt={t('auth.setup.qrAlt')} width={200} height={200} />
      <div className={css.field}>
        <span className={css.label} id="totp-key-label">{t('auth.setup.key')}</span>
        <code className={styles.key} aria-labelledby="totp-key-label" data-testid="totp-key">{groupKey(info.totpKey)}</code>
      </div>
    </div>
  );
}

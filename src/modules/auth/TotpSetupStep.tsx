/**
 * A TOTP setup: loads a new key, shows it (TotpKeyPanel) and confirms a code of it. The login's
 * setup page and Minha conta differ only in which calls they make and what follows.
 */
import { useEffect, useState } from 'react';
import type { TotpSetupInfo } from '../../contracts/identity';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import { useAction } from '../../core/ui/useAction';
import * as css from '../../core/ui/ui.css';
import { CodeForm } from './CodeForm';
import { TotpKeyPanel } from './TotpKeyPanel';

export interface TotpSetupStepProps {
  /** Asks the server for a new pending key. */
  start: () => Promise<TotpSetupInfo>;
  /** Confirms a code of that key. */
  confirm: (totpKey: string, code: string) => Promise<unknown>;
  scope: 'auth' | 'usersMe';
  submitLabel: string;
  autoFocus?: boolean;
}

export function TotpSetupStep({ start, confirm, scope, submitLabel, autoFocus }: TotpSetupStepProps) {
  const [info, setInfo] = useState<TotpSetupInfo | null>(null);
  const load = useAction(async () => setInfo(await start()));
  useEffect(() => {
    void load.run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (load.error) return <Alert>{load.error.message}</Alert>;
  if (!info) return <Spinner />;
  return (
    <div className={css.stack}>
      <TotpKeyPanel info={info} />
      <CodeForm methods={['TOTP']} scope={scope} autoFocus={autoFocus} submitLabel={submitLabel} onSubmit={(_method, code) => confirm(info.totpKey, code)} />
    </div>
  );
}

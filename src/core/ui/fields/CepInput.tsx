import { useRef, useState } from 'react';
import { addressPatch } from '../../postal/patch';
import type { PostalLookup } from '../../postal/types';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import { MaskedInput } from './MaskedInput';
import type { InputProps } from './types';

function patchOf(result: PostalLookup, targets: NonNullable<Extract<InputProps['def'], { type: 'cep' }>['lookup']>): Record<string, unknown> {
  return result.status === 'found' || result.status === 'offline' ? addressPatch(result.address, targets) : {};
}

const MESSAGES: Record<PostalLookup['status'], (result: PostalLookup) => string> = {
  found: () => t('brazil.cep.found'),
  notFound: () => t('brazil.cep.notFound'),
  offline: (result) => t(result.status === 'offline' && result.address.cityCode ? 'brazil.cep.offlineCity' : 'brazil.cep.offlineUf'),
  invalid: () => t('brazil.cep.invalid'),
};

/**
 * cep: the masked input and, when the declaration asks for it, the address filled as the 8th digit
 * is typed, with a button to look it up again (retries).
 */
export function CepInput(props: InputProps) {
  const { id, def, value, onSiblings } = props;
  const targets = def.type === 'cep' ? def.lookup : undefined;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The 8 digits last looked up by typing (the button looks up again on demand). */
  const looked = useRef<string | null>(null);
  // The lookup ends after the typed digit re-rendered the form: patch through the latest siblings.
  const siblings = useRef(onSiblings);
  siblings.current = onSiblings;
  if (!targets || !onSiblings) return <MaskedInput {...props} />;

  const lookup = async (cep: string) => {
    setBusy(true);
    setMessage(t('brazil.cep.searching'));
    try {
      const { lookupPostalCode } = await import('../../postal/lookup');
      const result = await lookupPostalCode(cep);
      const patch = patchOf(result, targets);
      if (Object.keys(patch).length) siblings.current?.(patch);
      setMessage(MESSAGES[result.status](result));
    } catch {
      setMessage(t('brazil.cep.notFound'));
    } finally {
      setBusy(false);
    }
  };

  // The 8th digit typed fills the address by itself (once per CEP typed).
  const onChange = (next: unknown) => {
    props.onChange(next);
    const digits = typeof next === 'string' ? next.replace(/\D/g, '') : '';
    if (digits.length !== 8) {
      looked.current = null;
      return;
    }
    if (looked.current === digits) return;
    looked.current = digits;
    void lookup(digits);
  };

  return (
    <>
      <div className={ui.row}>
        <MaskedInput {...props} onChange={onChange} />
        <button type="button" className={ui.button.secondary} onClick={() => void lookup(typeof value === 'string' ? value : '')} disabled={busy} aria-busy={busy || undefined} aria-controls={id}>
          {t('brazil.cep.lookup')}
        </button>
      </div>
      {message && <span className={ui.hint} role="status">{message}</span>}
    </>
  );
}

import '../../i18n/recordPageTexts';
import { useRef } from 'react';
import { addressPatch } from '../../postal/patch';
import type { PostalLookup } from '../../postal/types';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import { MaskedInput } from './MaskedInput';
import type { InputProps } from './types';
import { useLookupField } from './useLookupField';

function patchOf(result: PostalLookup, targets: NonNullable<Extract<InputProps['def'], { type: 'cep' }>['lookup']>): Record<string, unknown> {
  return result.status === 'found' || result.status === 'offline' ? addressPatch(result.address, targets) : {};
}

const MESSAGES: Record<PostalLookup['status'], (result: PostalLookup) => string> = {
  found: () => t('brazil.cep.found'),
  notFound: () => t('brazil.cep.notFound'),
  offline: (result) => t(result.status === 'offline' && result.address.cityCode ? 'brazil.cep.offlineCity' : 'brazil.cep.offlineUf'),
  invalid: () => t('brazil.cep.invalid'),
};

const eightDigits = (value: unknown): string | null => {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  return digits.length === 8 ? digits : null;
};

/**
 * cep: the masked input and, when the declaration asks for it, the address filled as the 8th digit
 * is typed, with a button to look it up again (retries).
 */
export function CepInput(props: InputProps) {
  const { id, def, value, onSiblings } = props;
  const targets = def.type === 'cep' ? def.lookup : undefined;
  // The lookup ends after the typed digit re-rendered the form: patch through the latest siblings.
  const siblings = useRef(onSiblings);
  siblings.current = onSiblings;
  // The 8th digit typed fills the address by itself (once per CEP typed).
  const { busy, message, lookup, typed } = useLookupField(
    eightDigits,
    async (cep) => {
      const { lookupPostalCode } = await import('../../postal/lookup');
      const result = await lookupPostalCode(cep);
      const patch = patchOf(result, targets!);
      if (Object.keys(patch).length) siblings.current?.(patch);
      return MESSAGES[result.status](result);
    },
    { searching: t('brazil.cep.searching'), failed: t('brazil.cep.notFound') },
  );
  if (!targets || !onSiblings) return <MaskedInput {...props} />;

  const onChange = (next: unknown) => {
    props.onChange(next);
    typed(next);
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

import { useState } from 'react';
import type { PostalLookup } from '../../postal/types';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import { MaskedInput } from './MaskedInput';
import type { InputProps } from './types';

function patchOf(result: PostalLookup, targets: NonNullable<Extract<InputProps['def'], { type: 'cep' }>['lookup']>): Record<string, unknown> {
  if (result.status !== 'found' && result.status !== 'offline') return {};
  const { address } = result;
  const patch: Record<string, unknown> = {};
  // Only what the service knows: a whole-city CEP leaves the street the user typed.
  if (targets.street && address.street) patch[targets.street] = address.street;
  if (targets.district && address.district) patch[targets.district] = address.district;
  if (targets.state && address.state) patch[targets.state] = address.state;
  if (targets.city && (address.cityCode || address.state)) patch[targets.city] = address.cityCode;
  return patch;
}

const MESSAGES: Record<PostalLookup['status'], (result: PostalLookup) => string> = {
  found: () => t('brazil.cep.found'),
  notFound: () => t('brazil.cep.notFound'),
  offline: (result) => t(result.status === 'offline' && result.address.cityCode ? 'brazil.cep.offlineCity' : 'brazil.cep.offlineUf'),
  invalid: () => t('brazil.cep.invalid'),
};

/** cep: the masked input and, when the declaration asks for it, a button that fills the address. */
export function CepInput(props: InputProps) {
  const { id, def, value, onSiblings } = props;
  const targets = def.type === 'cep' ? def.lookup : undefined;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!targets || !onSiblings) return <MaskedInput {...props} />;

  const lookup = async () => {
    setBusy(true);
    setMessage(t('brazil.cep.searching'));
    try {
      const { lookupPostalCode } = await import('../../postal/lookup');
      const result = await lookupPostalCode(typeof value === 'string' ? value : '');
      const patch = patchOf(result, targets);
      if (Object.keys(patch).length) onSiblings(patch);
      setMessage(MESSAGES[result.status](result));
    } catch {
      setMessage(t('brazil.cep.notFound'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className={ui.row}>
        <MaskedInput {...props} />
        <button type="button" className={ui.button.secondary} onClick={() => void lookup()} disabled={busy} aria-busy={busy || undefined} aria-controls={id}>
          {t('brazil.cep.lookup')}
        </button>
      </div>
      {message && <span className={ui.hint} role="status">{message}</span>}
    </>
  );
}

import { useRef } from 'react';
import { validCnpj } from '../../../contracts/brazil/documents';
import { companyLookupBaseUrl } from '../../companyLookup/config';
import type { CompanyLookup } from '../../companyLookup/types';
import { registerCatalogue, t } from '../../i18n';
import { companyLookup } from '../../i18n/catalogue/companyLookup';
import * as ui from '../ui.css';
import { MaskedInput } from './MaskedInput';
import type { InputProps } from './types';
import { useLookupField } from './useLookupField';

registerCatalogue(companyLookup);

/** The 14 digits of a complete, valid numeric CNPJ (what the public services know), else null. */
const lookable = (value: unknown): string | null => {
  const chars = typeof value === 'string' ? value.replace(/[.\-/\s]/g, '').toUpperCase() : '';
  return /^\d{14}$/.test(chars) && validCnpj(chars) ? chars : null;
};

const MESSAGES: Record<CompanyLookup['status'], string> = {
  found: 'brazil.cnpj.found',
  notFound: 'brazil.cnpj.notFound',
  offline: 'brazil.cnpj.offline',
  invalid: 'brazil.cnpj.invalid',
};

/**
 * cnpj / cpfCnpj with `companyLookup` (and app.config.json `apis.companyLookup` set): the masked
 * input, and as the last digit of a valid CNPJ is typed the company is looked up (lazy chunk) and
 * fills the empty siblings; a button looks it up again. Unreachable service → a message, the form
 * stays as typed. Without the declaration or the configuration: the masked input alone.
 */
export function CnpjInput(props: InputProps) {
  const { id, resource, def, value, siblings, onSiblings } = props;
  const targets = (def.type === 'cnpj' || def.type === 'cpfCnpj') && 'companyLookup' in def ? def.companyLookup : undefined;
  // The lookup ends after the typed digit re-rendered the form: read and patch the latest values.
  const latest = useRef({ siblings, onSiblings });
  latest.current = { siblings, onSiblings };
  // The last character of a valid CNPJ typed looks the company up by itself (once per CNPJ).
  const { busy, message, lookup, typed } = useLookupField(
    lookable,
    async (cnpj) => {
      const [{ lookupCompany }, { companyPatch }] = await Promise.all([import('../../companyLookup/lookup'), import('../../companyLookup/fill')]);
      const result = await lookupCompany(cnpj);
      if (result.status !== 'found') return t(MESSAGES[result.status]);
      const patch = companyPatch(resource, result.company, targets!, latest.current.siblings ?? {});
      if (Object.keys(patch).length) latest.current.onSiblings?.(patch);
      return t(Object.keys(patch).length ? 'brazil.cnpj.found' : 'brazil.cnpj.foundKept');
    },
    { searching: t('brazil.cnpj.searching'), failed: t('brazil.cnpj.offline') },
  );
  if (!targets || !onSiblings || !companyLookupBaseUrl()) return <MaskedInput {...props} />;

  const onChange = (next: unknown) => {
    props.onChange(next);
    typed(next);
  };
  const current = lookable(value);

  return (
    <>
      <div className={ui.row}>
        <MaskedInput {...props} onChange={onChange} />
        {current && (
          <button type="button" className={ui.button.secondary} onClick={() => void lookup(current)} disabled={busy} aria-busy={busy || undefined} aria-controls={id}>
            {t('brazil.cnpj.lookup')}
          </button>
        )}
      </div>
      {message && <span className={ui.hint} role="status">{message}</span>}
    </>
  );
}

import '../../i18n/recordPageTexts';
import { UF_CODES, UF_NAMES } from '../../../contracts/brazil/ufs';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import type { InputProps } from './types';

/** uf: the 27 UFs ("SP — São Paulo"); empty until chosen. */
export function UfInput({ id, value, onChange, invalid, describedBy }: InputProps) {
  return (
    <select
      id={id}
      className={ui.input}
      value={typeof value === 'string' ? value : ''}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{t('brazil.uf.choose')}</option>
      {UF_CODES.map((code) => <option key={code} value={code}>{`${code} — ${UF_NAMES[code]}`}</option>)}
    </select>
  );
}

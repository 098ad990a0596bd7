import '../../i18n/recordPageTexts';
import { useEffect, useState } from 'react';
import type { Municipality } from '../../../contracts/brazil/municipalities';
import { isUf, ufOfIbgeCode, type Uf } from '../../../contracts/brazil/ufs';
import { t } from '../../i18n';
import { loadMunicipalities } from '../../places/municipalities';
import * as ui from '../ui.css';
import type { InputProps } from './types';

/**
 * city: the IBGE municipalities of the UF chosen in the sibling `stateField`, loaded on first
 * use as their own chunk. Changing the UF to one the city is not in clears the city.
 */
export function CityInput({ id, def, value, onChange, siblings, invalid, describedBy }: InputProps) {
  const stateValue = def.type === 'city' ? siblings?.[def.stateField] : undefined;
  const uf: Uf | null = isUf(stateValue) ? stateValue : null;
  const [list, setList] = useState<Municipality[] | null>(null);
  const [failed, setFailed] = useState(false);
  const code = typeof value === 'string' ? value : '';

  useEffect(() => {
    setList(null);
    setFailed(false);
    if (!uf) return;
    let live = true;
    loadMunicipalities()
      .then((module) => live && setList(module.municipalitiesOf(uf)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uf]);

  useEffect(() => {
    if (code && uf && ufOfIbgeCode(code) !== uf) onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uf]);

  const placeholder = !uf ? t('brazil.city.chooseUf') : failed ? t('brazil.city.loadFailed') : list ? t('brazil.city.choose') : t('brazil.city.loading');
  return (
    <select
      id={id}
      className={ui.input}
      value={code}
      disabled={!uf || (!list && !code)}
      aria-busy={(uf && !list && !failed) || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{placeholder}</option>
      {list?.map((m) => <option key={m.code} value={m.code}>{m.name}</option>)}
      {code && !list?.some((m) => m.code === code) && <option value={code}>{code}</option>}
    </select>
  );
}

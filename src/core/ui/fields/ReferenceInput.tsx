import { lazy, Suspense } from 'react';
import { catalogueEntry } from '../../catalogue';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import type { InputProps } from './types';

const ReferenceSelect = lazy(() => import('../ReferenceSelect'));

/** reference, references, tree: the searchable select, loaded on first use. */
export function ReferenceInput({ id, resource, def, value, onChange, label, invalid, describedBy, params, refs }: InputProps) {
  const targetName = def.type === 'reference' || def.type === 'references' ? def.resource : resource.name;
  const target = catalogueEntry(targetName);
  if (!target) return null;
  const targetParams = def.type === 'reference' || def.type === 'references' ? { ...params, ...def.params } : params;
  const multiple = def.type === 'references';
  const ids = Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];
  return (
    <Suspense fallback={<input id={id} className={ui.input} disabled placeholder={t('registry.loading')} />}>
      <ReferenceSelect
        id={id}
        label={label}
        target={target}
        params={targetParams}
        multiple={multiple}
        value={ids}
        known={refs}
        invalid={invalid}
        describedBy={describedBy}
        activeOnly
        onChange={(next) => onChange(multiple ? next : (next[0] ?? null))}
      />
    </Suspense>
  );
}

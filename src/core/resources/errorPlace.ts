/** Where a server's field error is, in words: "Título", or a line's field — "Itens › Item 2 › Preço unitário estimado". */
import type { AnyResource } from '../../contracts/resource';
import { t } from '../i18n';
import { fieldLabel } from './labels';

export function errorPlace(resource: AnyResource, key: string): string {
  const [field, index, sub] = key.split('.');
  const def = resource.fields[field];
  const label = fieldLabel(resource, field);
  if (def?.type !== 'list' || !/^\d+$/.test(index ?? '')) return label;
  const item = t('registry.list.item', { n: Number(index) + 1 });
  return sub && def.of[sub] ? `${label} › ${item} › ${def.of[sub].label}` : `${label} › ${item}`;
}

/** The errors of the record's own fields (not of a dialog's inputs), one line each: "Categoria de despesa: Escolha…". */
export function recordErrorLines(resource: AnyResource, errors: Readonly<Record<string, readonly string[]>>, except: readonly string[] = []): string[] {
  return Object.entries(errors)
    .filter(([key]) => Object.hasOwn(resource.fields, key.split('.')[0]) && !except.includes(key.split('.')[0]))
    .flatMap(([key, messages]) => messages.map((message) => `${errorPlace(resource, key)}: ${message}`));
}

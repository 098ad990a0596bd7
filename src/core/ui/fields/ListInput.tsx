import type { ScalarFieldDef } from '../../../contracts/resource';
import { t } from '../../i18n';
import { emptyValue } from '../../resources/values';
import * as ui from '../ui.css';
import * as css from '../data.css';
import { Field } from './Field';
import type { InputProps } from './types';

type Item = Record<string, unknown>;

/** list: repeatable group of scalar fields (policy statements, ACL items). */
export function ListInput({ id, resource, field, def, value, onChange, params, errors, label, allRefs }: InputProps) {
  if (def.type !== 'list') return null;
  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  const of = Object.entries(def.of) as [string, ScalarFieldDef][];
  const blank = (): Item => Object.fromEntries(of.map(([name, sub]) => [name, emptyValue(sub)]));
  const patch = (index: number, change: Item) => onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <div id={id} role="group" aria-label={label} className={ui.stack}>
      {items.length === 0 && <p className={css.muted}>{t('registry.list.empty')}</p>}
      {items.map((item, index) => (
        <fieldset key={index} className={css.listItem}>
          <legend className={css.muted}>{t('registry.list.item', { n: index + 1 })}</legend>
          {of.map(([name, sub]) => (
            <Field
              key={name}
              resource={resource}
              field={`${field}.${index}.${name}`}
              label={sub.label}
              def={sub}
              value={item[name]}
              onChange={(next) => patch(index, { [name]: next })}
              params={params}
              errors={errors}
              refs={allRefs?.[`${field}.${index}.${name}`]}
              allRefs={allRefs}
              siblings={item}
              onSiblings={(change) => patch(index, change)}
            />
          ))}
          <button type="button" className={ui.button.secondary} onClick={() => onChange(items.filter((_, i) => i !== index))}>
            {t('registry.list.remove', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <div>
        <button type="button" className={ui.button.secondary} onClick={() => onChange([...items, blank()])}>{t('registry.list.add')}</button>
      </div>
    </div>
  );
}

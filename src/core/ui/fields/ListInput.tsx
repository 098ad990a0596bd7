import '../../i18n/recordPageTexts';
import { useRef } from 'react';
import { fieldShown, isOptionalItemField, typesSetByChoice, type ScalarFieldDef } from '../../../contracts/resource';
import { t } from '../../i18n';
import { fillPatch, referenceFill } from '../../resources/fills';
import { emptyValue } from '../../resources/values';
import * as ui from '../ui.css';
import * as css from '../data.css';
import { Field } from './Field';
import type { InputProps } from './types';

type Item = Record<string, unknown>;

/**
 * list: repeatable group of scalar fields (policy statements, ACL items, a pedido's lines).
 * Items of a `keyed` list keep their server `id` through every edit (the save updates by id; a
 * new item has none); the add button says the declaration's `addLabel`; each line's server
 * errors (`lines.2.quantity`) show under that line's input; a reference with a registered fill
 * (a product) fills the line's empty neighbours from the chosen record.
 */
export function ListInput({ id, resource, field, def, value, onChange, params, errors, label, allRefs, siblings }: InputProps) {
  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  // Latest items for the asynchronous fill (the user may keep typing meanwhile).
  const latest = useRef(items);
  latest.current = items;
  if (def.type !== 'list') return null;
  const of = Object.entries(def.of) as [string, ScalarFieldDef][];
  // The type of a chosen PIX key follows the choice (typesSetByChoice): no input of its own.
  const setByChoice = typesSetByChoice(def.of);
  // The list's own name in a nested path (`installments.0.allocations` → `allocations`) and which of its items' fields are required (marked as in the form).
  const listName = field.split('.').pop() ?? field;
  const required = (name: string, sub: ScalarFieldDef) => !['boolean', 'references', 'scopes'].includes(sub.type) && !sub.readOnly && !isOptionalItemField(resource, listName, name);
  const initial: Item = Object.fromEntries(of.map(([name, sub]) => [name, emptyValue(sub)]));
  const blank = (): Item => ({ ...initial });
  const patch = (index: number, change: Item) => onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const changeSub = (index: number, name: string, sub: ScalarFieldDef, next: unknown) => {
    const item = { ...items[index], [name]: next };
    patch(index, { [name]: next });
    const map = sub.type === 'reference' ? referenceFill(`${resource.name}.${field.split('.').pop()}.${name}`) : undefined;
    if (map && typeof next === 'string' && next && sub.type === 'reference') {
      fillPatch(sub.resource, next, map, item, initial)
        .then((filled) => {
          if (Object.keys(filled).length) onChange(latest.current.map((it, i) => (i === index ? { ...item, ...it, [name]: next, ...filled } : it)));
        })
        .catch(() => undefined);
    }
  };
  return (
    <div id={id} role="group" aria-label={label} className={ui.stack}>
      {items.length === 0 && <p className={css.muted}>{t('registry.list.empty')}</p>}
      {items.map((item, index) => (
        <fieldset key={typeof item.id === 'string' ? item.id : `new-${index}`} className={css.listItem} data-item-id={typeof item.id === 'string' ? item.id : undefined}>
          <legend className={css.muted}>{t('registry.list.item', { n: index + 1 })}</legend>
          {of.filter(([name, sub]) => fieldShown(sub, item, siblings) && !setByChoice.has(name)).map(([name, sub]) => (
            <Field
              key={name}
              resource={resource}
              field={`${field}.${index}.${name}`}
              label={sub.label}
              def={sub}
              required={required(name, sub)}
              value={item[name]}
              onChange={(next) => changeSub(index, name, sub, next)}
              params={params}
              errors={errors}
              refs={allRefs?.[`${field}.${index}.${name}`]}
              allRefs={allRefs}
              siblings={item}
              onSiblings={(change) => patch(index, change)}
              record={siblings}
            />
          ))}
          {(errors?.[`${field}.${index}`] ?? []).length > 0 && (
            <ul className={`${ui.fieldError} ${css.wide}`}>{errors![`${field}.${index}`].map((message, i) => <li key={i}>{message}</li>)}</ul>
          )}
          <button type="button" className={ui.button.secondary} onClick={() => onChange(items.filter((_, i) => i !== index))}>
            {t('registry.list.remove', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <div>
        <button type="button" className={ui.button.secondary} onClick={() => onChange([...items, blank()])}>{def.addLabel ?? t('registry.list.add')}</button>
      </div>
    </div>
  );
}

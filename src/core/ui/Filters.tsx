/**
 * The list's filters, from the declaration; every value lives in the URL (plain parameters, see
 * contracts/resource.ts): enum/boolean as selects, references as the searchable select, ranges
 * as from/to pairs, text as "contains".
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { filterKind, RANGE_FROM, RANGE_TO, type AnyResource, type FieldDef } from '../../contracts/resource';
import { catalogueEntry } from '../catalogue';
import { formatDate, maskDate, parseDate } from '../format/dates';
import { moneyInputText, parseMoney, parsePercent } from '../format/money';
import { t } from '../i18n';
import { fieldLabel, optionLabel } from '../resources/labels';
import type { PathParams } from '../resources/paths';
import { fieldDef, type ListState } from '../resources/query';
import * as ui from './ui.css';
import * as css from './data.css';

const ReferenceSelect = lazy(() => import('./ReferenceSelect'));

type Values = ListState['filters'];

interface Props {
  resource: AnyResource;
  params: PathParams;
  values: Values;
  onChange: (values: Values) => void;
  /** Filters a mount fixes (a queue's status): not offered. */
  hidden?: readonly string[];
}

function set(values: Values, name: string, next: string[]): Values {
  const copy = { ...values };
  const clean = next.filter((v) => v !== '');
  if (clean.length) copy[name] = clean;
  else delete copy[name];
  return copy;
}

/** Text that applies on blur or Enter (no request per keystroke). */
function LazyText({ id, label, value, onApply, inputMode, format, mask, placeholder }: { id: string; label: string; value: string; onApply: (v: string) => void; inputMode?: 'numeric' | 'decimal'; format?: (v: string) => string | null; mask?: (v: string) => string; placeholder?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    const formatted = format ? format(text) : text.trim();
    if (formatted !== null && formatted !== value) onApply(formatted);
  };
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>{label}</label>
      <input id={id} className={ui.input} inputMode={inputMode} placeholder={placeholder} value={text} onChange={(e) => setText(mask ? mask(e.target.value) : e.target.value)} onBlur={apply} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())} />
    </div>
  );
}

function FilterControl({ resource, params, field, def, values, onChange }: Props & { field: string; def: FieldDef }) {
  const id = useId();
  const label = fieldLabel(resource, field);
  const kind = filterKind(def.type);
  const current = values[field] ?? [];
  if (kind === 'boolean' || (kind === 'any' && def.type === 'enum')) {
    const options = def.type === 'enum' ? def.options.map((o) => [o, optionLabel(resource, field, o, def)]) : [['true', t('registry.yes')], ['false', t('registry.no')]];
    return (
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>{label}</label>
        <select id={id} className={ui.input} value={current[0] ?? ''} onChange={(e) => onChange(set(values, field, [e.target.value]))}>
          <option value="">{t('registry.all')}</option>
          {options.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
        </select>
      </div>
    );
  }
  if (kind === 'any') {
    const targetName = def.type === 'reference' || def.type === 'references' ? def.resource : resource.name;
    const target = catalogueEntry(targetName);
    if (!target) return null;
    const targetParams = def.type === 'reference' || def.type === 'references' ? { ...params, ...def.params } : params;
    return (
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>{label}</label>
        <Suspense fallback={<input id={id} className={ui.input} disabled />}>
          <ReferenceSelect id={id} label={label} target={target} params={targetParams} multiple value={current} onChange={(ids) => onChange(set(values, field, ids))} />
        </Suspense>
      </div>
    );
  }
  if (kind === 'range') {
    const from = field + RANGE_FROM;
    const to = field + RANGE_TO;
    // Typed and shown the Brazilian way (dd/mm/aaaa, 1.234,56 — a native date input would follow
    // the browser's language); the URL and the API get ISO dates and integers. A datetime bound
    // is a whole day.
    const dated = def.type === 'date' || def.type === 'datetime';
    const parse = def.type === 'money' ? parseMoney : def.type === 'percent' ? parsePercent : (v: string) => (/^-?\d+$/.test(v.trim()) ? Number(v) : null);
    const show = (v: string | undefined) => (dated ? formatDate(v) : v === undefined ? '' : def.type === 'integer' ? v : moneyInputText(Number(v)));
    const read = (text: string) => (text.trim() === '' ? '' : dated ? parseDate(text) : (parse(text)?.toString() ?? null));
    return (
      <>
        {[from, to].map((name, i) => (
          <LazyText
            key={name}
            id={`${id}-${i}`}
            label={t(i ? 'registry.filters.to' : 'registry.filters.from', { label })}
            value={show(values[name]?.[0])}
            inputMode={dated ? 'numeric' : 'decimal'}
            placeholder={dated ? t('registry.format.date') : undefined}
            mask={dated ? maskDate : undefined}
            format={read}
            onApply={(v) => onChange(set(values, name, [v]))}
          />
        ))}
      </>
    );
  }
  if (kind === 'contains') return <LazyText id={id} label={label} value={current[0] ?? ''} onApply={(v) => onChange(set(values, field, [v]))} />;
  return null;
}

export function Filters(props: Props) {
  const filters = (props.resource.list?.filters ?? []).filter(({ field }) => !props.hidden?.includes(field));
  if (!filters.length) return null;
  const count = Object.keys(props.values).length;
  // Controls (and the reference select's chunk) are only rendered once the panel is opened.
  const [open, setOpen] = useState(count > 0);
  return (
    <details className={css.filters} open={open || undefined} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={css.summary}>{count ? t('registry.filters.count', { count }) : t('registry.filters.title')}</summary>
      {open && <div className={css.filterGrid}>
        {filters.map(({ field }) => {
          const def = fieldDef(props.resource, field);
          return def ? <FilterControl key={field} {...props} field={field} def={def} /> : null;
        })}
      </div>}
      {count > 0 && (
        <button type="button" className={ui.button.link} onClick={() => props.onChange({})} style={{ marginTop: 12 }}>{t('registry.filters.clear')}</button>
      )}
    </details>
  );
}
